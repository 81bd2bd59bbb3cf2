/**
 * Worker text (summaries, blockers, failure details) shown to a person must not drive their
 * terminal: control characters (C0 but tab, DEL, C1) and the bidirectional overrides are written as
 * `\u00XX` escapes. JSON output keeps the exact strings; this is for human-facing text only.
 */
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const escape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`

/** One line of worker text: every control character escaped, newlines included. */
export const escapeLine = (text: string): string => text.replace(unsafe, escape)

/** A block of worker text: newlines kept, every other control character escaped. */
export const escapeBlock = (text: string): string => text.split("\n").map(escapeLine).join("\n")
