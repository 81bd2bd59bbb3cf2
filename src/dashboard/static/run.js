// ralph dashboard: a run's page — its facts, charts, timeline of rounds and outcome, followed live
// while it runs (its stream ends with `end`). Every element is built from text (dom.js).
import { badge, duration, el, listen, main, setLive, show, spend, svg, tokens, when } from "./dom.js"

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

export const openRun = (runId) => {
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
