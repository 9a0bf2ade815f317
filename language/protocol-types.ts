/**
 * The shapes of privspec's custom LSP requests, shared by the language server (`protocol.ts`) and the VS Code client
 * (`extension/protocol.ts`), so that the two sides cannot drift apart. Plain types and method names only: the client
 * bundles this file without pulling in the server.
 */
import type { ReleaseOutcome } from '../engine/release/run-report.js';
import type { CriterionSpec } from '../engine/criteria/criterion-spec.js';

/** `privspec/budget`: the budget summary of one spec; `null` when the URI is not an open privspec document. */
export const budgetRequestMethod = 'privspec/budget';
/** `privspec/runRelease`: runs one or all releases of a spec, exactly as `privspec release` does. */
export const runReleaseRequestMethod = 'privspec/runRelease';
/** `privspec/csvModels`: what every spec the server knows says about the CSV it names (no params). */
export const csvModelsRequestMethod = 'privspec/csvModels';
/**
 * `privspec/csvModelsChanged`: sent by the server when a spec was parsed again; the client asks for the models anew.
 */
export const csvModelsChangedNotificationMethod = 'privspec/csvModelsChanged';
/** `privspec/anonymizeCsv`: runs one `generalize` release of a spec, writing what `privspec release --only` writes. */
export const anonymizeCsvRequestMethod = 'privspec/anonymizeCsv';
/** `privspec/ledger`: what the spec's ledger holds, and what running one or all of its releases would add to it. */
export const ledgerRequestMethod = 'privspec/ledger';

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
  /**
   * The status bar's text: what the data's ledger has recorded plus what running the plan would add, as one sum in the
   * budget's notion — `ledger ε 0.8 spent + plan ε 0.8 = ε 1.6 of 1` — so that a run the ledger would refuse is visible
   * before ▶ Run says so.
   */
  status?: string;
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

/**
 * One release's outcome and a whole run's result, as `privspec release --json` prints them (defined by the engine's
 * runner).
 */
export type { ReleaseOutcome, RunReleaseResult } from '../engine/release/run-report.js';

/** A hierarchy declaration as plain data, built by the engine's one `hierarchyFromSource`. */
export type { HierarchySource } from '../engine/hierarchy/hierarchy-source.js';
import type { HierarchySource } from '../engine/hierarchy/hierarchy-source.js';

/** One dataset a spec declares, with what the editor's CSV checks, quick fixes and risk report need of its spec. */
export interface SpecDatasetModel {
  /** The spec's document URI, as the server knows it. */
  readonly specUri: string;
  /** The spec's file path and file name, for messages. */
  readonly specPath: string;
  readonly specName: string;
  /** The dataset's name in the spec (`dataset visits from …`), from which a release added to it is named. */
  readonly datasetName: string;
  /** The CSV the dataset names (absolute path) and the delimiter the spec gives for it. */
  readonly csvPath: string;
  readonly delimiter?: string;
  readonly qi: readonly string[];
  readonly identifying: readonly string[];
  readonly sensitive: readonly string[];
  /** The privacy unit (`unit patient_id`): k then counts distinct units per class. */
  readonly unit?: string;
  /** The survey weight column (`weight w`), for the individual re-identification risk. */
  readonly weight?: string;
  readonly samplingFraction?: number;
  /** k of the anonymity block; absent when the spec states none (the client's default applies). */
  readonly k?: number;
  /** Levels the anonymity block pins quasi-identifiers to (`generalize zip 1`). */
  readonly levels: Readonly<Record<string, number>>;
  readonly hierarchies: Readonly<Record<string, HierarchySource>>;
  /** The anonymity block in words (`k-anonymity (k=3)`, `distinct-l-diversity …`), its suppression limit and metric. */
  readonly anonymity?: {
    readonly criteria: readonly string[];
    readonly suppression: number;
    readonly metric: string;
    /** The same criteria as plain data, which the editor's worker rebuilds to measure them and to search. */
    readonly requirements: readonly CriterionSpec[];
  };
  /** The names of the spec's `generalize` releases, which Anonymize CSV… runs. */
  readonly generalizeReleases: readonly string[];
}

