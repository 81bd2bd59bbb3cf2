/**
 * ralph's PostgreSQL client: `@effect/sql-pg`'s pooled `PgClient` (also provided as
 * `SqlClient.SqlClient`) for a `postgres://` URL, the store of runs shared by several machines.
 *
 * The URL carries a password, and a password never appears in ralph's output:
 *
 * - the URL travels as a `Redacted` value (`String`, `JSON.stringify`, `Inspectable` and effect's
 *   loggers print `<redacted>`); {@link redactUrl} gives the form to show people
 *   (`postgres://ralph:***@db.example:5432/ralph`).
 * - the URL is parsed here before the client sees it, with the client's own rules (libpq URIs: the
 *   authority, then `host`, `port`, `user`, `password`, `dbname` query parameters), so a malformed
 *   URL fails with an error of ours that quotes none of it (the client's own parse failure keeps
 *   Node's `TypeError`, whose `input` is the whole URL, as its cause).
 * - the layer connects once when it is built (`verify`, default on), so a wrong URL, password or an
 *   unreachable server fails at startup with one readable `SqlError`
 *   (`Cannot connect to PostgreSQL at postgres://ralph:***@…: password authentication failed for
 *   user "ralph"`) of the client's classification (`AuthenticationError`, `ConnectionError`, …), and
 *   any error of that step in which the password shows (raw or percent-encoded) is rewritten without it.
 *
 * The server does not echo passwords (SCRAM never sends it), so the errors of later statements do
 * not carry it either.
 */
import * as Pg from "@effect/sql-pg/PgClient"
import { Context, Effect, Layer, Redacted, type Scope } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqlClient from "effect/sql/SqlClient"
import { ConnectionError, SqlError, type SqlErrorReason } from "effect/sql/SqlError"
import { inspect } from "node:util"
import { rootMessage } from "./sqlMessage.ts"

/** The client's service (`@effect/sql-pg`'s `PgClient`): LISTEN/NOTIFY, `json`, its config. */
export const PgClient = Pg.PgClient
export type PgClient = Pg.PgClient

/** A parsed PostgreSQL URL. Only `url` holds the password. */
export interface PgUrl {
  /** The whole URL, password included. */
  readonly url: Redacted.Redacted
  /** A host name or address, or the directory of a unix socket (a path starting with `/`). */
  readonly host: string
  readonly port: number
  /** The database; PostgreSQL's default (the user's name) when undefined. */
  readonly database: string | undefined
  /** The role; the client uses `$USER` when undefined. */
  readonly username: string | undefined
  readonly hasPassword: boolean
  /** The URL as it may be shown: the password replaced by `***`. */
  readonly redacted: string
}

/** Options of the pool (`@effect/sql-pg`'s `PgPoolConfig`) besides what the URL says. */
export interface PgClientOptions extends
  Omit<
    Pg.PgPoolConfig,
    "url" | "host" | "port" | "path" | "database" | "username" | "password"
  >
{
  /**
   * Run `SELECT 1` while the layer is built, so that a wrong URL, password or an unreachable server
   * fails the layer (and ralph's startup) instead of the first statement. Default `true`.
   */
  readonly verify?: boolean | undefined
}

const PASSWORD_MASK = "***"

const urlError = (message: string): SqlError =>
  new SqlError({
    reason: new ConnectionError({
      // A cause of our own: nothing of the URL is kept.
      cause: new Error(message),
      message,
      operation: "parseUrl"
    })
  })

