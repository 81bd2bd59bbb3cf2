import { defineConfig } from "vitest/config"

/**
 * The browser tier (`npm run test:browser`): test/browser/**, the dashboard in a real headless
 * Chromium — Debian's `chromium` package, which `node scripts/chromium.mjs install` installs —
 * driven by playwright-core. test/browser/globalSetup.ts installs it when it is missing.
 */
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["test/browser/globalSetup.ts"],
    testTimeout: 90_000,
    hookTimeout: 180_000
  }
})
