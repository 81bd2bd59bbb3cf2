/**
 * The kinds of a setting's value, each a Schema that decodes what the user wrote (text from a flag
 * or a variable, any JSON value from ralph.config.json) strictly: a count is plain decimal digits,
 * a duration carries its unit; a refusal says what was wanted and what was given.
 */
import { Duration, Effect, Result, Schema, SchemaIssue, SchemaTransformation } from "effect"
import { splitWords } from "./words.ts"

/** A value as the user wrote it (text from a flag or a variable, any JSON value from the file), decoded. */
export type ValueSchema<A> = Schema.Codec<A, unknown>

/** One kind of value: its Schema, and the word that stands for it in `--help` (`--retries N`). */
export interface Kind<A> {
  readonly schema: ValueSchema<A>
  readonly metavar: string
}

const shown = (raw: unknown): string =>
  typeof raw === "string" || (typeof raw === "object" && raw !== null) ? JSON.stringify(raw) : String(raw)

/** The refusal of a value, in the words the user reads (the Schema issue's message). */
const refused = (raw: unknown, message: string) => new SchemaIssue.InvalidValue({ message }, raw)

/**
 * A kind decoded from the raw value by `decode`, which returns the value or the problem. The
 * checks are strict and written as code because they read text the way the user does (`1e2` is
 * not a count), and the messages say what is wanted. Its Schema needs no services (a value decodes
 * anywhere), which is what lets the result be a `ValueSchema` as it is.
 */
const kind = <S extends Schema.Top & { readonly DecodingServices: never; readonly EncodingServices: never }>(
  to: S,
  metavar: string,
  decode: (raw: unknown) => { readonly value: S["Encoded"] } | { readonly problem: string }
): Kind<S["Type"]> => ({
  metavar,
  schema: Schema.Unknown.pipe(Schema.decodeTo(
    to,
    SchemaTransformation.transformEffect({
      decode: (raw) => {
        const decoded = decode(raw)
        return "problem" in decoded ? Effect.fail(refused(raw, decoded.problem)) : Effect.succeed(decoded.value)
      },
      encode: (value) => Effect.succeed(value)
    })
  ))
})

const firstProblem = SchemaIssue.makeFormatterStandardSchemaV1()

/** Decodes a raw value with a Schema: the value, or the problem in the user's words. */
export const decodeValue = <A>(schema: ValueSchema<A>) => {
  const decode = Schema.decodeUnknownResult(schema)
  return (raw: unknown): { readonly value: A } | { readonly problem: string } => {
    const result = decode(raw)
    return Result.isSuccess(result)
      ? { value: result.success }
      : { problem: firstProblem(result.failure.issue).issues[0]?.message ?? result.failure.message }
  }
}

/** A whole number: a JSON integer, or a string of decimal digits and nothing else (no sign, exponent, hex or spaces). */
export const count = (minimum: 0 | 1): Kind<number> =>
  kind(Schema.Int, "N", (raw) => {
    const expected = minimum === 1 ? "a positive whole number" : "a whole number (0 or more)"
    const value = typeof raw === "number"
      ? raw
      : typeof raw === "string" && /^\d+$/.test(raw)
      ? Number(raw)
      : Number.NaN
    return Number.isSafeInteger(value) && value >= minimum
      ? { value }
      : { problem: `expected ${expected} written in decimal digits, got ${shown(raw)}` }
  })

/** A TCP port: 0 (any free one) to 65535, in decimal digits. */
export const port: Kind<number> = kind(Schema.Int, "PORT", (raw) => {
  const value = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(value) && value >= 0 && value <= 65535
    ? { value }
    : { problem: `expected a port from 0 (any free one) to 65535 in decimal digits, got ${shown(raw)}` }
})

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** A positive duration with its unit: 1500ms, 90s, 10m, 2h, 7d. A bare number is refused: it could mean anything. */
export const duration: Kind<Duration.Duration> = kind(Schema.Duration, "DURATION", (raw) => {
  const match = typeof raw === "string" ? /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(raw) : null
  const millis = match === null ? Number.NaN : Number(match[1]) * units[match[2]!]!
  return millis > 0 && Number.isFinite(millis)
    ? { value: Duration.millis(millis) }
    : {
      problem:
        `expected a positive duration with a unit (ms, s, m, h or d) such as 90s, 10m, 2h or 7d, got ${shown(raw)}` +
        (typeof raw === "number" || (typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)) ? " (say which unit)" : "")
    }
})

