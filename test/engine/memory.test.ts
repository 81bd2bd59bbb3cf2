/** The engine's contract (test/engine/cases.ts) on the in-memory store. */
import { Layer } from "effect"
import { makeMemory, WorkflowStore } from "../../src/engine/WorkflowStore.ts"
import { engineCases } from "./cases.ts"

engineCases({
  name: "memory",
  makePlace: () => {
    const store = makeMemory()
    return { connect: () => Layer.succeed(WorkflowStore, store) }
  }
})
