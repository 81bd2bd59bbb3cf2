/**
 * Splits a command line into words the way a POSIX shell would (quotes, backslashes), without
 * running a shell: no expansion, no operators. Returns a problem string for unbalanced quotes.
 */
export const splitWords = (line: string): { readonly words: Array<string> } | { readonly problem: string } => {
  const words: Array<string> = []
  let word = ""
  let inWord = false
  let i = 0
  while (i < line.length) {
    const c = line[i]!
    if (c === "'") {
      const end = line.indexOf("'", i + 1)
      if (end === -1) return { problem: "unterminated single quote" }
      word += line.slice(i + 1, end)
      inWord = true
      i = end + 1
    } else if (c === "\"") {
      i++
      while (i < line.length && line[i] !== "\"") {
        if (line[i] === "\\" && i + 1 < line.length && "\"\\$`\n".includes(line[i + 1]!)) i++
        word += line[i]
        i++
      }
      if (i >= line.length) return { problem: "unterminated double quote" }
      inWord = true
      i++
    } else if (c === "\\") {
      if (i + 1 < line.length) word += line[i + 1]
      inWord = true
      i += 2
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ""
      inWord = false
      i++
    } else {
      word += c
      inWord = true
      i++
    }
  }
  if (inWord) words.push(word)
  return { words }
}