export interface CsvModelsResponse {
  readonly datasets: readonly SpecDatasetModel[];
}

export interface AnonymizeCsvParams {
  /** The spec's document URI. */
  uri: string;
  /** The `generalize` release to run. */
  release: string;
  /** Output folder; defaults to `<spec folder>/releases/<spec name>`, as for `privspec release`. */
  out?: string;
  /** A work-done progress token the client listens on (LSP `$/progress`). */
  workDoneToken?: string | number;
}

/**
 * The release's outcome (the runner's shape: status, files, the levels chosen in `parameters`) and, when written, the
 * rows left out.
 */
export interface AnonymizeCsvResult {
  readonly spec: string;
  readonly out: string;
  readonly outcome: ReleaseOutcome;
  /** Rows suppressed (left out of the file), when the release was written. */
  readonly suppressed?: number;
}

export interface LedgerParams {
  /** The spec's document URI. */
  uri: string;
  /** The release about to run; every release when absent. */
  release?: string;
}

/** One recorded run, its cost written in the budget's notion (three significant figures). */
export interface LedgerEntryView {
  readonly id: string;
  readonly release: string;
  /** ISO time of the run. */
  readonly at: string;
  /** `ε 0.5` (under zCDP `ρ 0.0125`). */
  readonly cost: string;
  /** The cost in every notion it can be stated in: `ε 0.5 · ρ 0.125`. */
  readonly costEveryNotion: string;
  readonly files: readonly string[];
  /** A seeded test run: recorded, not private, spends nothing. */
  readonly notPrivate: boolean;
}

/** What a run of `releases` would do to the ledger: computed from the same plans the hover and the runner use. */
export interface RunPreview {
  readonly releases: readonly string[];
  /**
   * What the run adds to the ledger's total in the budget's notion only, e.g. `ε 0.5` (`ρ 0.02` under zCDP); `nothing`
   * when no release spends DP budget.
   */
  readonly adds: string;
  /** What remains of the budget now, before the run, e.g. `ε 0.8`. */
  readonly remaining: string;
  /** What remains of the budget after it, e.g. `ε 0.3`. */
  readonly remainingAfter: string;
  /**
   * Under zCDP with a δ, the ε left after the run, labelled as a converted figure: `(ε, δ = 2.24, 1e-6 left: ε 3 less
   * the converted total, Bun & Steinke 2016)`.
   */
  readonly convertedAfter?: string;
  /** The budget's limit in the accounting's notion, e.g. `ε 1` (`ρ 0.147` under zCDP). */
  readonly limit: string;
  /** The ledger's total after the run against the limit, e.g. `ε 0.9 of 1` (with its converted ε under zCDP). */
  readonly totalAfter: string;
  /**
   * A PRAM release's local ε, which spends no central budget: `PRAM's local ε is 1.95 (ln of the largest ratio in a
   * column of its matrix; Kairouz, Oh & Viswanath 2014).`
   */
  readonly local?: string;
  /** True when the ledger would refuse the run for want of budget. */
  readonly overrun: boolean;
  /** Releases of this run already in the ledger, with the time of their latest run. */
  readonly previous: readonly { readonly release: string; readonly at: string }[];
}

export interface LedgerResponse {
  readonly spec: string;
  readonly ledger: string;
  readonly accounting: 'pure' | 'approx' | 'zcdp';
  readonly entries: readonly LedgerEntryView[];
  /** Each recorded raise of the ledger's limit (`privspec budget raise`), oldest first. */
  readonly raises: readonly {
    readonly at: string;
    readonly from: string;
    readonly to: string;
    readonly reason: string;
  }[];
  /** What the ledger has spent against the budget: `ε 0.8 of 1`. */
  readonly total: string;
  readonly run: RunPreview;
}

export * from './preview-request-types.js';
