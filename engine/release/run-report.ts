/** What a run of releases reports, release by release: the shape of `privspec release --json` and of ▶ Run's answer. */
import type { Amount } from './release-costs.js';

export interface ReleaseOutcome {
  name: string;
  /**
   * `written`: result and report written; `dry-run`: planned only; `unavailable`: the engine cannot run it as
   * specified; `refused`: not enough budget left in the ledger, an unaccepted leak, or not accountable; `failed`: an
   * error while computing or writing (after the spend, the message says so and names the ledger entry).
   */
  status: 'written' | 'dry-run' | 'unavailable' | 'refused' | 'failed';
  message: string;
  mechanism?: string;
  parameters?: Record<string, unknown>;
  privacySpent?: Amount & { accounting: string };
  expectedError?: { confidence: number; bound: number; applies: string };
  /** How many times the ledger had recorded this release before this run. */
  previousRuns: number;
  /** Absolute paths of the files written. */
  files: string[];
  /** The ledger entry of this run's spend, when one was recorded. */
  ledgerEntry?: string;
  /** Exact figures computed from the data, for the data owner's eyes only: never written into the release's files. */
  local?: string[];
}

export interface RunReleaseResult {
  /** Absolute path of the spec. */
  spec: string;
  /** Absolute path of the output folder. */
  out: string;
  /** Absolute path of the spend ledger. */
  ledger: string;
  releases: ReleaseOutcome[];
  /**
   * The ledger's total after the run, against the spec's limit; `label` states it in the budget's notion through the
   * one cost formatter (engine/release/cost-text.ts): `ε 1 of 1`, `ρ 0.07 of 0.147 (ε, δ = 1.37 of 3, 1e-6 by Bun &
   * Steinke 2016)`.
   */
  budget: { accounting: string; limit: Amount; spent: Amount; label?: string };
  /** Set when the run was seeded: its outputs are reproducible and not private. */
  notPrivate?: boolean;
}
