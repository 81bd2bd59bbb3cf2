/** The claude preset end to end: the real `claude` CLI (pinned, in .agents/) against the fake model server. */
import { agentE2E } from "./e2e.ts"

agentE2E("claude", { resetAtOn429: false, budgetFlag: "--max-budget-usd" })
