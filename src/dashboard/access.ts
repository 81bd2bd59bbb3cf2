/**
 * Who may read the dashboard. Bound to loopback without a token: requests naming this machine
 * (a page of another site that rebinds its name to 127.0.0.1 names its own host and is refused).
 * With a token — required anywhere else — every request carries it: as its cookie (set when the
 * page is opened with `?token=…`, then dropped from the address), or `Authorization: Bearer …`.
 * Tokens are compared in constant time.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import { isIP } from "node:net"

const digest = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest()

/**
 * The cookie that keeps a token: named for the token (a prefix of its digest), so two dashboards
 * on one host, on other ports with other tokens, do not overwrite each other's (cookies ignore ports).
 */
export const cookieName = (token: string): string => `ralph_dashboard_${digest(token).toString("hex").slice(0, 8)}`

/** The least a token may be: one a person could guess is no guard. */
export const minTokenLength = 16

/** Whether the address is this machine's loopback (127.0.0.0/8, ::1, localhost). */
export const isLoopback = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, "")
  if (bare === "localhost" || bare === "::1") return true
  return isIP(bare) === 4 && bare.startsWith("127.")
}

/** Whether `given` is the token, in time that does not depend on where they differ (or on their lengths). */
export const tokenMatches = (token: string, given: string | undefined): boolean =>
  given !== undefined && timingSafeEqual(digest(token), digest(given))

/** The token a request carries in the dashboard's cookie (`token`'s) or its Authorization header, if any. */
export const carriedToken = (
  token: string,
  headers: Readonly<Record<string, string | undefined>>
): string | undefined => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "")
  if (bearer !== null) return bearer[1]
  const name = cookieName(token)
  for (const part of (headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=")
    if (key === name) return decodeURIComponent(value.join("="))
  }
  return undefined
}

/** The names a loopback dashboard answers to (whatever the port: a rebound name is another name). */
const loopbackNames: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"])

/** The name part of a Host header (`127.0.0.1:7420` → `127.0.0.1`, `[::1]:7420` → `[::1]`). */
const hostName = (host: string): string => host.replace(/:\d+$/, "").toLowerCase()

/** What to answer a request: go on, or refuse it with a status and why. */
export type Verdict =
  | { readonly _tag: "Allowed" }
  | { readonly _tag: "Refused"; readonly status: 401 | 403; readonly problem: string }

export interface Access {
  /** The token, when one guards the dashboard. */
  readonly token: string | undefined
}

/** Whether a request (its headers) may be answered. */
export const verdict = (access: Access, headers: Readonly<Record<string, string | undefined>>): Verdict => {
  if (access.token === undefined) {
    return loopbackNames.has(hostName(headers.host ?? ""))
      ? { _tag: "Allowed" }
      : {
        _tag: "Refused",
        status: 403,
        problem: "this dashboard answers only to http://127.0.0.1:PORT/ or http://localhost:PORT/"
      }
  }
  return tokenMatches(access.token, carriedToken(access.token, headers))
    ? { _tag: "Allowed" }
    : {
      _tag: "Refused",
      status: 401,
      problem: "this dashboard needs its token: open it as http://HOST:PORT/?token=TOKEN " +
        "(the token ralph dashboard was started with), or send Authorization: Bearer TOKEN"
    }
}

/** The Set-Cookie value that keeps the token for the page's own requests (never readable by a script). */
export const tokenCookie = (token: string): string =>
  `${cookieName(token)}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict`
