/**
 * A run's events as metrics: rounds ended (by agent and status), the tokens and cost the children
 * reported (unknown ones are not counted), the rounds' durations, and runs ended (by agent and
 * status). Like the spans (runSpans.ts), built from events: nothing exists where no one installs it.
 */
import { Effect, Metric } from "effect"
import type { RunEvent } from "../domain/events.ts"
import type { Usage } from "../domain/usage.ts"

const rounds = Metric.counter("ralph.rounds", {
  description:
    "Attempts of rounds ended, by agent and status (continue, complete, blocked, failed, malformed, oversized)",
  incremental: true
})
const tokens = Metric.counter("ralph.tokens", {
  description: "Tokens the agents reported, by agent and type (input, output)",
  incremental: true
})
const cost = Metric.counter("ralph.cost_usd", { description: "Cost the agents reported, by agent", incremental: true })
const roundDuration = Metric.histogram("ralph.round.duration_ms", {
  description: "How long an attempt of a round took, by agent",
  // 100 ms to ~55 min, doubling.
  boundaries: Metric.exponentialBoundaries({ start: 100, factor: 2, count: 16 })
})
const runs = Metric.counter("ralph.runs", {
  description: "Runs ended, by agent and status (complete, blocked, budget-limited or the error's tag)",
  incremental: true
})

/** A RunEvents sink for one run, updating the metrics of the registry in force. */
export const runMetrics = () => {
  let agent = ""
  /** The agent of the attempt in flight (a fallback agent, in a run with some): its rounds, tokens and cost are its own. */
  let attemptAgent = ""
  const usage = (u: Usage) =>
    Effect.all([
      u.inputTokens === undefined ? Effect.void : Metric.update(
        Metric.withAttributes(tokens, { "ralph.agent": attemptAgent, "ralph.token_type": "input" }),
        u.inputTokens
      ),
      u.outputTokens === undefined ? Effect.void : Metric.update(
        Metric.withAttributes(tokens, { "ralph.agent": attemptAgent, "ralph.token_type": "output" }),
        u.outputTokens
      ),
      u.costUsd === undefined
        ? Effect.void
        : Metric.update(Metric.withAttributes(cost, { "ralph.agent": attemptAgent }), u.costUsd)
    ], { discard: true })
  const ended = (status: string, durationMs: number) =>
    Effect.all([
      Metric.update(Metric.withAttributes(rounds, { "ralph.agent": attemptAgent, "ralph.status": status }), 1),
      Metric.update(Metric.withAttributes(roundDuration, { "ralph.agent": attemptAgent }), durationMs)
    ], { discard: true })
  return (event: RunEvent): Effect.Effect<void> => {
    switch (event._tag) {
      case "RunStarted":
        agent = event.provider
        attemptAgent = event.provider
        return Effect.void
      case "RoundFinished":
        return Effect.andThen(ended(event.report.status, event.durationMs), usage(event.usage))
      case "RoundRejected":
        return Effect.andThen(ended(event.kind, event.durationMs), usage(event.usage))
      case "RoundFailed":
        // What a failed attempt spent counts too, as in the result.
        return event.usage === undefined
          ? ended("failed", event.durationMs)
          : Effect.andThen(ended("failed", event.durationMs), usage(event.usage))
      case "RoundStopped":
        return event.usage === undefined
          ? ended("stopped", event.durationMs)
          : Effect.andThen(ended("stopped", event.durationMs), usage(event.usage))
      case "ReviewFinished":
        // A reviewer's spend counts like a round's child's.
        return usage(event.usage)
      case "ReviewFailed":
        return event.usage === undefined ? Effect.void : usage(event.usage)
      case "RunFinished":
        return Metric.update(
          Metric.withAttributes(runs, { "ralph.agent": agent, "ralph.status": event.envelope.result.status }),
          1
        )
      case "RunFailed":
        return Metric.update(Metric.withAttributes(runs, { "ralph.agent": agent, "ralph.status": event.error._tag }), 1)
      case "RoundStarted":
        attemptAgent = event.agent ?? agent
        return Effect.void
      case "ChildSpawned":
      case "ClaimCheckStarted":
      case "ClaimChecked":
      case "ReviewStarted":
      case "RetryScheduled":
      case "RunWaiting":
      case "LimitWait":
        return Effect.void
    }
  }
}
