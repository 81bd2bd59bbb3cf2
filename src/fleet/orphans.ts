/**
 * The children a worker of this machine left running when it died (SIGKILL, a crash: a child leads
 * its own process group and outlives it): stopped when a worker starts here again. A fleet run's
 * child is this machine's to stop unless a live process here records the run now (another worker
 * of this machine drives it): the run moved to another machine, or nobody drives it yet.
 */
import { type Duration, Effect } from "effect"
import { hostname } from "node:os"
import { isProcessAlive } from "../process/liveness.ts"
import type { RunStore } from "../record/RunStore.ts"
import { stopStaleChild } from "../record/staleChild.ts"
import type { FleetQueue } from "./FleetQueue.ts"

/** Stops the orphaned children of the fleet's unfinished runs on this machine; the pids stopped. */
export const stopOrphans = Effect.fnUntraced(function*(
  store: RunStore["Service"],
  queue: FleetQueue["Service"],
  grace: Duration.Duration
) {
  const host = hostname()
  const stopped: Array<{ readonly runId: string; readonly pid: number }> = []
  for (const run of yield* Effect.orDie(queue.list)) {
    const runId = run.queued.submission.runId
    const view = yield* store.read(runId).pipe(Effect.option)
    if (view._tag === "None" || view.value.envelope !== null || view.value.error !== null) continue
    const owner = view.value
    if (owner.ownerHost === host && owner.ownerPid !== process.pid && isProcessAlive(owner.ownerPid)) continue
    const pid = yield* stopStaleChild(null, runId, grace)
    if (pid !== null) stopped.push({ runId, pid })
  }
  return stopped
})