/** A positive amount of US dollars: a JSON number, or a plain decimal such as 5 or 0.25. */
export const usd: Kind<number> = kind(Schema.Finite, "USD", (raw) => {
  const value = typeof raw === "number"
    ? raw
    : typeof raw === "string" && /^\d+(\.\d+)?$/.test(raw)
    ? Number(raw)
    : Number.NaN
  return Number.isFinite(value) && value > 0
    ? { value }
    : { problem: `expected a positive amount of US dollars such as 5 or 0.25, got ${shown(raw)}` }
})

/** true or false; a variable may also say 1 or 0. */
export const boolean: Kind<boolean> = kind(
  Schema.Boolean,
  "BOOL",
  (raw) =>
    raw === true || raw === "true" || raw === "1"
      ? { value: true }
      : raw === false || raw === "false" || raw === "0"
      ? { value: false }
      : { problem: `expected true or false, got ${shown(raw)}` }
)

const words = (raw: unknown): { readonly value: ReadonlyArray<string> } | { readonly problem: string } => {
  if (Array.isArray(raw)) {
    return raw.length > 0 && raw.every((word) => typeof word === "string") && String(raw[0]).trim() !== ""
      ? { value: raw }
      : {
        problem: `expected a non-empty array of strings (the program, then its arguments), got ${JSON.stringify(raw)}`
      }
  }
  if (typeof raw !== "string") return { problem: `expected a command line, got ${shown(raw)}` }
  const split = splitWords(raw)
  if ("problem" in split) return { problem: `the command line could not be split into words: ${split.problem}` }
  return split.words.length === 0 ? { problem: "the command line is empty" } : { value: split.words }
}

/** A command line: an array of words in the file, or one string split into words like a shell would (no shell runs). */
export const command: Kind<ReadonlyArray<string>> = kind(Schema.Array(Schema.String), "COMMAND", words)

const globPattern = (raw: unknown): { readonly value: string } | { readonly problem: string } => {
  if (typeof raw !== "string") return { problem: `expected a glob pattern, got ${shown(raw)}` }
  // A leading `!` excludes what the pattern matches (see workspace/protected.ts); the rest is a pattern like any.
  const excludes = raw.trim().startsWith("!")
  let pattern = raw.trim().slice(excludes ? 1 : 0)
  while (pattern.startsWith("./")) pattern = pattern.slice(2)
  pattern = pattern.replace(/\/+$/, "")
  return pattern === "" || pattern === "." || pattern.startsWith("/") || pattern.split("/").includes("..")
    ? { problem: `expected a non-empty pattern relative to the workspace and inside it, got ${JSON.stringify(raw)}` }
    : { value: excludes ? `!${pattern}` : pattern }
}

/**
 * One protect pattern, relative to the workspace as the search walks it: a leading `!` (an
 * exclusion) is kept, a leading `./` and a trailing `/` are dropped (`./tests/` is `tests`); an
 * empty, absolute or `..` pattern is refused.
 */
export const glob: Kind<string> = kind(Schema.String, "GLOB", globPattern)

/**
 * A list: an array in the file, or one string split into words (a flag repeats instead), each item
 * decoded by `item`; a value that is no list is refused in the words of `refusal`.
 */
const listOf = <A>(
  item: (raw: unknown) => { readonly value: A } | { readonly problem: string },
  refusal: (raw: unknown) => string
) =>
(raw: unknown): { readonly value: ReadonlyArray<A> } | { readonly problem: string } => {
  const split = Array.isArray(raw) ? { value: raw } : words(raw)
  if ("problem" in split) return { problem: refusal(raw) }
  const items: Array<A> = []
  for (const word of split.value) {
    const decoded = item(word)
    if ("problem" in decoded) return decoded
    items.push(decoded.value)
  }
  return { value: items }
}

