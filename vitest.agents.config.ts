import { defineConfig } from "vitest/config"

/**
 * The agents tier (`npm run test:agents`): the four real agent CLIs, installed at pinned versions into
 * .agents/ by scripts/install-agents.mjs, driven end to end against the loopback fake model server.
 */
export default defineConfig({
  test: {
    include: ["test/agents/**/*.e2e.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Two CLIs at a time: each starts a heavy process tree, and the machine has two cores.
    maxWorkers: 2,
    // Each CLI's cases run one after another (they share one fake server per file).
    sequence: { concurrent: false }
  }
})
