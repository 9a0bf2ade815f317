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

/** One release's outcome and a whole run's result, as `privspec release --json` prints them (defined by the engine's runner). */
export type { ReleaseOutcome, RunReleaseResult } from '../engine/release/run-report.js';
