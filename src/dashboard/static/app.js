// ralph dashboard: the page's one script. It builds every element from text (textContent; it never
// parses markup: worker text — summaries, reports, file names, objectives — is data), and listens to
// the server's events (EventSource); it never polls.
"use strict"

const states = ["running", "complete", "blocked", "budget-limited", "failed", "cancelled", "interrupted", "damaged"]

/** An element with its class, attributes and children (strings become text nodes). */
const el = (tag, props, ...children) => {
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
const svg = (tag, attrs) => {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag)
  for (const [key, value] of Object.entries(attrs ?? {})) node.setAttribute(key, String(value))
  return node
}

const main = document.getElementById("main")
const live = document.getElementById("live")
const setLive = (text, on) => {
  live.textContent = text
  live.className = on ? "live on" : "live"
  live.dataset.state = on ? "live" : text
}
/** Replaces the page's content; a part left out (null) is nothing, not the text "null". */
const show = (...nodes) => main.replaceChildren(...nodes.flat().filter((node) => node !== null && node !== undefined))

const duration = (ms) => {
  if (ms === null || ms === undefined) return "—"
  const s = ms / 1000
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m${String(Math.round(s % 60)).padStart(2, "0")}s`
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`
}
const tokens = (usage) => {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)
}
const spend = (usage) => {
  if (!usage) return "unknown"
  const parts = []
  const t = tokens(usage)
  if (t !== undefined) parts.push(`${t.toLocaleString("en")} tok`)
  if (usage.costUsd !== undefined) parts.push(`$${usage.costUsd.toFixed(usage.costUsd < 1 ? 4 : 2)}`)
  return parts.length === 0 ? "unknown" : parts.join(" · ")
}
const badge = (state) => el("span", { class: `state state-${state}`, text: state })
const when = (iso) => iso ? iso.slice(0, 19).replace("T", " ") : "—"

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
const listen = oneStream()

// --- The list --------------------------------------------------------------------------------

const listParams = () => {
  const params = new URLSearchParams(location.search)
  const kept = new URLSearchParams()
  for (const key of ["status", "workspace", "page"]) if (params.get(key)) kept.set(key, params.get(key))
  return kept
}

const goList = (params) => {
  history.replaceState(null, "", params.toString() === "" ? "/" : `/?${params}`)
  openList()
}

const filters = (page) => {
  const params = listParams()
  const change = (key) => (event) => {
    const next = listParams()
    if (event.target.value === "") next.delete(key)
    else next.set(key, event.target.value)
    next.delete("page")
    goList(next)
  }
  const status = el(
    "select",
    { id: "status-filter", onchange: change("status") },
    el("option", { value: "", text: "every state" }),
    states.map((s) => el("option", { value: s, text: s }))
  )
  status.value = params.get("status") ?? ""
  const workspaces = [...page.workspaces]
  if (page.workspace !== null && !workspaces.includes(page.workspace)) workspaces.unshift(page.workspace)
  const workspace = el(
    "select",
    { id: "workspace-filter", onchange: change("workspace") },
    el("option", { value: "", text: "every workspace" }),
    workspaces.map((w) => el("option", { value: w, text: w }))
  )
  workspace.value = params.get("workspace") ?? ""
  return el("div", { class: "filters" }, el("label", {}, "State ", status), el("label", {}, "Workspace ", workspace))
}

const pager = (page) => {
  const to = (n) => () => {
    const next = listParams()
    next.set("page", String(n))
    goList(next)
  }
  return el(
    "div",
    { class: "pager" },
    el("button", { id: "prev", onclick: to(page.page - 1), ...(page.page <= 1 ? { disabled: "" } : {}) }, "← newer"),
    el("span", {
      id: "page-info",
      text: `page ${page.page} of ${page.pages} · ${page.matching} of ${page.total} runs`
    }),
    el(
      "button",
      { id: "next", onclick: to(page.page + 1), ...(page.page >= page.pages ? { disabled: "" } : {}) },
      "older →"
    )
  )
}

const runRow = (run) => {
  if (run.state === "damaged") {
    return el(
      "tr",
      { "data-run": run.runId },
      el("td", {}, run.runId),
      el("td", {}, badge("damaged")),
      el("td", { colspan: 6, text: run.problem })
    )
  }
  return el(
    "tr",
    { "data-run": run.runId },
    el("td", {}, el("a", { href: `/runs/${encodeURIComponent(run.runId)}`, text: run.runId })),
    el("td", {}, badge(run.state)),
    el("td", { class: "num", text: `${run.rounds}/${run.maxRounds}` }),
    el("td", { class: "num", text: spend(run.spend) }),
    el("td", { class: "num", text: duration(run.durationMs) }),
    el("td", { text: when(run.startedAt) }),
    el("td", { class: "workspace", text: run.workspace }),
    el("td", { class: "objective", title: run.objective, text: run.objective })
  )
}

