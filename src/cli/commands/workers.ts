import { Effect } from "effect"
import { Command } from "effect/cli"
import { escapeLine } from "../../domain/terminalText.ts"
import { readFlags } from "../flags.ts"
import { fleetRows, type LiveWorker, liveWorkers } from "../fleet.ts"
import { printRead } from "../present/print.ts"
import { loadFleetReadSettings } from "../serverSettings.ts"
import { withRecords } from "../store.ts"

const text = (workers: ReadonlyArray<LiveWorker>): string =>
  workers.length === 0
    ? "No live workers (ralph worker joins the fleet)."
    : [
      "WORKER".padEnd(24) + "  HOST".padEnd(18) + "  PID".padEnd(9) + "  AT ONCE  RUNS",
      ...workers.map((w) =>
        `${escapeLine(w.address).padEnd(24)}  ${escapeLine(w.host).padEnd(16)}  ${String(w.pid).padEnd(7)}  ${
          String(w.concurrency).padEnd(7)
        }  ${w.runs.length === 0 ? "-" : w.runs.join(", ")}`
      )
    ].join("\n")

export const workers = Command.make("workers", readFlags, (flags) =>
  printRead(
    flags.json,
    Effect.gen(function*() {
      const location = yield* loadFleetReadSettings(flags, process.env)
      const fleet = yield* fleetRows(location, location.shardLockExpiry)
      return liveWorkers(fleet, yield* withRecords(location, (store) => store.list))
    }),
    text,
    (listed) => listed
  )).pipe(
    Command.withDescription("List the fleet's live workers: host, pid, how many children at once, the runs each drives")
  )
