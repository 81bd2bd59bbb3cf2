/**
 * ./conformance.ts's cases on ralph's node:sqlite client, next to the Postgres run: the same cases
 * hold for both stores. Needs no server (it also runs in the unit tier).
 */
import * as NodeSqliteClient from "../../src/sql/NodeSqliteClient.ts"
import { sqlConformance } from "./conformance.ts"

sqlConformance({
  name: "SQLite (NodeSqliteClient, :memory:)",
  dialect: "sqlite",
  layer: NodeSqliteClient.layer({ filename: ":memory:" })
})
