/**
 * A run's providers, resolved once per run from a registry — its agent, its fallbacks in order, its
 * reviewer — and checked against its guards: a cost cap needs every child's agent to report its
 * cost, unless an unknown cost is allowed. `Ralph` and the fleet's worker resolve them so.
 */
import { Effect } from "effect"
import type { SubagentProvider } from "../agents/SubagentProvider.ts"
import { InvalidConfig, type ProviderUnavailable } from "../domain/errors.ts"
import type { Guards } from "../domain/guards.ts"
import type { RunProviders } from "./driver.ts"

export const resolveRunProviders = Effect.fnUntraced(function*(
  providers: SubagentProvider["Service"],
  run: { readonly agent: string; readonly fallbackAgents: ReadonlyArray<string>; readonly guards: Guards }
): Effect.fn.Return<RunProviders, ProviderUnavailable | InvalidConfig> {
  const { guards } = run
  const provider = yield* providers.resolve(run.agent)
  // The caps apply across agents: a fallback joins a cost-capped run on the same terms.
  const fallbacks = yield* Effect.forEach(run.fallbackAgents, (name) => providers.resolve(name))
  // The reviewer's spend counts toward the caps like the worker's (issue 20).
  const review = guards.review
  const reviewer = review === undefined ? undefined : yield* providers.resolve(review.provider)
  const children = [
    { role: "agent", name: provider.name, checked: provider },
    ...fallbacks.map((fallback) => ({ role: "fallback agent", name: fallback.name, checked: fallback })),
    ...(reviewer === undefined ? [] : [{ role: "reviewer", name: review?.agent ?? "", checked: reviewer }])
  ]
  for (const { checked, name, role } of children) {
    if (guards.maxCostUsd !== undefined && guards.allowUnknownCost !== true && checked.reportsCost !== true) {
      return yield* new InvalidConfig({
        key: "maxCostUsd",
        problem: `the ${role} ${name} does not report what it costs, ` +
          "so ralph cannot hold it to a cost cap; cap its tokens (maxTokens) instead, or allow an unknown " +
          "cost (--allow-unknown-cost)"
      })
    }
  }
  return { worker: provider, fallbacks, ...(reviewer === undefined ? {} : { reviewer }) }
})
