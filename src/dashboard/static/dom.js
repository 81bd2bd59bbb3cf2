// ralph dashboard: what the page's views share — elements built from text (textContent; nothing
// parses markup: worker text — summaries, reports, file names, objectives — is data), the formats,
// and the one EventSource the page holds (it listens to the server's events; it never polls).

/** An element with its class, attributes and children (strings become text nodes). */
export const el = (tag, props, ...children) => {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null) continue
    if (key === "class") node.className = value
    else if (key === "text") node.textContent = value
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value)
    else node.setAttribute(key, String(value))
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue
    node.append(typeof child === "string" ? document.createTextNode(child) : child)
  }
  return node
}
export const svg = (tag, attrs) => {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag)
  for (const [key, value] of Object.entries(attrs ?? {})) node.setAttribute(key, String(value))
  return node
}

export const main = document.getElementById("main")
const live = document.getElementById("live")
export const setLive = (text, on) => {
  live.textContent = text
  live.className = on ? "live on" : "live"
  live.dataset.state = on ? "live" : text
}
/** Replaces the page's content; a part left out (null) is nothing, not the text "null". */
export const show = (...nodes) =>
  main.replaceChildren(...nodes.flat().filter((node) => node !== null && node !== undefined))

export const duration = (ms) => {
  if (ms === null || ms === undefined) return "—"
  const s = ms / 1000
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m${String(Math.round(s % 60)).padStart(2, "0")}s`
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`
}
export const tokens = (usage) => {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)
}
export const spend = (usage) => {
  if (!usage) return "unknown"
  const parts = []
  const t = tokens(usage)
  if (t !== undefined) parts.push(`${t.toLocaleString("en")} tok`)
  if (usage.costUsd !== undefined) parts.push(`$${usage.costUsd.toFixed(usage.costUsd < 1 ? 4 : 2)}`)
  return parts.length === 0 ? "unknown" : parts.join(" · ")
}
export const badge = (state) => el("span", { class: `state state-${state}`, text: state })
export const when = (iso) => iso ? iso.slice(0, 19).replace("T", " ") : "—"

/** One EventSource at a time: a new view closes the last one's (the only one the page holds). */
const oneStream = () => {
  let current
  return (url, handlers) => {
    current?.close()
    const source = new EventSource(url)
    current = source
    for (const [event, handle] of Object.entries(handlers)) {
      source.addEventListener(event, (message) => handle(JSON.parse(message.data)))
    }
    source.addEventListener("open", () => setLive("live", true))
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) setLive("disconnected", false)
      else setLive("reconnecting…", false)
    })
    return source
  }
}
export const listen = oneStream()
