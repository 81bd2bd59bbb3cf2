/**
 * A reviewer agent (issue 20) through the built CLI, with real processes: the worker a shell
 * script, the reviewer a small node program (test/fixtures/review/reviewer.mjs) configured as the
 * exec agent in ralph.config.json, in a real git repository where the diff matters. Accept ends
 * complete with result.review; reject hands the findings to the next worker and the round counts;
 * a malformed verdict fails the run; the reviewer's spend counts against --max-cost-usd; a review
 * cut by SIGKILL is run again on resume; --max-reviews; a failing gate means no review.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isGone, printJson, waitForPid, writeRoundAgent } from "../support/agents.ts"
import {
  ensureCli,
  execArgs,
  jsonDocument,
  newWorkspace,
  removeWorkspaces,
  repoRoot,
  runCli,
  runCliBounded,
  startCli
} from "../support/cli.ts"
import { completeReport } from "../support/reports.ts"
import { git } from "../support/userRepository.ts"

beforeAll(() => void ensureCli(), 180_000)
afterAll(removeWorkspaces)

const reviewerScript = join(repoRoot, "test", "fixtures", "review", "reviewer.mjs")
const complete = printJson(completeReport)

interface Logged {
  readonly role: string | null
  readonly round: string
  readonly runId: string
  readonly schema: { readonly properties: Record<string, unknown> }
  readonly prompt: string
}

/**
 * A workspace (a git repository when `repo`) whose worker writes `answers[N-1]` to answer.txt in
 * round N and claims completion (costing `workerCost` when given), and whose reviewer answers as
 * `mode` says.
 */
const setup = (
  mode: string,
  answers: ReadonlyArray<string>,
  options: { readonly repo?: boolean; readonly reviewerCost?: number; readonly workerCost?: number } = {}
) => {
  const { root, ws } = newWorkspace()
  if (options.repo === true) {
    git(ws, "init", "-q")
    writeFileSync(join(ws, "README"), "the answer goes in answer.txt\n")
    git(ws, "add", ".")
    git(ws, "commit", "-qm", "start")
  }
  const cost = options.workerCost === undefined
    ? ""
    : `printf '{"costUsd":${options.workerCost}}' > "$RALPH_USAGE_FILE"; `
  const agent = writeRoundAgent(root, answers.map((answer) => `${cost}echo ${answer} > answer.txt`), {
    promptTo: `"${root}/worker-prompt-$RALPH_ROUND"`,
    finally: complete
  })
  const modeFile = join(root, "mode")
  writeFileSync(modeFile, `${mode}\n`)
  const log = join(root, "reviews.jsonl")
  const command = [
    "node",
    reviewerScript,
    modeFile,
    log,
    ...(options.reviewerCost === undefined ? [] : [String(options.reviewerCost)])
  ]
  writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ agents: { exec: { command: command.join(" ") } } }))
  const reviews = (): ReadonlyArray<Logged> =>
    existsSync(log)
      ? readFileSync(log, "utf8").split("\n").filter((line) => line !== "").map((line) => JSON.parse(line))
      : []
  const workerPrompt = (round: number) => readFileSync(join(root, `worker-prompt-${round}`), "utf8")
  return { root, ws, agent, modeFile, log, reviews, workerPrompt }
}