/** Glob patterns: an array of strings in the file, or one string split into words (a flag repeats instead). */
export const globs: Kind<ReadonlyArray<string>> = kind(
  Schema.Array(Schema.String),
  "GLOB",
  listOf(globPattern, (raw) => `expected glob patterns, got ${shown(raw)}`)
)

/**
 * A webhook's URL, http or https. A refusal does not repeat it: its path may be the webhook's
 * secret (src/domain/notification.ts masks it where it is shown).
 */
const webhookUrl = (raw: unknown): { readonly value: string } | { readonly problem: string } => {
  const expected = "expected an http:// or https:// URL"
  if (typeof raw !== "string") return { problem: `${expected}, got ${shown(raw)}` }
  const trimmed = raw.trim()
  if (!URL.canParse(trimmed)) return { problem: `${expected}, got text that is not a URL` }
  const scheme = new URL(trimmed).protocol
  return scheme === "http:" || scheme === "https:"
    ? { value: trimmed }
    : { problem: `${expected}, got a ${scheme.slice(0, -1)}: URL` }
}

export const url: Kind<string> = kind(Schema.String, "URL", webhookUrl)

/** Webhook URLs: an array in the file, or URLs separated by spaces in a variable (a flag repeats instead). */
export const urls: Kind<ReadonlyArray<string>> = kind(
  Schema.Array(Schema.String),
  "URL",
  // Not repeated in the refusal: it may hold a webhook's secret.
  listOf(webhookUrl, () => "expected URLs: an array of strings, or URLs separated by spaces")
)

const nonEmpty = (raw: unknown): { readonly value: string } | { readonly problem: string } =>
  typeof raw === "string" && raw.trim() !== ""
    ? { value: raw.trim() }
    : { problem: `expected a non-empty string, got ${shown(raw)}` }

/** Non-empty text, trimmed. */
export const text = (metavar: string): Kind<string> => kind(Schema.String, metavar, nonEmpty)

/** Whether a string is one of `names`: a guard to their literal type. */
export const isOneOf = <const L extends ReadonlyArray<string>>(names: L) => {
  const known: ReadonlySet<string> = new Set(names)
  return (value: string): value is L[number] => known.has(value)
}

const agentNamePattern = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

/** The name of an agent: a built-in one or one `agents.NAME` of the config file defines (checked against it later). */
const agentWord = (raw: unknown): { readonly value: string } | { readonly problem: string } =>
  typeof raw === "string" && agentNamePattern.test(raw.trim())
    ? { value: raw.trim() }
    : { problem: `expected an agent's name (a letter, then letters, digits, - or _), got ${shown(raw)}` }

export const agentRef: Kind<string> = kind(Schema.String, "NAME", agentWord)

/** Agents' names: an array in the file, or names separated by spaces in a variable (a flag repeats instead). */
export const agentRefs: Kind<ReadonlyArray<string>> = kind(
  Schema.Array(Schema.String),
  "NAME",
  listOf(
    agentWord,
    (raw) => `expected agents' names: an array of strings, or names separated by spaces, got ${shown(raw)}`
  )
)

/** Whether a name can name an agent of the config file (`agents.NAME`). */
export const isAgentName = (name: string): boolean => agentNamePattern.test(name)

/** One of a fixed list of names. */
export const oneOf = <const L extends ReadonlyArray<string>>(what: string, names: L): Kind<L[number]> => {
  const known = isOneOf(names)
  return kind(Schema.Literals(names), names.join("|"), (raw) => {
    const name = nonEmpty(raw)
    if ("problem" in name) return name
    return known(name.value)
      ? { value: name.value }
      : { problem: `unknown ${what} ${shown(raw)}; the ${what}s are ${names.join(", ")}` }
  })
}
