import { accessSync, constants, statSync } from "node:fs"
import { delimiter, join } from "node:path"

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
