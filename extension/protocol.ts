import type { TextChange } from './workers/incremental-table.js';

/**
 * Every message that crosses a process or frame boundary from the extension host, typed in one place:
 * the custom LSP requests (shared with the server through `language/protocol-types.ts`), the CSV worker's requests and replies,
 * and the risk-report webview's messages. Neither side sends anything that is not declared here.
 */

// ---------------------------------------------------------------------------------------------------------------
// Custom LSP requests: the shapes are shared with the server through `language/protocol-types.ts`.

export type {
  AnonymizeCsvParams,
  AnonymizeCsvResult,
  BudgetParams,
  BudgetReleaseEntry,
  BudgetSummaryResponse,
  CsvModelsResponse,
  HierarchySource,
  LedgerEntryView,
  LedgerParams,
  LedgerResponse,
  PrivacyAmount,
  ReleaseOutcome,
  RunPreview,
  RunReleaseParams,
  RunReleaseResult,
  SpecDatasetModel,
} from '../language/protocol-types.js';
export { previewEditsRequestMethod, previewReleaseRequestMethod } from '../language/preview-request-types.js';
export type { PreviewEditsResponse, PreviewParams, PreviewResponse } from '../language/preview-request-types.js';
export { anonymizeCsvRequestMethod, budgetRequestMethod, csvModelsChangedNotificationMethod, csvModelsRequestMethod, ledgerRequestMethod, runReleaseRequestMethod } from '../language/protocol-types.js';
import type { BudgetSummaryResponse, HierarchySource } from '../language/protocol-types.js';
export type BudgetResult = BudgetSummaryResponse | null;

// ---------------------------------------------------------------------------------------------------------------
// What the CSV checks need to know about one CSV: the language server's `SpecDatasetModel` of the spec that names it
// (k from the settings when the spec states none), or the quasi-identifiers stored in the workspace settings.

/** The model one CSV is checked against. */
export interface CsvModel {
  readonly qi: readonly string[];
  readonly k: number;
  /** Direct identifiers, dropped from anonymized output. */
  readonly identifying?: readonly string[];
  readonly sensitive?: readonly string[];
  /** The privacy unit: a class's size is its number of distinct units (rows of one person do not hide each other). */
  readonly unit?: string;
  readonly samplingFraction?: number;
  /** Hierarchies by column, for the "Generalize" quick fix and the anonymize command. */
  readonly hierarchies: Readonly<Record<string, HierarchySource>>;
  /** Levels the spec already generalizes columns to (a column absent here stays at level 0). */
  readonly levels: Readonly<Record<string, number>>;
  /** What the spec's anonymity block requires, for the risk report's "met / not met" and its optimal transformation. */
  readonly requirements?: { readonly criteria: readonly import('../engine/criteria/criterion-spec.js').CriterionSpec[]; readonly suppression: number; readonly metric: string };
  /** The spec this model came from, or undefined when it came from the workspace settings. */
  readonly spec?: { readonly uri: string; readonly name: string };
}

// ---------------------------------------------------------------------------------------------------------------
// The CSV worker (`dist/csv-diagnostics-worker.cjs`): requests carry an id, replies echo it.

/** One row of a class smaller than k, located for an editor diagnostic. */
export interface RowViolation {
  /** 1-based record number (the header is not a record). */
  readonly row: number;
  /** 0-based line of the record in the document. */
  readonly line: number;
  /** Character range on that line from the first to the last quasi-identifier cell. */
  readonly start: number;
  readonly end: number;
  /** The quasi-identifier cells on that line, adjacent ones merged: what the editor underlines. */
  readonly cells: readonly (readonly [number, number])[];
  /** Rows in the class. */
  readonly classSize: number;
  /** Distinct privacy units in the class, when the model declares a unit. */
  readonly units?: number;
  /** `{age=34, sex=F, zip=81931}`. */
  readonly classKey: string;
  /** An opaque id of the class in the last check of this document, for "Show the rows of this class". */
  readonly classId: number;
}

export interface CheckResult {
  readonly rows: number;
  readonly classes: number;
  readonly violatingRows: number;
  readonly violatingClasses: number;
  /** The unit column whose distinct values were counted, when the model declares one and the CSV has it. */
  readonly unit?: string;
  /** At most `maxDiagnostics`, in file order. */
  readonly violations: readonly RowViolation[];
  /** 0-based line of the header, for the summary diagnostic. */
  readonly headerLine: number;
  readonly elapsedMs: number;
}

/** A single-column generalization that lifts a class to k. */
export interface GeneralizationFix {
  readonly column: string;
  readonly level: number;
  /** The generalized value of this class's cell at that level, for the quick fix's title. */
  readonly value: string;
  /** Rows below k now that would reach k with this change alone. */
  readonly resolves: number;
}

export interface ClassRows {
  readonly classKey: string;
  readonly rows: readonly { readonly row: number; readonly line: number }[];
}

/** One requirement of the spec measured on a table: met when no class fails it. */
export interface RequirementCheck {
  /** The criterion's name, e.g. `3-anonymity`, `distinct-3-diversity on diagnosis`. */
  readonly name: string;
  /** What it asks, in words. */
  readonly required: string;
  /** The table's value of the model's measure, in words. */
  readonly measured: string;
  readonly failingClasses: number;
  readonly failingRows: number;
  readonly met: boolean;
}