const fleetSection = (workers) =>
  workers === null || workers === undefined ? null : el(
    "section",
    { id: "fleet" },
    el("h3", { class: "section", text: `Fleet: ${workers.length} workers` }),
    el(
      "table",
      {},
      el("tr", {}, ["worker", "host", "state", "run", "last seen"].map((h) => el("th", { text: h }))),
      workers.map((w) =>
        el(
          "tr",
          {},
          el("td", { text: w.id }),
          el("td", { text: w.host }),
          el("td", {}, badge(w.state)),
          el("td", {}, w.runId ? el("a", { href: `/runs/${encodeURIComponent(w.runId)}`, text: w.runId }) : "—"),
          el("td", { text: when(w.lastSeen) })
        )
      )
    )
  )

const renderList = (page) => {
  const head = el(
    "tr",
    {},
    ["run", "state", "rounds", "spend", "took", "started (UTC)", "workspace", "objective"].map((h, i) =>
      el("th", { class: i >= 2 && i <= 4 ? "num" : undefined, text: h })
    )
  )
  show(
    fleetSection(page.fleet),
    filters(page),
    page.runs.length === 0
      ? el("p", { id: "empty", class: "muted", text: "No runs match." })
      : el("table", { id: "runs" }, el("thead", {}, head), el("tbody", {}, page.runs.map(runRow))),
    pager(page)
  )
}

const openList = () => {
  document.title = "ralph dashboard"
  listen(`/api/events?${listParams()}`, {
    list: renderList,
    problem: (p) => show(el("p", { class: "problem", text: p.error.message }))
  })
}

// --- A run -----------------------------------------------------------------------------------

/** Bars for each round's value and a line for the running total, on one SVG. */
const chart = (id, title, values, format) => {
  const width = 480, height = 160, pad = 28
  const box = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title })
  const known = values.map((v) => v ?? 0)
  const total = known.reduce((sum, v) => sum + v, 0)
  const maxBar = Math.max(...known, 0) || 1
  const maxSum = total || 1
  const slot = (width - 2 * pad) / Math.max(values.length, 1)
  box.append(svg("line", { class: "axis", x1: pad, y1: height - pad, x2: width - pad, y2: height - pad }))
  let running = 0
  const points = []
  values.forEach((value, i) => {
    const v = value ?? 0
    const h = (v / maxBar) * (height - 2 * pad)
    const x = pad + i * slot
    const bar = svg("rect", { class: "bar", x: x + slot * 0.15, y: height - pad - h, width: slot * 0.7, height: h })
    const label = svg("title", {})
    label.textContent = `round ${i + 1}: ${value === undefined ? "unknown" : format(v)}`
    bar.append(label)
    box.append(bar)
    running += v
    points.push(`${x + slot / 2},${height - pad - (running / maxSum) * (height - 2 * pad)}`)
  })
  box.append(svg("polyline", { class: "cumulative", points: points.join(" ") }))
  const caption = svg("text", { x: pad, y: 12 })
  caption.textContent = `bars: per round (max ${format(Math.max(...known, 0))}) · line: cumulative (${format(total)})`
  box.append(caption)
  return el("div", { class: "chart", id }, el("h3", { text: title }), box)
}

const charts = (run) => {
  const rounds = run.usage.rounds
  const costKnown = rounds.some((r) => r.costUsd !== undefined)
  return el(
    "div",
    { class: "charts" },
    costKnown
      ? chart("spend-chart", "Spend per round (USD)", rounds.map((r) => r.costUsd), (v) => `$${v.toFixed(4)}`)
      : chart("spend-chart", "Spend per round (tokens)", rounds.map(tokens), (v) => `${Math.round(v)} tok`),
    chart("duration-chart", "Duration per round", rounds.map((r) => r.durationMs), duration)
  )
}

const claimLines = (claim) => {
  if (!claim) return []
  if (!claim.check) return [el("div", { class: "claim", text: `claim check: ${claim.status}` })]
  const v = claim.check.verification
  const lines = [el("div", { class: "claim" }, "claim ", badge(claim.status))]
  if (claim.check.protectedChanged.length > 0) {
    lines.push(el("div", { text: `protected files changed: ${claim.check.protectedChanged.join(", ")}` }))
  }
  if (v) {
    lines.push(
      el("div", {
        class: "verification",
        text: `verify: ${v.command.join(" ")} · ${v.timedOut ? "timed out" : `exit ${v.exitCode ?? "by signal"}`} · ${
          duration(v.durationMs)
        }`
      })
    )
    if (v.outputTail) lines.push(el("pre", { class: "verify-output", text: v.outputTail }))
  }
  return lines
}

/** A review's verdict, when the record has one (a model's opinion, not a check). */
const reviewLines = (review) =>
  review ?
    [
      el("div", { class: "review" }, "review (a model's opinion): ", badge(review.verdict ?? review.status ?? "?")),
      ...(review.findings ?? []).map((f) =>
        el("div", { class: "finding", text: `· ${typeof f === "string" ? f : JSON.stringify(f)}` })
      )
    ] :
    []