describe.concurrent("a reviewer of claimed completions", () => {
  it("accept: complete, result.review carries the verdict; the reviewer got the objective, the claim, the diff and the verification", async () => {
    const { agent, reviews, ws } = setup("accept", ["42"], { repo: true })
    const result = await runCli(
      execArgs(agent, "--json", "--review", "exec", "--verify", "grep -q 42 answer.txt", "Make answer.txt say 42"),
      { cwd: ws }
    )
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.status, "complete")
    assert.deepStrictEqual(doc.result.review, {
      verdict: "accept",
      findings: ["answer.txt holds 42"],
      round: 1,
      agent: "exec"
    })
    assert.strictEqual(doc.result.verification.exitCode, 0)
    assert.strictEqual(doc.agentsStarted, 2)
    const [review] = reviews()
    assert.strictEqual(review?.role, "reviewer")
    assert.deepStrictEqual(Object.keys(review!.schema.properties).sort(), ["findings", "verdict"])
    assert.include(review!.prompt, "Make answer.txt say 42")
    assert.include(review!.prompt, completeReport.summary)
    assert.include(review!.prompt, "+++ b/answer.txt\n@@ -0,0 +1 @@\n+42")
    assert.include(review!.prompt, "answer.txt | 1 +")
    assert.include(review!.prompt, "`grep -q 42 answer.txt` exited with 0")
    const show = jsonDocument(await runCli(["show", "--json", doc.runId], { cwd: ws }))
    assert.strictEqual(show.rounds[0].review.status, "accepted")
    const text = await runCli(["show", doc.runId], { cwd: ws })
    assert.include(text.stdout, "review by exec: accepted (a model's opinion, not a check)")
  })

  it("the rendered result says a reviewer's accept is an opinion, not a check", async () => {
    const { agent, ws } = setup("accept", ["42"])
    const result = await runCli(execArgs(agent, "--review", "exec", "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.include(result.stdout, "A reviewer (exec) accepted the claim: a model's opinion, not a check.")
    assert.include(result.stderr, "reviewer accepted (an opinion, not a check)")
  })

  it("reject: the round counts, the next worker gets the claimed report and the findings; outside git the reviewer is told there is no diff", async () => {
    const { agent, reviews, workerPrompt, ws } = setup("reject-once", ["41", "42"])
    const result = await runCli(execArgs(agent, "--json", "--review", "exec", "--max-rounds", "3", "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    const doc = jsonDocument(result)
    assert.strictEqual(doc.result.status, "complete")
    assert.strictEqual(doc.result.roundsStarted, 2)
    assert.strictEqual(doc.agentsStarted, 4)
    assert.strictEqual(reviews().length, 2)
    assert.include(reviews()[0]!.prompt, "not a git repository")
    const second = workerPrompt(2)
    assert.include(second, "rejected by a reviewer")
    assert.include(second, "- answer.txt must hold 42, not 41")
    assert.include(second, completeReport.summary)
    const show = jsonDocument(await runCli(["show", "--json", doc.runId], { cwd: ws }))
    assert.deepStrictEqual(show.rounds.map((r: any) => r.review.status), ["rejected", "accepted"])
  })

  it("a malformed verdict fails the run with MalformedVerdict (exit 5), never an accept", async () => {
    const { agent, ws } = setup("malformed", ["42"])
    const result = await runCli(execArgs(agent, "--json", "--review", "exec", "x"), { cwd: ws })
    assert.strictEqual(result.code, 5, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "MalformedVerdict")
    assert.include(error.message, "malformed verdict")
    assert.include(error.message, "verdict")
    const show = jsonDocument(await runCli(["show", "--json", jsonDocument(result).error.runId], { cwd: ws }))
    assert.strictEqual(show.state, "failed")
    assert.strictEqual(show.rounds[0].review.status, "malformed")
  })

  it("a rate-limited reviewer (exit 75, a reset 1 s away) is tried again after the wait, and accepts; watch says so", async () => {
    const { agent, reviews, ws } = setup("limited-once", ["42"])
    // execArgs' own, but one retry.
    const args = ["run", "--agent", "exec", "--agent-cmd", agent, "--kill-grace", "300ms", "--retries", "1"]
    const result = await runCli([...args, "--json", "--review", "exec", "x"], { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(jsonDocument(result).result.review.verdict, "accept")
    assert.strictEqual(reviews().length, 2)
    const runId = jsonDocument(result).runId
    const watched = await runCli(["watch", runId], { cwd: ws })
    // The record's lines go to stderr, the result to stdout.
    assert.match(watched.stderr, /review 1 · exec · .* · failed \(rate-limit\) · .* · retrying in \d/)
    assert.include(watched.stderr, "reviewer accepted")
    // The worker, and the reviewer twice.
    assert.strictEqual(jsonDocument(await runCli(["show", "--json", runId], { cwd: ws })).agentsStarted, 3)
  })

  it("the reviewer's spend counts against --max-cost-usd", async () => {
    const { agent, ws } = setup("reject", ["41", "42"], { workerCost: 0.4, reviewerCost: 0.7 })
    const result = await runCli(
      execArgs(agent, "--json", "--review", "exec", "--max-cost-usd", "1", "--max-rounds", "5", "x"),
      { cwd: ws }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.strictEqual(doc.limit, "cost")
    assert.strictEqual(doc.roundsStarted, 1)
    assert.closeTo(doc.usage.costUsd, 1.1, 1e-9)
    assert.strictEqual(doc.review.verdict, "reject")
  })

  it("--max-reviews: once spent, a claim ends the run budget-limited (reviews), not accepted unreviewed", async () => {
    const { agent, reviews, ws } = setup("reject", ["41", "42"])
    const result = await runCli(
      execArgs(agent, "--json", "--review", "exec", "--max-reviews", "1", "--max-rounds", "5", "x"),
      { cwd: ws }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.status, "budget-limited")
    assert.strictEqual(doc.limit, "reviews")
    assert.strictEqual(doc.roundsStarted, 2)
    assert.strictEqual(reviews().length, 1)
  })

  it("the verify gate failing means no review", async () => {
    const { agent, reviews, ws } = setup("accept", ["41"])
    const result = await runCli(
      execArgs(agent, "--json", "--review", "exec", "--verify", "grep -q 42 answer.txt", "--max-rounds", "1", "x"),
      { cwd: ws }
    )
    assert.strictEqual(result.code, 3, result.stderr)
    const doc = jsonDocument(result).result
    assert.strictEqual(doc.limit, "rounds")
    assert.strictEqual(doc.verification.exitCode, 1)
    assert.strictEqual(reviews().length, 0)
  })

  it("the reviewer is contained: a process it leaves in a session of its own does not outlive it", async () => {
    const { agent, log, ws } = setup("daemon", ["42"])
    const result = await runCli(execArgs(agent, "--json", "--review", "exec", "x"), { cwd: ws })
    assert.strictEqual(result.code, 0, result.stderr)
    assert.strictEqual(jsonDocument(result).result.review.verdict, "accept")
    const daemon = Number(readFileSync(`${log}.daemon`, "utf8").trim())
    assert.isTrue(daemon > 0)
    assert.isTrue(isGone(daemon), `the reviewer's daemon ${daemon} outlived it`)
  })

  it("the reviewer is timed out like a round's child (--round-timeout)", async () => {
    const { agent, log, ws } = setup("hang", ["42"])
    const result = await runCliBounded(
      execArgs(agent, "--json", "--review", "exec", "--round-timeout", "2s", "x"),
      { cwd: ws },
      60_000
    )
    assert.strictEqual(result.code, 4, result.stderr)
    const error = jsonDocument(result).error
    assert.strictEqual(error._tag, "RoundFailed")
    assert.strictEqual(error.reason, "timeout")
    assert.include(error.message, "reviewer (exec)")
    assert.isTrue(isGone(Number(readFileSync(`${log}.pid`, "utf8").trim())))
  })

  it("a review cut by SIGKILL of ralph is run again on resume, the worker's round not", async () => {
    const { agent, log, modeFile, reviews, root, ws } = setup("hang", ["42"], { repo: true })
    // The review is cut by SIGKILL of ralph while its reviewer runs (it wrote its pid).
    const running = startCli(execArgs(agent, "--json", "--review", "exec", "x"), { cwd: ws })
    const stale = await waitForPid(`${log}.pid`, 30_000)
    running.child.kill("SIGKILL")
    await running.result
    writeFileSync(modeFile, "accept\n")
    // The workspace's config file is the worker's to edit: the resume starts the recorded reviewer, not this one.
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ agents: { exec: { command: "/bin/false" } } }))
    const runId = reviews()[0]!.runId
    const resumed = await runCliBounded(["resume", "--json", runId], { cwd: ws }, 60_000)
    assert.strictEqual(resumed.code, 0, resumed.stderr)
    const doc = jsonDocument(resumed)
    assert.strictEqual(doc.result.status, "complete")
    assert.strictEqual(doc.result.review.verdict, "accept")
    assert.isTrue(isGone(stale))
    // The worker ran once; the reviewer twice (the cut one, then the one the resume started).
    assert.isFalse(existsSync(join(root, "worker-prompt-2")))
    assert.strictEqual(reviews().length, 2)
    assert.strictEqual(doc.agentsStarted, 3)
  })

  it("review in ralph.config.json: its agent and maxReviews; an unknown key of it is refused by name", async () => {
    const { agent, reviews, ws } = setup("reject", ["41", "42"])
    const config = JSON.parse(readFileSync(join(ws, "ralph.config.json"), "utf8"))
    writeFileSync(
      join(ws, "ralph.config.json"),
      JSON.stringify({ ...config, review: { agent: "exec", maxReviews: 1 } })
    )
    const result = await runCli(execArgs(agent, "--json", "--max-rounds", "5", "x"), { cwd: ws })
    assert.strictEqual(result.code, 3, result.stderr)
    assert.strictEqual(jsonDocument(result).result.limit, "reviews")
    assert.strictEqual(reviews().length, 1)
    writeFileSync(join(ws, "ralph.config.json"), JSON.stringify({ ...config, review: { agnet: "exec" } }))
    const refused = await runCli(execArgs(agent, "--json", "x"), { cwd: ws })
    assert.strictEqual(refused.code, 1)
    const error = jsonDocument(refused).error
    assert.strictEqual(error._tag, "InvalidConfig")
    assert.include(error.message, "review.agnet")
    assert.include(error.message, "did you mean agent?")
  })

  it("--max-reviews without a reviewer, and a model for an exec reviewer, are refused before anything starts", async () => {
    const { agent, reviews, ws } = setup("accept", ["42"])
    const stray = await runCli(execArgs(agent, "--json", "--max-reviews", "2", "x"), { cwd: ws })
    assert.strictEqual(stray.code, 1)
    assert.strictEqual(jsonDocument(stray).error._tag, "InvalidArguments")
    assert.include(jsonDocument(stray).error.message, "no reviewer")
    const model = await runCli(execArgs(agent, "--json", "--review", "exec", "--review-model", "m", "x"), { cwd: ws })
    assert.strictEqual(model.code, 1)
    assert.include(jsonDocument(model).error.message, "--review-model")
    assert.strictEqual(reviews().length, 0)
  })
})
