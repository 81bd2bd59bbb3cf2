/** The errors of a fleet run's branch (runBranch.ts): each says what was wrong and what to do. */
import { Schema } from "effect"

/** `--repo` is no URL git can use, or git cannot reach it. */
export class RepoUnusable extends Schema.TaggedError<RepoUnusable>()("RepoUnusable", {
  repo: Schema.String,
  problem: Schema.String,
  hint: Schema.String
}) {
  override get message(): string {
    return `The repository ${JSON.stringify(this.repo)} ${this.problem}; ${this.hint}`
  }
}

/** `--base` names no branch, tag or commit of the repository. */
export class BaseUnknown extends Schema.TaggedError<BaseUnknown>()("BaseUnknown", {
  repo: Schema.String,
  base: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `The base ${JSON.stringify(this.base)} ${this.problem} in ${this.repo}; ` +
      "give a branch, a tag or a full commit id of that repository"
  }
}

/** The work dir (or the run id naming a folder in it) cannot hold the run's clone. */
export class WorkDirUnusable extends Schema.TaggedError<WorkDirUnusable>()("WorkDirUnusable", {
  path: Schema.String,
  problem: Schema.String
}) {
  override get message(): string {
    return `ralph cannot keep a run's clone in ${this.path}: ${this.problem}`
  }
}

/** The run's branch on the remote is not where this clone left it: another worker drives the run now. */
export class RunBranchMoved extends Schema.TaggedError<RunBranchMoved>()("RunBranchMoved", {
  branch: Schema.String,
  expected: Schema.String,
  found: Schema.String
}) {
  override get message(): string {
    return `The run's branch ${this.branch} is at ${this.found || "nothing"}, not ${this.expected || "absent"} ` +
      "as this worker left it: another worker took the run over, and this one records nothing more for it"
  }
}

/** The run's branch exists but its tip is no round commit of the run: ralph will not build on it. */
export class RunBranchForeign extends Schema.TaggedError<RunBranchForeign>()("RunBranchForeign", {
  branch: Schema.String,
  commit: Schema.String
}) {
  override get message(): string {
    return `The branch ${this.branch} ends in ${this.commit}, which is not a round commit of this run; ` +
      "ralph only continues its own branch: move that commit elsewhere or delete the branch"
  }
}