const roundItem = (run) => (round) => {
  const files = run.changedFiles[String(round.round)]
  return el(
    "li",
    { class: `status-${round.status}`, "data-round": round.round, "data-attempt": round.attempt },
    el(
      "div",
      { class: "round-head" },
      el("span", { class: "n", text: `round ${round.round}${round.attempt > 1 ? ` (attempt ${round.attempt})` : ""}` }),
      badge(round.report?.status ?? round.status),
      el("span", {
        class: "muted",
        text: round.status === "running" ? "running…" : `${duration(round.durationMs)} · ${spend(round.usage)}`
      }),
      round.workspaceChanged === false ? el("span", { class: "muted", text: "changed nothing" }) : null
    ),
    round.report ? el("div", { class: "summary", text: round.report.summary }) : null,
    round.failure ? el("div", { class: "problem", text: `${round.failure.reason}: ${round.failure.detail}` }) : null,
    round.problem ? el("div", { class: "problem", text: round.problem }) : null,
    round.report?.blocker ? el("div", { text: `blocker: ${round.report.blocker}` }) : null,
    files && files.length > 0 ? el("pre", { class: "files", text: files.join("\n") }) : null,
    round.protectedChanged?.length > 0
      ? el("div", { class: "problem", text: `protected files changed: ${round.protectedChanged.join(", ")}` })
      : null,
    claimLines(round.claim),
    reviewLines(round.review)
  )
}

/** What ralph checked of the end: a worker's word is a claim unless the verify command confirmed it. */
const checkedBy = (result) => {
  const v = result.verification
  if (result.status === "complete" && v && v.exitCode === 0) {
    return `The worker reported completion; ${v.command.join(" ")} confirmed it (exit 0).`
  }
  if (result.status === "complete") return "The worker reported completion; ralph checked nothing (no verify command)."
  if (result.status === "blocked") return "The worker reported a blocker."
  return `The run stopped at a budget: ${result.limit ?? "rounds"}.`
}

const outcome = (run) => {
  if (run.result) {
    return el(
      "section",
      { id: "outcome" },
      el("h3", { class: "section" }, "Result: ", badge(run.result.result.status)),
      el("div", { id: "checked", text: checkedBy(run.result.result) }),
      reviewLines(run.result.result.review),
      el("div", { class: "muted", text: "The final report, as the worker wrote it:" }),
      el("pre", { id: "final-report", text: JSON.stringify(run.result.result.report, null, 2) })
    )
  }
  if (run.error) {
    return el(
      "section",
      { id: "outcome" },
      el("h3", { class: "section" }, "Ended with an error: ", badge(run.error._tag)),
      el("pre", { id: "final-error", text: run.error.message })
    )
  }
  return null
}

const renderRun = (run) => {
  document.title = `${run.runId} · ralph`
  show(
    el("h2", { id: "run-title", text: run.runId }),
    el(
      "dl",
      { class: "facts" },
      el("dt", { text: "state" }),
      el("dd", { id: "run-state" }, badge(run.state)),
      el("dt", { text: "objective" }),
      el("dd", { id: "objective", class: "summary", text: run.objective }),
      el("dt", { text: "workspace" }),
      el("dd", { text: run.workspace }),
      el("dt", { text: "agent" }),
      el("dd", { text: run.agent }),
      el("dt", { text: "rounds" }),
      el("dd", {
        id: "run-rounds",
        text: `${
          run.rounds.filter((r) => r.status === "finished").length
        } finished of at most ${run.maxRounds} (${run.agentsStarted} agents started)`
      }),
      el("dt", { text: "spend" }),
      el("dd", { id: "run-spend", text: `${spend(run.usage)} · ${duration(run.usage.durationMs)} in rounds` }),
      el("dt", { text: "started" }),
      el("dd", { text: `${when(run.startedAt)} UTC` })
    ),
    charts(run),
    el("h3", {
      class: "section",
      text: `Rounds${run.roundsOmitted > 0 ? ` (the newest; ${run.roundsOmitted} earlier not shown)` : ""}`
    }),
    el("ol", { class: "timeline", id: "timeline" }, run.rounds.map(roundItem(run))),
    outcome(run)
  )
}

const openRun = (runId) => {
  const source = listen(`/api/runs/${encodeURIComponent(runId)}/events`, {
    run: renderRun,
    end: (end) => {
      source.close()
      setLive(`ended: ${end.state}`, false)
    },
    problem: (p) => show(el("p", { class: "problem", text: p.error.message }))
  })
  // A run the store does not hold is answered 404 before any stream: say so.
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED || main.querySelector("#run-title")) return
    fetch(`/api/runs/${encodeURIComponent(runId)}`).then((r) => r.json()).then((body) => {
      if (body.error) show(el("p", { class: "problem", id: "not-found", text: body.error.message }))
    }, () => {})
  })
}

const route = () => {
  const match = /^\/runs\/([^/]+)$/.exec(location.pathname)
  if (match) openRun(decodeURIComponent(match[1]))
  else openList()
}
route()
