import { accessSync, constants, statSync } from "node:fs"
import { delimiter, isAbsolute, join, resolve } from "node:path"

/**
 * The one base for relative program paths: a name with a slash is taken from the process's working
 * directory (where ralph was started), never from the workspace a child runs in; a bare name is
 * looked up on PATH.
 */
export const programPath = (program: string): string =>
  program.includes("/") && !isAbsolute(program) ? resolve(program) : program

/** Why a spawn could not run the file at `candidate`, in words; undefined when it could. */
const fileProblem = (candidate: string): string | undefined => {
  try {
    if (!statSync(candidate).isFile()) return "is not a file"
  } catch {
    return "does not exist"
  }
  try {
    accessSync(candidate, constants.X_OK)
    return undefined
  } catch {
    return "is not executable (chmod +x it)"
  }
}

const onPath = (binary: string, pathVariable: string): ReadonlyArray<string> =>
  pathVariable.split(delimiter).filter((dir) => dir !== "").map((dir) => join(dir, binary))

/** Where `binary` would be found by a spawn with the current PATH, or undefined when it would not. */
export const findExecutable = (binary: string, pathVariable = process.env.PATH ?? ""): string | undefined =>
  binary.includes("/")
    ? fileProblem(binary) === undefined ? binary : undefined
    : onPath(binary, pathVariable).find((candidate) => fileProblem(candidate) === undefined)

/**
 * Why `binary` cannot be started with the current PATH — a path that does not exist, is not a
 * file or is not executable; a name not on PATH, or there only as a file that is not executable —
 * or undefined when it can.
 */
export const whyNotExecutable = (binary: string, pathVariable = process.env.PATH ?? ""): string | undefined => {
  if (binary.includes("/")) return fileProblem(binary)
  if (findExecutable(binary, pathVariable) !== undefined) return undefined
  const present = onPath(binary, pathVariable).find((candidate) => fileProblem(candidate) !== "does not exist")
  return present === undefined ? "was not found on PATH" : `is on PATH as ${present}, which ${fileProblem(present)}`
}
