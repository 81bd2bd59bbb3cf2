/**
 * ./conformance.ts's cases on Postgres: ralph's PgClient on a database of this file's own.
 */
import { sqlConformance } from "./conformance.ts"
import * as PgTest from "./harness.ts"

PgTest.describe("Postgres", () => {
  sqlConformance({ name: "Postgres (PgClient)", dialect: "pg", layer: PgTest.layerClient({ prefix: "conformance" }) })
})
