/** The opencode preset end to end: the real `opencode` CLI (pinned, in .agents/) against the fake model server. */
import { agentE2E } from "./e2e.ts"

agentE2E("opencode", { resetAtOn429: true })
