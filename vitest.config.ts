import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/agents/**", "test/postgres/**", "test/engine/postgres.test.ts", "test/browser/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
