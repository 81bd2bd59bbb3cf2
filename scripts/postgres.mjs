#!/usr/bin/env node
// A throwaway PostgreSQL server for the Postgres test tier (`npm run test:postgres`) and for trying
// ralph against Postgres by hand. Debian's `postgresql` package provides the binaries (installed here
// when they are missing); the cluster is new on every start and removed on stop.
//
//   node scripts/postgres.mjs start    install if needed, create a cluster, start it, create the role
//                                      and database, wait until it accepts connections, write the URL
//   node scripts/postgres.mjs stop     stop the server and remove its cluster (fine when none runs)
//   node scripts/postgres.mjs url      print the running server's URL (password included) on stdout
//   node scripts/postgres.mjs status   exit 0 when the server runs (its redacted URL on stderr), 1 otherwise
//   node scripts/postgres.mjs install  only install Debian's postgresql package when its binaries are missing
//   node scripts/postgres.mjs halt     stop the server but keep its cluster (an outage, for tests)
//   node scripts/postgres.mjs restart  start a halted server again on its port
//
// The server listens on 127.0.0.1 at a port found free and on a unix socket in its cluster directory
// (a new 0700 directory under the system's temp dir: a socket path must stay under 108 bytes, and the
// server's user must be able to reach it). Connections need the password of the role `ralph` (SCRAM),
// a random one per start with characters that URLs must escape, so the tests also cover that a
// password never shows in ralph's output. The superuser is reachable only through the socket by its
// own OS user (peer).
//
// State (0700 directory, files 0600), by default in .tools/postgres/ (ignored by git), elsewhere
// with RALPH_PG_STATE_DIR:
//   url         postgres://ralph:PASSWORD@127.0.0.1:PORT/ralph
//   socket-url  the same over the unix socket (postgres://ralph:PASSWORD@localhost/ralph?host=DIR&port=PORT)
//   state.json  the cluster directory, the port, the postmaster's pid, the binaries, the OS user
//
// Environment: RALPH_PG_STATE_DIR (state directory), RALPH_PG_BIN (a directory with postgres, initdb,
// pg_ctl, psql and pg_isready; default the newest /usr/lib/postgresql/*/bin), RALPH_PG_DURABLE=1 (keep
// fsync and synchronous commits on; by default a throwaway cluster skips them: it never outlives a
// crash of the machine). Running as root, the server runs as the `postgres` system user the package
// creates (PostgreSQL refuses to run as root); otherwise as the user who runs this script.
import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync
} from "node:fs"
import { createServer } from "node:net"
import { tmpdir, userInfo } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const stateDir = process.env.RALPH_PG_STATE_DIR || join(root, ".tools", "postgres")
const statePath = join(stateDir, "state.json")
const urlPath = join(stateDir, "url")
const socketUrlPath = join(stateDir, "socket-url")
const lockPath = join(stateDir, "lock")

const ROLE = "ralph"
const DATABASE = "ralph"
const TOOLS = ["postgres", "initdb", "pg_ctl", "psql", "pg_isready"]

const isRoot = process.getuid?.() === 0

