/** ralph.config.json: read as a file a worker can touch (bounded, regular), its keys checked, its agents decoded. */
import { Effect, Predicate } from "effect"
import { join } from "node:path"
import { decodeAgentConfig } from "../domain/agentEntries.ts"
import { InvalidConfig } from "../domain/errors.ts"
import { type AgentConfig, fileKeys } from "../domain/settings.ts"
import { unknownKey } from "../domain/suggest.ts"
import { thrownMessage } from "../domain/thrown.ts"
import { readUntrusted, refusalText } from "../io/untrustedFile.ts"
import { type ConfigFile, configFileName } from "./settingSources.ts"

/** How large ralph.config.json may be: a few settings; anything past this is not one. */
const maxConfigFileBytes = 1024 * 1024

/** Reads ralph.config.json from the workspace; a missing file is an empty config, a broken one an error. */
export const readConfigFile = (workspace: string): Effect.Effect<ConfigFile, InvalidConfig> =>
  Effect.suspend(() => {
    const file = join(workspace, configFileName)
    // The workspace is the worker's: its config file may have been swapped for a FIFO or a device.
    const read = readUntrusted(file, { maxBytes: maxConfigFileBytes, followLinks: true })
    if (read._tag === "Missing") return Effect.succeed({})
    if (read._tag === "Refused") {
      return Effect.fail(
        new InvalidConfig({
          key: file,
          problem: `${refusalText(file, read.what)}; ralph reads only a regular file of at most ` +
            `${maxConfigFileBytes} bytes there: replace or remove it`
        })
      )
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(read.value.toString("utf8"))
    } catch (error) {
      return Effect.fail(
        new InvalidConfig({
          key: file,
          problem: `not valid JSON (${thrownMessage(error)}); fix or remove the file`
        })
      )
    }
    if (!Predicate.isObject(parsed)) {
      return Effect.fail(new InvalidConfig({ key: file, problem: "must hold a JSON object" }))
    }
    const unknown = Object.keys(parsed).find((key) => !fileKeys.includes(key))
    return unknown === undefined
      ? Effect.succeed(parsed)
      : Effect.fail(
        new InvalidConfig({ key: `${configFileName}: ${unknown}`, problem: unknownKey("key", unknown, fileKeys) })
      )
  })

export const agentConfigs = (file: ConfigFile): Effect.Effect<Partial<Record<string, AgentConfig>>, InvalidConfig> =>
  Effect.suspend(() => {
    const raw = file.agents
    if (raw === undefined) return Effect.succeed({})
    if (!Predicate.isObject(raw)) {
      return Effect.fail(new InvalidConfig({ key: "agents", problem: "must be an object keyed by agent name" }))
    }
    const result: Partial<Record<string, AgentConfig>> = {}
    for (const [name, value] of Object.entries(raw)) {
      const decoded = decodeAgentConfig(name, value, `agents.${name}`)
      if ("problem" in decoded) {
        return Effect.fail(
          new InvalidConfig({ key: decoded.key, problem: `${decoded.problem} (in ${configFileName})` })
        )
      }
      result[name] = decoded.value
    }
    return Effect.succeed(result)
  })
