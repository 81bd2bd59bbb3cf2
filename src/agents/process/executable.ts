import { accessSync, constants, statSync } from "node:fs"
import { delimiter, isAbsolute, join, resolve } from "node:path"

/**
 * The one base for relative program paths: a name with a slash is taken from the process's working
 * directory (where ralph was started), never from the workspace a child runs in; a bare name is
 * looked up on PATH.
 */
export const programPath = (program: string): string =>
  program.includes("/") && !isAbsolute(program) ? resolve(program) : program

const isExecutableFile = (candidate: string): boolean => {
  try {
    accessSync(candidate, constants.X_OK)
    return statSync(candidate).isFile()
  } catch {
    return false
  }
}

/** Where `binary` would be found by a spawn with the current PATH, or undefined when it would not. */
export const findExecutable = (binary: string, pathVariable = process.env.PATH ?? ""): string | undefined => {
  if (binary.includes("/")) return isExecutableFile(binary) ? binary : undefined
  for (const dir of pathVariable.split(delimiter)) {
    if (dir === "") continue
    const candidate = join(dir, binary)
    if (isExecutableFile(candidate)) return candidate
  }
  return undefined
}
