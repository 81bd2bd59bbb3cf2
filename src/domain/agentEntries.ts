/**
 * An entry under `agents` in ralph.config.json, decoded: its keys by name (an unknown one gets the
 * key meant), its values by Schema.
 */
import { Predicate, Result, Schema, SchemaIssue } from "effect"
import { type AgentConfig, type AgentName, agentNames, execKeys, permissionChoices, presetKeys } from "./settings.ts"
import { isAgentName, isOneOf } from "./settingValues.ts"
import { closest, unknownKey } from "./suggest.ts"

const firstProblem = SchemaIssue.makeFormatterStandardSchemaV1()

const programText = Schema.String.annotate({ message: "must be a non-empty string" }).check(
  Schema.makeFilter((s: string) => s.trim() !== "", { message: "must be a non-empty string" })
)
const argWords = Schema.Array(Schema.String.annotate({ message: "must be a string" })).annotate({
  message: "must be an array of strings"
})
const agentEnv = Schema.Record(Schema.String, Schema.String.annotate({ message: "must be a string" })).annotate({
  message: "must be an object of string values"
}).check(Schema.makeFilter((env: Readonly<Record<string, string>>) => {
  const bad = Object.keys(env).find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
  return bad === undefined || `${JSON.stringify(bad)} is not a variable name`
}))

/** An entry under `agents` in ralph.config.json: a preset's, or exec's (which names its program, once). */
const presetEntry = Schema.Struct({
  binary: Schema.optionalKey(programText),
  model: Schema.optionalKey(programText),
  args: Schema.optionalKey(argWords),
  env: Schema.optionalKey(agentEnv),
  permissions: Schema.optionalKey(
    Schema.Literals(permissionChoices).annotate({ message: `must be one of ${permissionChoices.join(", ")}` })
  )
})
const execEntry = Schema.Struct({
  command: Schema.optionalKey(programText),
  binary: Schema.optionalKey(programText),
  args: Schema.optionalKey(argWords),
  env: Schema.optionalKey(agentEnv)
}).check(Schema.makeFilter((entry) => entry.command === undefined || entry.binary === undefined, {
  message: "give the program either as command (a command line) or as binary, not both"
}))

const refusals: Partial<Record<string, string>> = {
  "exec.model": "the exec agent has no model of ralph's choosing; pass it in its command or args",
  "exec.permissions": "ralph grants the exec agent nothing and takes nothing away: it runs as you, in the workspace"
}

/** A refusal of part of the config file: the key (a dotted path) and the problem. */
export interface Refusal {
  readonly key: string
  readonly problem: string
}

const isBuiltIn = isOneOf(agentNames)

/**
 * The built-in agent `agents.NAME` is: NAME itself, or — for a name of the user's own — its `use`
 * (`{"use": "claude", "model": "haiku"}`), so two claude models or two exec programs are told apart.
 */
const kindOf = (name: string, raw: Record<string, unknown>, path: string): { readonly use: AgentName } | Refusal => {
  const use = raw.use
  if (isBuiltIn(name)) {
    return use === undefined || use === name
      ? { use: name }
      : {
        key: `${path}.use`,
        problem: `agents.${name} is the built-in ${name} agent; give another agent a name of its own`
      }
  }
  if (!isAgentName(name)) {
    return { key: path, problem: "an agent's name is a letter, then letters, digits, - or _ (at most 64)" }
  }
  if (use === undefined) {
    const near = closest(name, agentNames)
    return {
      key: path,
      problem: `not a built-in agent (${near === undefined ? agentNames.join(", ") : `did you mean ${near}?`}); ` +
        `an agent of your own says which it is with "use": {"use": "claude", …its settings}`
    }
  }
  return typeof use === "string" && isBuiltIn(use)
    ? { use }
    : {
      key: `${path}.use`,
      problem: unknownKey("agent", typeof use === "string" ? use : JSON.stringify(use), agentNames)
    }
}

/** Validates `agents.NAME` of the config file, `path` naming it in errors: keys by name, values by Schema. */
export const decodeAgentConfig = (
  name: string,
  raw: unknown,
  path: string
): { readonly value: AgentConfig } | Refusal => {
  if (!Predicate.isObject(raw)) return { key: path, problem: `must be an object` }
  const kind = kindOf(name, raw, path)
  if ("problem" in kind) return kind
  const { use: _, ...settings } = raw
  const decoded = decodeEntry(kind.use, settings, path)
  if ("problem" in decoded || isBuiltIn(name)) return decoded
  return { value: { use: kind.use, ...decoded.value } }
}

/** The settings of one agent of kind `name`: keys by name, values by Schema. */
const decodeEntry = (
  name: AgentName,
  raw: Record<string, unknown>,
  path: string
): { readonly value: AgentConfig } | Refusal => {
  const keys: ReadonlyArray<string> = name === "exec" ? execKeys : presetKeys
  for (const key of Object.keys(raw)) {
    const refusal = refusals[`${name}.${key}`]
    if (refusal !== undefined) return { key: `${path}.${key}`, problem: `not a setting of exec: ${refusal}` }
    if (!keys.includes(key)) return { key: `${path}.${key}`, problem: unknownKey("key", key, keys, ` of ${name}`) }
  }
  const decoded = Schema.decodeUnknownResult(name === "exec" ? execEntry : presetEntry)(raw)
  if (Result.isSuccess(decoded)) return { value: decoded.success }
  const issue = firstProblem(decoded.failure.issue).issues[0]
  return {
    key: [path, ...(issue?.path ?? [])].map(String).join("."),
    problem: issue?.message ?? decoded.failure.message
  }
}
