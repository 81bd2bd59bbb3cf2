/**
 * A run's events as trace spans: `ralph.run`, a `ralph.round` for each attempt of a round under
 * it, a `ralph.child` for the child process under that, and a `ralph.verification` for each check
 * of a claimed completion. Attributes carry the run id, round, agent, status and the usage the
 * children reported (tokens and cost; unknown ones are left out, never counted as zero: the run's
 * totals are the result's). Built from events, it costs nothing where no one installs it, and a
 * replayed round, which publishes nothing, opens no span again.
 */
import { Clock, Effect, Exit, type Tracer } from "effect"
import type { RunEvent } from "../domain/events.ts"
import { combineUsage, type Usage } from "../domain/usage.ts"

type Publish = (event: RunEvent) => Effect.Effect<void>

/** A failure as a span shows it: its kind as the name, its words as the message. */
const failure = (name: string, message: string) => Exit.fail(Object.assign(new Error(message), { name }))

const usageAttributes = (usage: Usage): Record<string, number> => ({
  ...(usage.inputTokens === undefined ? {} : { "gen_ai.usage.input_tokens": usage.inputTokens }),
  ...(usage.outputTokens === undefined ? {} : { "gen_ai.usage.output_tokens": usage.outputTokens }),
  ...(usage.cachedInputTokens === undefined ? {} : { "ralph.usage.cached_input_tokens": usage.cachedInputTokens }),
  ...(usage.costUsd === undefined ? {} : { "ralph.cost_usd": usage.costUsd })
})

/** A RunEvents sink for one run, opening and ending its spans on the tracer in force. */
export const runSpans = (): Publish => {
  let run: Tracer.Span | undefined
  let round: Tracer.Span | undefined
  let child: Tracer.Span | undefined
  let verification: Tracer.Span | undefined
  let agent = ""
  /** The agent of the attempt in flight (a fallback agent, in a run with some). */
  let attemptAgent = ""
  let runId = ""
  // What each attempt of this invocation spent, a failed one's included: the run's totals when it
  // fails, counted as the result counts them (unknown as soon as one attempt did not say).
  const attempts: Array<Usage> = []

  const endAttempt = (now: bigint, exit: Exit.Exit<unknown, unknown>, attributes: Record<string, unknown>) => {
    for (const span of [child, round]) {
      if (span === undefined) continue
      for (const [key, value] of Object.entries(attributes)) span.attribute(key, value)
      span.end(now, exit)
    }
    child = undefined
    round = undefined
  }

  return Effect.fnUntraced(function*(event: RunEvent) {
    const now = yield* Clock.currentTimeNanos
    switch (event._tag) {
      case "RunStarted":
        agent = event.provider
        runId = event.runId
        run = yield* Effect.makeSpan("ralph.run", {
          attributes: {
            "ralph.run_id": runId,
            "ralph.agent": agent,
            "ralph.max_rounds": event.maxRounds,
            ...(event.resumedAfterRound === undefined ? {} : { "ralph.resumed_after_round": event.resumedAfterRound })
          }
        })
        return
      case "RoundStarted":
        round = yield* Effect.makeSpan("ralph.round", {
          ...(run === undefined ? {} : { parent: run }),
          attributes: {
            "ralph.run_id": runId,
            "ralph.round": event.round,
            "ralph.attempt": event.attempt,
            // In a run with fallback agents, the attempt's own.
            "ralph.agent": event.agent ?? agent
          }
        })
        attemptAgent = event.agent ?? agent
        return
      case "ChildSpawned":
        child = yield* Effect.makeSpan("ralph.child", {
          ...(round === undefined ? {} : { parent: round }),
          attributes: {
            "ralph.run_id": runId,
            "ralph.round": event.round,
            "ralph.attempt": event.attempt,
            "ralph.agent": attemptAgent,
            "process.pid": event.pid
          }
        })
        return
      case "RoundFinished":
        attempts.push(event.usage)
        return endAttempt(now, Exit.void, {
          "ralph.status": event.report.status,
          "ralph.summary": event.report.summary.slice(0, 256),
          ...usageAttributes(event.usage)
        })
      case "RoundRejected":
        attempts.push(event.usage)
        return endAttempt(now, failure(`${event.kind} report`, event.problem), {
          "ralph.status": event.kind,
          ...usageAttributes(event.usage)
        })
      case "RoundFailed":
        attempts.push(event.usage ?? {})
        return endAttempt(now, failure(event.reason, event.detail), {
          "ralph.status": "failed",
          "ralph.failure_reason": event.reason
        })
      case "RoundStopped":
        // Its span ends with the run (cancelled) or the run's end (the time budget); its spend counts now.
        attempts.push(event.usage ?? {})
        return
      case "ClaimCheckStarted":
        verification = yield* Effect.makeSpan("ralph.verification", {
          ...(run === undefined ? {} : { parent: run }),
          attributes: { "ralph.run_id": runId, "ralph.round": event.round, "ralph.agent": agent }
        })
        return
      case "ClaimChecked": {
        if (verification === undefined) return
        const gate = event.check.verification
        verification.attribute("ralph.claim_holds", event.holds)
        verification.attribute("ralph.protected_changed", event.check.protectedChanged.length)
        if (gate !== null) {
          verification.attribute("ralph.verify.command", gate.command.join(" ").slice(0, 256))
          if (gate.exitCode !== null) verification.attribute("ralph.verify.exit_code", gate.exitCode)
          verification.attribute("ralph.verify.timed_out", gate.timedOut)
        }
        verification.end(
          now,
          event.holds ? Exit.void : failure("claim rejected", "the claimed completion did not hold")
        )
        verification = undefined
        return
      }
      case "LimitWait":
        run?.event("limit wait", now, {
          "ralph.round": event.round,
          "ralph.attempt": event.attempt,
          "ralph.failure_reason": event.reason,
          "ralph.wait_until": event.until
        })
        return
      case "RetryScheduled":
        run?.event("retry scheduled", now, {
          "ralph.round": event.round,
          "ralph.attempt": event.attempt,
          "ralph.failure_reason": event.reason,
          "ralph.delay_ms": event.delayMs
        })
        return
      case "RunWaiting":
        run?.event("waiting for an answer", now, { "ralph.round": event.round })
        return
      case "RunFinished":
        if (run === undefined) return
        run.attribute("ralph.status", event.envelope.result.status)
        run.attribute("ralph.rounds", event.envelope.result.roundsStarted)
        run.attribute("ralph.agents_started", event.envelope.agentsStarted)
        // The result's own totals (the whole run's, a resumed one's earlier rounds too), as `ralph show` gives them.
        for (
          const [key, value] of Object.entries(usageAttributes(event.envelope.result.usage ?? combineUsage(attempts)))
        ) {
          run.attribute(key, value)
        }
        run.end(now, Exit.void)
        return
      case "RunFailed": {
        // A cancelled run may still have a round or a check open: it ends with the run.
        const exit = event.error._tag === "Cancelled" ? Exit.interrupt() : Exit.fail(event.error)
        endAttempt(now, exit, {})
        verification?.end(now, exit)
        verification = undefined
        if (run === undefined) return
        run.attribute("ralph.status", event.error._tag)
        for (const [key, value] of Object.entries(usageAttributes(combineUsage(attempts)))) run.attribute(key, value)
        run.end(now, exit)
        return
      }
    }
  })
}