class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message)
}
const say = (message) => process.stderr.write(`postgres: ${message}\n`)
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)}s`

// --- Binaries and installation ---------------------------------------------------------------------

const versionOf = (dir) => Number(/postgresql\/(\d+)/.exec(dir)?.[1] ?? 0)

/** The directory with PostgreSQL's server binaries, or undefined when they are not installed. */
const findBin = () => {
  if (process.env.RALPH_PG_BIN) {
    const dir = process.env.RALPH_PG_BIN
    const missing = TOOLS.filter((tool) => !existsSync(join(dir, tool)))
    if (missing.length > 0) fail(`RALPH_PG_BIN=${dir} lacks ${missing.join(", ")}`)
    return dir
  }
  let versions = []
  try {
    versions = readdirSync("/usr/lib/postgresql")
  } catch {
    return undefined
  }
  const dirs = versions
    .map((version) => join("/usr/lib/postgresql", version, "bin"))
    .filter((dir) => TOOLS.every((tool) => existsSync(join(dir, tool))))
    .sort((a, b) => versionOf(b) - versionOf(a))
  return dirs[0]
}

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { encoding: "utf8", ...options })
  if (result.error) fail(`${command}: ${result.error.message}`)
  return result
}

const check = (result, what) => {
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim()
    fail(`${what} failed (exit ${result.status ?? result.signal})${output ? `:\n${output}` : ""}`)
  }
  return result
}

/** Clusters of Debian's postgresql-common that are online (`VERSION NAME` pairs). */
const onlineClusters = () => {
  const result = spawnSync("pg_lsclusters", ["-h"], { encoding: "utf8" })
  if (result.status !== 0) return []
  return result.stdout.split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4 && fields[3].startsWith("online"))
    .map((fields) => `${fields[0]} ${fields[1]}`)
}

/** Installs Debian's postgresql package when the binaries are missing; returns the binaries' directory. */
const install = () => {
  const found = findBin()
  if (found) return found
  const asRoot = isRoot ? [] : ["sudo", "-n"]
  if (!isRoot && spawnSync("sudo", ["-n", "true"]).status !== 0) {
    fail(
      "PostgreSQL's binaries are not installed (no /usr/lib/postgresql/*/bin/postgres) and installing them needs root:\n" +
        "  run `sudo apt-get install -y postgresql` (Debian/Ubuntu), or run this script as root,\n" +
        "  or point RALPH_PG_BIN at a directory with postgres, initdb, pg_ctl, psql and pg_isready."
    )
  }
  if (spawnSync("apt-get", ["--version"]).status !== 0) {
    fail(
      "PostgreSQL's binaries are not installed and there is no apt-get here: install PostgreSQL, then set RALPH_PG_BIN"
    )
  }
  const before = new Set(onlineClusters())
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  const started = performance.now()
  say("installing Debian's postgresql package (apt-get update, then apt-get install -y postgresql)")
  const sh = (args, what) => {
    const [command, ...rest] = [...asRoot, ...args]
    check(run(command, rest, { env, stdio: ["ignore", "inherit", "pipe"] }), what)
  }
  sh(["apt-get", "update"], "apt-get update")
  sh(["apt-get", "install", "-y", "--no-install-recommends", "postgresql"], "apt-get install -y postgresql")
  // The package creates a `main` cluster on port 5432 and may start it: that one is not ours to run.
  for (const cluster of onlineClusters()) {
    if (before.has(cluster)) continue
    const [version, name] = cluster.split(" ")
    say(`stopping the cluster ${version}/${name} the package started`)
    const [command, ...args] = [...asRoot, "pg_ctlcluster", version, name, "stop"]
    spawnSync(command, args, { stdio: "inherit" })
  }
  const bin = findBin()
  if (!bin) fail("apt-get installed postgresql, but no /usr/lib/postgresql/*/bin has its binaries")
  say(`installed ${bin} in ${seconds(started)}`)
  return bin
}

// --- Running as the server's user ------------------------------------------------------------------

/** The OS user the server runs as: `postgres` when we are root, ourselves otherwise. */
const serverUser = () => {
  if (!isRoot) return { name: userInfo().username, uid: process.getuid(), gid: process.getgid() }
  const passwd = readFileSync("/etc/passwd", "utf8").split("\n").map((line) => line.split(":"))
  const entry = passwd.find((fields) => fields[0] === "postgres")
  if (!entry) {
    fail(
      "running as root, but there is no `postgres` system user to run the server as (PostgreSQL refuses root);\n" +
        "  Debian's postgresql package creates it: apt-get install -y postgresql, or run this script as another user"
    )
  }
  return { name: "postgres", uid: Number(entry[2]), gid: Number(entry[3]) }
}

/** Runs a PostgreSQL tool as the server's user. */
const asServer = (user, bin, tool, args, options = {}) =>
  isRoot
    ? run("runuser", ["-u", user.name, "--", join(bin, tool), ...args], options)
    : run(join(bin, tool), args, options)

// --- State -------------------------------------------------------------------------------------------

const readState = () => {
  try {
    return JSON.parse(readFileSync(statePath, "utf8"))
  } catch {
    return undefined
  }
}

const writePrivate = (path, text) => {
  const temp = `${path}.${process.pid}.tmp`
  writeFileSync(temp, text, { mode: 0o600 })
  chmodSync(temp, 0o600)
  renameSync(temp, path)
}

/** Whether `pid` runs: a zombie (exited, not yet reaped by a slow pid 1) does not. */
const pidAlive = (pid) => {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    if (error.code !== "EPERM") return false
  }
  try {
    // /proc/PID/stat: "PID (COMMAND) STATE …"; the command may contain spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z"
  } catch {
    return true
  }
}

/** The postmaster's pid from its data directory, when it has one. */
const postmasterPid = (dataDir) => {
  try {
    return Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0])
  } catch {
    return undefined
  }
}

/** Whether process `pid` is a postgres server of the data directory `dataDir` (its command line names it). */
const servesDataDir = (pid, dataDir) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(dataDir)
  } catch {
    return false
  }
}

/** Whether the server of `state` runs and accepts connections. */
const isRunning = (state) => {
  if (!state || !pidAlive(postmasterPid(state.dataDir) ?? state.pid)) return false
  const ready = spawnSync(join(state.bin, "pg_isready"), ["-q", "-h", state.socketDir, "-p", String(state.port)], {
    timeout: 10_000
  })
  return ready.status === 0
}

const redact = (url) => url.replace(/\/\/([^:/@]*):[^@]*@/, "//$1:***@")

/** A mkdir lock, so two `start`s (two tiers at once, say) do not both create a cluster. */
const withLock = async (f) => {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 })
  chmodSync(stateDir, 0o700)
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      mkdirSync(lockPath)
      writeFileSync(join(lockPath, "pid"), String(process.pid))
      break
    } catch (error) {
      if (error.code !== "EEXIST") throw error
      let holder
      try {
        holder = Number(readFileSync(join(lockPath, "pid"), "utf8"))
      } catch {
        holder = undefined
      }
      const age = (() => {
        try {
          return Date.now() - statSync(lockPath).mtimeMs
        } catch {
          return 0
        }
      })()
      if ((holder !== undefined && !pidAlive(holder)) || (holder === undefined && age > 5_000)) {
        rmSync(lockPath, { recursive: true, force: true })
        continue
      }
      if (Date.now() > deadline) fail(`another postgres.mjs (pid ${holder}) holds ${lockPath}`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
    }
  }
  try {
    return await f()
  } finally {
    rmSync(lockPath, { recursive: true, force: true })
  }
}

// --- Start and stop ---------------------------------------------------------------------------------

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const tail = (file, lines = 30) => {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n")
  } catch {
    return "(no server log)"
  }
}

/** Stops the server of `state` (fast shutdown, then SIGKILL) and removes its cluster and the state files. */
const teardown = (state) => {
  if (state) {
    const pid = postmasterPid(state.dataDir) ?? state.pid
    // A cluster folder removed under a live server (a tmp cleaner, a person): pg_ctl cannot stop it
    // (nor run there), but its postmaster still holds the port — killed only when it is that one
    // (the pid may have been reused since).
    if (!existsSync(state.dataDir)) {
      if (pidAlive(pid) && servesDataDir(pid, state.dataDir)) process.kill(pid, "SIGKILL")
    } else if (pidAlive(pid)) {
      const user = { name: state.user }
      const stopped = asServer(
        user,
        state.bin,
        "pg_ctl",
        ["stop", "-D", state.dataDir, "-m", "fast", "-w", "-t", "20"],
        {
          cwd: state.clusterDir,
          timeout: 30_000
        }
      )
      if (stopped.status !== 0 && pidAlive(pid)) {
        say(`the server (pid ${pid}) did not stop within 20 s: SIGKILL`)
        try {
          process.kill(pid, "SIGKILL")
        } catch {}
      }
    }
    if (state.clusterDir && state.clusterDir.includes("ralph-pg-")) {
      rmSync(state.clusterDir, { recursive: true, force: true })
    }
  }
  for (const file of [statePath, urlPath, socketUrlPath]) rmSync(file, { force: true })
}

const start = async () => {
  const existing = readState()
  if (isRunning(existing)) {
    say(
      `already running: ${redact(readFileSync(urlPath, "utf8").trim())} (stop it with: node scripts/postgres.mjs stop)`
    )
    return
  }
  if (existing) {
    say("a previous server is gone: removing its cluster")
    teardown(existing)
  }

  let started = performance.now()
  const bin = install()
  const user = serverUser()
  const version = run(join(bin, "postgres"), ["--version"]).stdout.trim()

  const clusterDir = mkdtempSync(join(tmpdir(), "ralph-pg-"))
  chmodSync(clusterDir, 0o700)
  if (isRoot) chownSync(clusterDir, user.uid, user.gid)
  const dataDir = join(clusterDir, "data")
  const logFile = join(clusterDir, "server.log")
  const password = `${randomBytes(18).toString("base64url")}@:/%?#`
  let state = { clusterDir, dataDir, socketDir: clusterDir, bin, user: user.name, version }

  try {
    started = performance.now()
    const init = asServer(user, bin, "initdb", [
      "-D",
      dataDir,
      "--auth-local=peer",
      "--auth-host=scram-sha-256",
      "--encoding=UTF8",
      "--no-locale",
      "--no-sync",
      "--no-instructions"
    ], { cwd: clusterDir })
    check(init, "initdb")
    const durable = process.env.RALPH_PG_DURABLE === "1"
    const conf = [
      "",
      "# ralph's throwaway test cluster (scripts/postgres.mjs)",
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${clusterDir}'`,
      "unix_socket_permissions = 0700",
      "max_connections = 300",
      "shared_buffers = 64MB",
      "logging_collector = off",
      "log_min_messages = warning",
      "password_encryption = 'scram-sha-256'",
      ...(durable ? [] : ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]),
      ""
    ].join("\n")
    const hba = [
      "# TYPE  DATABASE  USER  ADDRESS        METHOD",
      `local   all       ${user.name}  peer`,
      "local   all       all   scram-sha-256",
      "host    all       all   127.0.0.1/32   scram-sha-256",
      "host    all       all   ::1/128        scram-sha-256",
      ""
    ].join("\n")
    // Written as the server's user would: initdb made these files its own, 0600.
    writeFileSync(join(dataDir, "postgresql.conf"), readFileSync(join(dataDir, "postgresql.conf"), "utf8") + conf)
    writeFileSync(join(dataDir, "pg_hba.conf"), hba)
    const initSeconds = seconds(started)

    started = performance.now()
    let port
    for (let attempt = 1;; attempt++) {
      port = await freePort()
      const result = asServer(user, bin, "pg_ctl", [
        "start",
        "-D",
        dataDir,
        "-l",
        logFile,
        "-w",
        "-t",
        "60",
        "-o",
        `-p ${port}`
      ], { cwd: clusterDir })
      if (result.status === 0) break
      const log = tail(logFile)
      // Someone took the port between our probe and the server's bind: try another one.
      if (attempt < 5 && /could not (bind|create listen socket)|Address already in use/i.test(log)) continue
      fail(`pg_ctl start failed (exit ${result.status}):\n${result.stdout}${result.stderr}\nserver log:\n${log}`)
    }
    state = { ...state, port, pid: postmasterPid(dataDir) }
    writePrivate(statePath, JSON.stringify(state, null, 2) + "\n")

    // The role and its database, through the socket as the superuser (the password on stdin, never in argv).
    const quoted = `'${password.replaceAll("'", "''")}'`
    const sqlScript = [
      `CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD ${quoted};`,
      `CREATE DATABASE ${DATABASE} OWNER ${ROLE};`,
      ""
    ].join("\n")
    check(
      asServer(user, bin, "psql", [
        "-X",
        "-q",
        "-v",
        "ON_ERROR_STOP=1",
        "-h",
        clusterDir,
        "-p",
        String(port),
        "-d",
        "postgres"
      ], { cwd: clusterDir, input: sqlScript }),
      "creating the role and database"
    )

    // Ready means: the role logs in with its password over TCP.
    const deadline = Date.now() + 30_000
    for (;;) {
      const probe = run(join(bin, "psql"), [
        "-X",
        "-q",
        "-A",
        "-t",
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        ROLE,
        "-d",
        DATABASE,
        "-c",
        "SELECT 1"
      ], { env: { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: "5" }, cwd: clusterDir })
      if (probe.status === 0 && probe.stdout.trim() === "1") break
      if (Date.now() > deadline) fail(`the server does not accept the role's login:\n${probe.stderr}`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
    }

    const secret = encodeURIComponent(password)
    const url = `postgres://${ROLE}:${secret}@127.0.0.1:${port}/${DATABASE}`
    // libpq's `postgres://user:pw@/db?host=DIR` is no WHATWG URL (userinfo needs a host), and
    // @effect/sql-pg parses with `new URL`: name localhost, which the `host` parameter overrides.
    const socketUrl = `postgres://${ROLE}:${secret}@localhost/${DATABASE}?host=${
      encodeURIComponent(clusterDir)
    }&port=${port}`
    writePrivate(urlPath, url + "\n")
    writePrivate(socketUrlPath, socketUrl + "\n")
    say(`${version}: cluster created in ${initSeconds}, started in ${seconds(started)}`)
    say(`listening on ${redact(url)} and on the socket in ${clusterDir}; URL in ${urlPath}`)
  } catch (error) {
    teardown(state)
    throw error
  }
}

