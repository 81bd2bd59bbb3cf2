// ralph dashboard: the list of runs, and the fleet's workers and queued runs when there is a fleet.
// Every element is built from text (dom.js); the list's stream sends the page (`list`) and the
// fleet (`fleet`, null without one) each when it changes.
import { badge, duration, el, listen, main, show, spend, when } from "./dom.js"

const states = ["running", "complete", "blocked", "budget-limited", "failed", "cancelled", "interrupted", "damaged"]

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
  // A filter's select: `every` for none, then the choices; the address's value chosen.
  const select = (key, every, choices) => {
    const node = el(
      "select",
      { id: `${key}-filter`, onchange: change(key) },
      el("option", { value: "", text: every }),
      choices.map((c) => el("option", { value: c, text: c }))
    )
    node.value = params.get(key) ?? ""
    return node
  }
  const workspaces = [...page.workspaces]
  if (page.workspace !== null && !workspaces.includes(page.workspace)) workspaces.unshift(page.workspace)
  const status = select("status", "every state", states)
  const workspace = select("workspace", "every workspace", workspaces)
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

const runLink = (runId) => el("a", { href: `/runs/${encodeURIComponent(runId)}`, text: runId })

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
    el("td", {}, runLink(run.runId)),
    el("td", {}, badge(run.state)),
    el("td", { class: "num", text: `${run.rounds}/${run.maxRounds}` }),
    el("td", { class: "num", text: spend(run.spend) }),
    el("td", { class: "num", text: duration(run.durationMs) }),
    el("td", { text: when(run.startedAt) }),
    el("td", { class: "workspace", text: run.workspace }),
    el("td", { class: "objective", title: run.objective, text: run.objective })
  )
}

const plural = (n, one) => `${n} ${one}${n === 1 ? "" : "s"}`

const workersTable = (workers) =>
  workers.length === 0
    ? el("p", { id: "no-workers", class: "muted", text: "No live workers (ralph worker joins the fleet)." })
    : el(
      "table",
      { id: "workers" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ["worker", "host", "pid", "at once", "runs it drives"].map((h, i) =>
            el("th", { class: i === 2 || i === 3 ? "num" : undefined, text: h })
          )
        )
      ),
      el(
        "tbody",
        {},
        workers.map((w) =>
          el(
            "tr",
            { "data-worker": w.address },
            el("td", { class: "address", text: w.address }),
            el("td", { class: "host", text: w.host }),
            el("td", { class: "pid num", text: String(w.pid) }),
            el("td", { class: "num", text: String(w.concurrency) }),
            el(
              "td",
              { class: "runs" },
              w.runs.length === 0 ? "—" : w.runs.flatMap((runId, i) => [i > 0 ? ", " : null, runLink(runId)])
            )
          )
        )
      )
    )

/** The runs submitted to the fleet that no worker has started (no record yet: no page of their own). */
const queuedTable = (fleet) =>
  fleet.queuedTotal === 0 ? null : [
    el("h3", { class: "section", text: `Queued in the fleet: ${plural(fleet.queuedTotal, "run")} not started` }),
    el(
      "table",
      { id: "queued" },
      el(
        "thead",
        {},
        el("tr", {}, ["run", "state", "not before (UTC)", "objective"].map((h) => el("th", { text: h })))
      ),
      el(
        "tbody",
        {},
        fleet.queued.map((q) =>
          el(
            "tr",
            { "data-run": q.runId },
            el("td", { text: q.runId }),
            el("td", {}, badge(q.state)),
            el("td", { text: q.notBefore === null ? "—" : when(q.notBefore) }),
            el("td", { class: "objective", title: q.objective, text: q.objective })
          )
        )
      )
    ),
    fleet.queuedTotal > fleet.queued.length
      ? el("p", { class: "muted", text: `… and ${fleet.queuedTotal - fleet.queued.length} more` })
      : null
  ]

const fleetSection = (fleet) =>
  fleet === null || fleet === undefined ? null : el(
    "section",
    { id: "fleet" },
    el("h3", { class: "section", id: "fleet-title", text: `Fleet: ${plural(fleet.workers.length, "live worker")}` }),
    workersTable(fleet.workers),
    queuedTable(fleet)
  )

const renderList = (page, fleet) => {
  const head = el(
    "tr",
    {},
    ["run", "state", "rounds", "spend", "took", "started (UTC)", "workspace", "objective"].map((h, i) =>
      el("th", { class: i >= 2 && i <= 4 ? "num" : undefined, text: h })
    )
  )
  show(
    fleetSection(fleet),
    filters(page),
    page.runs.length === 0
      ? el("p", {
        id: "empty",
        class: "muted",
        text: page.total === 0 ? `No runs are recorded in ${page.recordedIn} yet.` : "No runs match."
      })
      : el("table", { id: "runs" }, el("thead", {}, head), el("tbody", {}, page.runs.map(runRow))),
    pager(page)
  )
}

/** The fleet's section put in place of the last one, or left out (the list stays as it is). */
const renderFleet = (fleet) => {
  const next = fleetSection(fleet)
  const last = main.querySelector("#fleet")
  if (last !== null) {
    if (next === null) last.remove()
    else last.replaceWith(next)
  } else if (next !== null && main.querySelector(".filters") !== null) main.prepend(next)
}

export const openList = () => {
  document.title = "ralph dashboard"
  // The fleet as the stream last sent it: a new page of the list shows it too.
  let fleet = null
  listen(`/api/events?${listParams()}`, {
    list: (page) => renderList(page, fleet),
    fleet: (next) => {
      fleet = next
      renderFleet(next)
    },
    problem: (p) => show(el("p", { class: "problem", text: p.error.message }))
  })
}
