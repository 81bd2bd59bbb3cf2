import { defineConfig } from "vitest/config"

/**
 * The Postgres tier (`npm run test:postgres`): test/postgres/**, against a real PostgreSQL server
 * that test/postgres/globalSetup.ts starts with scripts/postgres.mjs (Debian's `postgresql` package,
 * a throwaway cluster on a loopback port and a unix socket) and stops at the end. Every test file
 * gets a database of its own (test/postgres/harness.ts), so files run in parallel.
 */
export default defineConfig({
  test: {
    // The durable engine's shared cases run here on Postgres too (test/engine/postgres.test.ts).
    include: ["test/postgres/**/*.test.ts", "test/engine/postgres.test.ts"],
    globalSetup: ["test/postgres/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Installing the package (a fresh machine without it) and starting the server happen in globalSetup.
    teardownTimeout: 60_000
  }
})
