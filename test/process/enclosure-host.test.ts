/**
 * The host's cgroup facts are read, and crashed ralphs' empty cgroups swept, once per spawning
 * layer (`enclosureHost`), not at every spawn. Real cgroups where the host has a writable one.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, rmdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { enclosureHost, openEnclosure } from "../../src/process/enclosure.ts"

describe("the enclosure's host", () => {
  it("an orphan cgroup is swept by enclosureHost, not by every openEnclosure", () => {
    const host = enclosureHost()
    if (host.cgroupParent === undefined) {
      // No writable cgroup2 here: every enclosure is the marker.
      expect(openEnclosure(host).kind).toBe("environ")
      return
    }
    // A pid that is certainly gone: a child that ran and was reaped.
    const dead = spawnSync("true").pid
    const orphan = join(host.cgroupParent, `ralph-${dead}-0123456789abcdef01234567`)
    mkdirSync(orphan)
    try {
      const enclosure = openEnclosure(host)
      expect(enclosure.kind).toBe("cgroup")
      enclosure.release()
      expect(existsSync(orphan)).toBe(true)
      enclosureHost()
      expect(existsSync(orphan)).toBe(false)
    } finally {
      if (existsSync(orphan)) rmdirSync(orphan)
    }
  })
})