const decode = (value: string): string | undefined => {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

type Parsed = Omit<PgUrl, "url" | "redacted"> & {
  /** The password in every form it could show in text: as written in the URL, decoded, re-encoded. */
  readonly secrets: ReadonlyArray<string>
}

/** The client's URL rules (`PgConnection`'s `parseUrl`), without quoting the URL in any error. */
const parse = (raw: string): Parsed | string => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return "the database URL is not a valid URL (expected postgres://USER:PASSWORD@HOST:PORT/DATABASE)"
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return `the database URL must start with postgres:// or postgresql:// (not ${
      JSON.stringify(url.protocol.slice(0, 20))
    })`
  }
  let host = "localhost"
  let port = 5432
  let database: string | undefined
  let username: string | undefined
  let password: string | undefined
  const secrets: Array<string> = []
  const parsePort = (value: string): number | undefined => {
    const n = Number(value)
    return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : undefined
  }
  if (url.hostname !== "") {
    if (url.hostname.startsWith("[") && url.hostname.endsWith("]")) host = url.hostname.slice(1, -1)
    else {
      const decoded = decode(url.hostname)
      if (decoded === undefined) return "the database URL's host has an invalid percent-encoding"
      host = decoded
    }
  }
  if (url.port !== "") {
    const n = parsePort(url.port)
    if (n === undefined) return "the database URL's port is not a number between 1 and 65535"
    port = n
  }
  if (url.username !== "") {
    username = decode(url.username)
    if (username === undefined) return "the database URL's user name has an invalid percent-encoding"
  }
  if (url.password !== "") {
    secrets.push(url.password)
    password = decode(url.password)
    if (password === undefined) return "the database URL's password has an invalid percent-encoding"
  }
  const path = decode(url.pathname.replace(/^\//, ""))
  if (path === undefined) return "the database URL's database name has an invalid percent-encoding"
  if (path !== "") database = path
  for (const [key, value] of url.searchParams) {
    switch (key) {
      case "host":
        host = value
        break
      case "port": {
        const n = parsePort(value)
        if (n === undefined) return "the database URL's port parameter is not a number between 1 and 65535"
        port = n
        break
      }
      case "user":
        username = value
        break
      case "password":
        password = value
        break
      case "dbname":
        database = value
        break
    }
  }
  if (password !== undefined && password !== "") {
    secrets.push(password, encodeURIComponent(password), encodeURI(password))
  }
  return {
    host,
    port,
    database,
    username,
    hasPassword: password !== undefined && password !== "",
    // Longest first: replacing a form never leaves part of a longer one behind.
    secrets: [...new Set(secrets)].filter((s) => s !== "").sort((a, b) => b.length - a.length)
  }
}

/**
 * Parses a PostgreSQL URL (libpq form) as the client will. Fails with a `SqlError`
 * (`ConnectionError`, operation `parseUrl`) whose message and cause quote nothing of the URL.
 */
export const parseUrl = (url: string | Redacted.Redacted): Effect.Effect<PgUrl, SqlError> =>
  Effect.map(parseWithSecrets(url), ({ target }) => target)

/** {@link parseUrl}, and the forms of the password to scrub from the errors of the connection. */
const parseWithSecrets = (
  url: string | Redacted.Redacted
): Effect.Effect<{ readonly target: PgUrl; readonly secrets: ReadonlyArray<string> }, SqlError> =>
  Effect.suspend(() => {
    const raw = Redacted.isRedacted(url) ? Redacted.value(url) : url
    const parsed = parse(raw)
    if (typeof parsed === "string") return Effect.fail(urlError(`Invalid PostgreSQL URL: ${parsed}`))
    const { secrets, ...rest } = parsed
    return Effect.succeed({
      target: { ...rest, url: Redacted.isRedacted(url) ? url : Redacted.make(raw), redacted: redactUrl(raw) },
      secrets
    })
  })

/**
 * The URL as it may be shown: any password (in the authority or a `password` query parameter)
 * replaced by `***`. Also for strings that are not valid URLs (everything from the scheme's `//` to
 * the last `@` is then masked after the user name).
 */
export const redactUrl = (url: string | Redacted.Redacted): string => {
  const raw = Redacted.isRedacted(url) ? Redacted.value(url) : url
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    return raw
      .replace(/([a-z][a-z0-9+.-]*:\/\/[^:/@?#\s]*):\S*@/gi, `$1:${PASSWORD_MASK}@`)
      .replace(/([?&]password=)[^&#]*/gi, `$1${PASSWORD_MASK}`)
  }
  if (parsed.password !== "") parsed.password = PASSWORD_MASK
  if (parsed.searchParams.has("password")) parsed.searchParams.set("password", PASSWORD_MASK)
  // URL encodes the mask's asterisks in neither place; keep the text readable either way.
  return parsed.toString().replaceAll("%2A%2A%2A", PASSWORD_MASK)
}

const scrubText = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.reduce((acc, secret) => acc.replaceAll(secret, PASSWORD_MASK), text)

/**
 * A failure of the layer's connection, said readably: where (redacted), and the innermost reason.
 * The reason's class (hence `isRetryable`) is kept; its cause too, unless the password shows in it.
 */
const describeFailure = (error: SqlError, where: PgUrl, secrets: ReadonlyArray<string>): SqlError => {
  const leaks = (value: unknown) =>
    secrets.some((secret) => inspect(value, { depth: 8, showHidden: true }).includes(secret))
  const detail = rootMessage(error.reason.cause) ?? error.reason.message ?? error.reason._tag
  const message = scrubText(`Cannot connect to PostgreSQL at ${where.redacted}: ${detail}`, secrets)
  const cause = leaks(error.reason.cause)
    ? new Error(scrubText(String(rootMessage(error.reason.cause) ?? "connection failed"), secrets))
    : error.reason.cause
  // The reason rebuilt as its own class (ConnectionError, AuthenticationError…): every SqlError
  // reason's constructor takes these fields, which its instance's `constructor` type does not say.
  const Reason = error.reason.constructor as new(fields: {
    readonly cause: unknown
    readonly message?: string | undefined
    readonly operation?: string | undefined
  }) => SqlErrorReason
  return new SqlError({ reason: new Reason({ cause, message, operation: error.reason.operation ?? "connect" }) })
}

/**
 * A pooled client on the database of `url`, closed with the scope. With `verify` (default) it has
 * connected once before it is returned.
 */
export const make = (
  url: string | Redacted.Redacted,
  options?: PgClientOptions
): Effect.Effect<PgClient, SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const { secrets, target } = yield* parseWithSecrets(url)
    const { verify = true, ...pool } = options ?? {}
    const connect = Effect.gen(function*() {
      const client = yield* Pg.make({
        applicationName: "ralph",
        ...pool,
        url: target.url,
        // The same values the client derives from the URL, explicit so that its spans name the
        // right server (`server.address`, `server.port`, `db.namespace`).
        host: target.host,
        port: target.port,
        ...(target.database !== undefined ? { database: target.database } : {}),
        ...(target.username !== undefined ? { username: target.username } : {})
      })
      if (verify) yield* client`SELECT 1`
      return client
    })
    return yield* Effect.mapError(connect, (error) => describeFailure(error, target, secrets))
  })

/** `PgClient` and `SqlClient.SqlClient` on the database of `url`; the pool closes with the layer. */
export const layer = (
  url: string | Redacted.Redacted,
  options?: PgClientOptions
): Layer.Layer<PgClient | SqlClient.SqlClient, SqlError> =>
  Layer.effectContext(
    Effect.map(make(url, options), (client) =>
      Context.make(PgClient, client).pipe(
        Context.add(SqlClient.SqlClient, client)
      ))
  ).pipe(Layer.provide(Reactivity.layer))