/** The spec's optimal transformation and what it would release, or why there is none. */
export type RiskAfter =
  | {
    /** `pinned`: the levels the spec pins (what the generalize release applies); `optimal`: the search's optimum. */
    readonly basis: 'pinned' | 'optimal';
    /** Each quasi-identifier's level, its hierarchy's height, and the first row's value before → after, for meaning. */
    readonly levels: readonly { readonly column: string; readonly level: number; readonly height: number; readonly example: string }[];
    readonly suppressed: number;
    /** Rows released (not suppressed). */
    readonly rows: number;
    readonly classes: number;
    readonly sampleUniques: number;
    readonly averageRisk: number;
    readonly highestRisk: number;
    readonly classSizeHistogram: readonly (readonly [number, number])[];
    readonly requirements: readonly RequirementCheck[];
  }
  | { readonly unavailable: string };

/** Risk figures of one CSV, as the risk report shows them. */
export interface RiskReport {
  readonly source: string;
  readonly rows: number;
  readonly qi: readonly string[];
  /** The privacy unit: class sizes, uniques, risks and k violations then count distinct units, not rows. */
  readonly unit?: string;
  /** With a unit: the distinct units in the file, the base for shares of persons. */
  readonly persons?: number;
  /** The level each quasi-identifier is counted at (the spec's pins; 0 = as in the data). */
  readonly levels: Readonly<Record<string, number>>;
  readonly k: number;
  readonly classes: number;
  readonly sampleUniques: number;
  readonly averageRisk: number;
  readonly highestRisk: number;
  /** Class size → number of classes of that size, ascending by size. */
  readonly classSizeHistogram: readonly (readonly [number, number])[];
  readonly kViolations: { readonly k: number; readonly records: number; readonly classes: number };
  readonly populationUniqueness?: { readonly model: string; readonly samplingFraction: number; readonly estimate: number };
  readonly lDiversity: readonly {
    readonly sensitive: string;
    /** The smallest number of distinct sensitive values in any class (distinct ℓ of the table). */
    readonly distinctL: number;
    /** The smallest entropy ℓ (exp of the class's sensitive-value entropy) of any class. */
    readonly entropyL: number;
    readonly classesWithOneValue: number;
  }[];
  /** The spec's requirements measured on the data as it stands (at the pinned levels); empty without a spec. */
  readonly requirements: readonly RequirementCheck[];
  /** The optimal transformation's release, when the spec has an anonymity block. */
  readonly after?: RiskAfter;
  /** Quasi-identifier subsets ranked by the records they make unique. */
  readonly riskiestCombinations: readonly { readonly columns: readonly string[]; readonly sampleUniques: number; readonly classes: number }[];
  /** A simulated linkage attack on this file (PrivSpec: Simulate Attack…), shown and saved with the report. */
  readonly attack?: import('../language/attack-request-types.js').AttackReportSection;
}

export type WorkerRequest =
  | {
    readonly id: number;
    readonly kind: 'check';
    readonly key: string;
    /** The document version checked; the worker keeps it with the check. */
    readonly version: number;
    /** The whole text, or the edits since the worker's check of `baseVersion` (replied `stale` when it has no such check). */
    readonly text?: string;
    readonly edits?: { readonly baseVersion: number; readonly changes: readonly TextChange[] };
    readonly delimiter?: string;
    readonly model: CsvModel;
    readonly maxDiagnostics: number;
  }
  | { readonly id: number; readonly kind: 'fixes'; readonly key: string; readonly classId: number }
  | { readonly id: number; readonly kind: 'classRows'; readonly key: string; readonly classId: number; readonly limit: number }
  | { readonly id: number; readonly kind: 'risk'; readonly text: string; readonly source: string; readonly delimiter?: string; readonly model: CsvModel }
  | { readonly id: number; readonly kind: 'forget'; readonly key: string }
  | { readonly id: number; readonly kind: 'draftSpec'; readonly text: string; readonly relativePath: string; readonly delimiter?: string; readonly k: number };

export interface WorkerFailure {
  readonly message: string;
  /** `stale`: an incremental check found no kept check to apply the edits to; send the whole text. */
  readonly code?: 'stale';
  readonly line?: number;
  readonly column?: number;
}

export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly kind: 'check'; readonly result: CheckResult }
  | { readonly id: number; readonly ok: true; readonly kind: 'fixes'; readonly result: readonly GeneralizationFix[] }
  | { readonly id: number; readonly ok: true; readonly kind: 'classRows'; readonly result: ClassRows }
  | { readonly id: number; readonly ok: true; readonly kind: 'risk'; readonly result: RiskReport }
  | { readonly id: number; readonly ok: true; readonly kind: 'forget'; readonly result: null }
  | { readonly id: number; readonly ok: true; readonly kind: 'draftSpec'; readonly result: string }
  | { readonly id: number; readonly ok: false; readonly error: WorkerFailure };

// ---------------------------------------------------------------------------------------------------------------
// The risk-report webview.

/** Extension → webview. */
export type ToWebview =
  | { readonly type: 'report'; readonly report: RiskReport }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'saved'; readonly path: string };

/** Webview → extension. */
export type FromWebview =
  | { readonly type: 'ready' }
  | { readonly type: 'save'; readonly format: 'markdown' | 'html' };

// ---------------------------------------------------------------------------------------------------------------
// The ledger webview (`PrivSpec: Show Ledger`).

/** Extension → ledger view. */
export type ToLedgerView = { readonly type: 'ledger'; readonly ledger: import('../language/protocol-types.js').LedgerResponse; readonly specName: string };

/** Ledger view → extension. */
export type FromLedgerView =
  | { readonly type: 'ready' }
  | { readonly type: 'refresh' }
  | { readonly type: 'open'; readonly path: string };