const stop = () => {
  const state = readState()
  if (!state) {
    say("not running")
    return
  }
  const started = performance.now()
  teardown(state)
  say(`stopped and removed ${state.clusterDir} in ${seconds(started)}`)
}

/** Stops the running server and keeps its cluster: an outage, for the tests that need one. */
const halt = () => {
  const state = readState()
  if (!isRunning(state)) fail("no server runs: start one with `node scripts/postgres.mjs start`")
  const started = performance.now()
  check(
    asServer({ name: state.user }, state.bin, "pg_ctl", ["stop", "-D", state.dataDir, "-m", "fast", "-w", "-t", "20"], {
      cwd: state.clusterDir,
      timeout: 30_000
    }),
    "pg_ctl stop"
  )
  say(`halted (cluster kept) in ${seconds(started)}`)
}

/** Starts a halted server again, on its port. */
const restart = () => {
  const state = readState()
  if (!state) fail("no cluster: start one with `node scripts/postgres.mjs start`")
  if (isRunning(state)) {
    say("already running")
    return
  }
  const started = performance.now()
  check(
    asServer({ name: state.user }, state.bin, "pg_ctl", [
      "start",
      "-D",
      state.dataDir,
      "-l",
      join(state.clusterDir, "server.log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${state.port}`
    ], { cwd: state.clusterDir }),
    "pg_ctl start"
  )
  writePrivate(statePath, JSON.stringify({ ...state, pid: postmasterPid(state.dataDir) }, null, 2) + "\n")
  say(`restarted in ${seconds(started)}`)
}

// --- Main -------------------------------------------------------------------------------------------

const usage = "usage: node scripts/postgres.mjs start|stop|url|status|install|halt|restart"

try {
  const command = process.argv[2]
  switch (command) {
    case "start":
      await withLock(start)
      break
    case "stop":
      await withLock(stop)
      break
    case "halt":
      await withLock(halt)
      break
    case "restart":
      await withLock(restart)
      break
    case "url": {
      const state = readState()
      if (!isRunning(state)) fail("no server runs: start one with `node scripts/postgres.mjs start`")
      process.stdout.write(readFileSync(process.argv[3] === "--socket" ? socketUrlPath : urlPath, "utf8"))
      break
    }
    case "status": {
      const state = readState()
      if (isRunning(state)) {
        say(`running (pid ${postmasterPid(state.dataDir)}): ${redact(readFileSync(urlPath, "utf8").trim())}`)
      } else {
        say(state ? "not running (a stale state remains: `stop` removes it)" : "not running")
        process.exitCode = 1
      }
      break
    }
    case "install": {
      const started = performance.now()
      const bin = install()
      say(`binaries in ${bin} (${seconds(started)})`)
      break
    }
    default:
      fail(usage)
  }
} catch (error) {
  if (!(error instanceof Failure)) throw error
  process.stderr.write(`postgres: ${error.message}\n`)
  process.exitCode = 1
}
