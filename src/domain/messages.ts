/**
 * What a person tells a run from outside it (issue 19): an answer to a blocked round it waits on
 * (`ralph answer`), and a note for the next round (`ralph note`). Both are untrusted input written
 * to the run's record by any process sharing the store: checked here once, bounded, and shown only
 * escaped (src/domain/terminalText.ts).
 */
import { defaults } from "./settings.ts"

export type MessageKind = "answer" | "note"

/** Control characters but tab and newline: they could drive a terminal the text is shown on. */
// oxlint-disable-next-line no-control-regex -- the point is to find control characters
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

/** The message, trimmed, or what is wrong with it. */
export const checkMessage = (
  kind: MessageKind,
  raw: string
): { readonly text: string } | { readonly problem: string } => {
  const text = raw.replace(/\r\n/g, "\n").trim()
  if (text === "") return { problem: `the ${kind} is empty; give its text as the argument, or --file F (- = stdin)` }
  if (text.length > defaults.maxMessageChars) {
    return {
      problem: `the ${kind} is ${text.length} characters; at most ${defaults.maxMessageChars} are taken (shorten it)`
    }
  }
  if (text.includes("\uFFFD")) return { problem: `the ${kind} is not valid UTF-8 text` }
  const control = controls.exec(text)
  if (control !== null) {
    const code = control[0].codePointAt(0)!.toString(16).padStart(4, "0")
    return {
      problem:
        `the ${kind} holds a control character (U+${code} at ${control.index}); only text, tabs and newlines are taken`
    }
  }
  return { text }
}

/** The command that answers a run waiting on a blocker, as ralph shows it. */
export const answerCommand = (runId: string): string => `ralph answer ${runId} "TEXT"`
