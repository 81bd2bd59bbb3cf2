import { Command } from "effect/cli"
import { exportRun } from "./commands/export.ts"
import { mcp } from "./commands/mcp.ts"
import { resume } from "./commands/resume.ts"
import { run } from "./commands/run.ts"
import { runs } from "./commands/runs.ts"
import { show } from "./commands/show.ts"
import { watch } from "./commands/watch.ts"

export const ralph = Command.make("ralph").pipe(
  Command.withDescription("Run one objective through a sequence of fresh coding-agent processes"),
  Command.withSubcommands([run, resume, runs, show, watch, exportRun, mcp])
)
