import type { Workflow } from "effect/workflow"

/** A defect raised by the engine when a workflow uses what it does not support, or misuses it. */
export class DurableEngineDefect extends Error {
  override readonly name = "DurableEngineDefect"
}

export const nestedDefect = (workflow: Workflow.Any) =>
  new DurableEngineDefect(
    `${workflow._tag}: child workflows (a workflow executed from inside another workflow) are not supported by ` +
      `ralph's DurableEngine; run the work as an activity instead`
  )

export const queueDefect = (name: string) =>
  new DurableEngineDefect(`${name}: DurableQueue is not supported by ralph's DurableEngine`)
