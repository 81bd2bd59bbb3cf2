/** The gemini preset end to end: the real `gemini` CLI (pinned, in .agents/) against the fake model server. */
import { agentE2E } from "./e2e.ts"

agentE2E("gemini", { resetAtOn429: true })
