/** The codex preset end to end: the real `codex` CLI (pinned, in .agents/) against the fake model server. */
import { agentE2E } from "./e2e.ts"

agentE2E("codex", { resetAtOn429: false })
