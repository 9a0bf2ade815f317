/**
 * The shapes of privspec's custom LSP requests, shared by the language server (`protocol.ts`) and the VS Code client
 * (`extension/protocol.ts`), so that the two sides cannot drift apart. Plain types and method names only: the client
 * bundles this file without pulling in the server.
 */

/** `privspec/budget`: the budget summary of one spec; `null` when the URI is not an open privspec document. */
export const budgetRequestMethod = 'privspec/budget';
/** `privspec/runRelease`: runs one or all releases of a spec, exactly as `privspec release` does. */
export const runReleaseRequestMethod = 'privspec/runRelease';

/** Amounts of privacy loss; only the notions that apply are present. */
export interface PrivacyAmount {
  epsilon?: number;
  delta?: number;
  rho?: number;
}

export interface BudgetParams {
  /** The spec's document URI, as the client knows it. */
  uri: string;
}

export interface BudgetReleaseEntry {
  name: string;
  /** Zero-based line of the `release` keyword, for navigation. */
  line: number;
  cost: PrivacyAmount;
  /** What the release added to the total (less than `cost` when it composes in parallel). */
  marginal: PrivacyAmount;
  overrun: boolean;
}

/** The spec's budget as `privspec check --format json` prints it, plus per-release spending and a one-line label. */
export interface BudgetSummaryResponse {
  accounting: 'pure' | 'approx' | 'zcdp';
  limit: PrivacyAmount;
  spent: PrivacyAmount;
  /** `0.9 / 1 ε`, for the status bar. */
  label: string;
  releases: BudgetReleaseEntry[];
  /** False when the document has no budget block. */
  hasBudget: boolean;
}


export interface RunReleaseParams {
  /** The spec's document URI. */
  uri: string;
  /** The release to run; all releases when absent. */
  release?: string;
  /** Output folder; defaults to `<spec folder>/releases/<spec name>`. */
  out?: string;
  /** Plan and report without spending budget or writing results. */
  dryRun?: boolean;
}

/** One release's outcome, as `privspec release --json` prints it. */
export interface ReleaseOutcome {
  name: string;
  /** `written`: result and report written; `dry-run`: planned only; `unavailable`: the engine lacks the mechanism;
   * `refused`: not enough budget left in the ledger (or not accountable); `failed`: an error while computing. */
  status: 'written' | 'dry-run' | 'unavailable' | 'refused' | 'failed';
  message: string;
  mechanism?: string;
  parameters?: Record<string, unknown>;
  privacySpent?: PrivacyAmount & { accounting: string };
  expectedError?: { confidence: number; bound: number; applies: string };
  /** How many times the ledger had recorded this release before this run. */
  previousRuns: number;
  /** Absolute paths of the files written. */
  files: string[];
}

export interface RunReleaseResult {
  /** Absolute path of the spec. */
  spec: string;
  /** Absolute path of the output folder. */
  out: string;
  /** Absolute path of the spend ledger. */
  ledger: string;
  releases: ReleaseOutcome[];
  /** The ledger's total after the run, against the spec's limit. */
  budget: { accounting: string; limit: PrivacyAmount; spent: PrivacyAmount };
}
