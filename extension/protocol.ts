import type { TextChange } from './workers/incremental-table.js';

/**
 * Every message that crosses a process or frame boundary from the extension host, typed in one place:
 * the custom LSP requests (shared with the server through `language/protocol-types.ts`), the CSV worker's requests and
 * replies, and the risk-report webview's messages. Neither side sends anything that is not declared here.
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
export {
  draftSpecRequestMethod,
  levelEditRequestMethod,
  riskReportRequestMethod,
} from '../language/editor-request-types.js';
export type {
  DraftSpecParams,
  DraftSpecResponse,
  LevelEditParams,
  LevelEditResponse,
  RiskReportParams,
  RiskReportResponse,
} from '../language/editor-request-types.js';
export type { PreviewEditsResponse, PreviewParams, PreviewResponse } from '../language/preview-request-types.js';
export {
  anonymizeCsvRequestMethod,
  budgetRequestMethod,
  csvModelsChangedNotificationMethod,
  csvModelsRequestMethod,
  ledgerRequestMethod,
  runReleaseRequestMethod,
} from '../language/protocol-types.js';
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
  /**
   * Survey weights: the worker flags records whose individual risk exceeds `riskThreshold` (see
   * individual-risk-flags.ts).
   */
  readonly weight?: string;
  readonly riskThreshold?: number;
  readonly samplingFraction?: number;
  /** Hierarchies by column, for the "Generalize" quick fix and the anonymize command. */
  readonly hierarchies: Readonly<Record<string, HierarchySource>>;
  /** Levels the spec already generalizes columns to (a column absent here stays at level 0). */
  readonly levels: Readonly<Record<string, number>>;
  /** What the spec's anonymity block requires, for the risk report's "met / not met" and its optimal transformation. */
  readonly requirements?: {
    readonly criteria: readonly import('../engine/criteria/criterion-spec.js').CriterionSpec[];
    readonly suppression: number;
    readonly metric: string;
  };
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
  /**
   * Set when the class is not below k but fails one of the spec's sensitive-attribute models (ℓ-diversity,
   * t-closeness): the model's name and, for t-closeness, the class's distance from the overall distribution.
   */
  readonly model?: { readonly criterion: string; readonly distance?: number };
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
  /** With a survey weight in the model: the records above the individual-risk threshold. */
  readonly individualRisk?: IndividualRiskCheck;
  /** The spec's ℓ-diversity and t-closeness requirements that some class fails, with the rows and classes failing. */
  readonly sensitiveModels?: readonly { readonly criterion: string; readonly rows: number; readonly classes: number }[];
}

/** Records whose survey-weighted individual risk exceeds the threshold (at most `maxDiagnostics` located). */
export interface IndividualRiskCheck {
  readonly weight: string;
  readonly threshold: number;
  /** All records above the threshold. */
  readonly records: number;
  readonly expectedReidentifications: number;
  readonly flags: readonly {
    readonly row: number;
    /** 0-based line and the quasi-identifier cells on it. */
    readonly line: number;
    readonly cells: readonly (readonly [number, number])[];
    readonly risk: number;
    readonly fk: number;
    readonly Fk: number;
    readonly classKey: string;
  }[];
  /** A weight that is not a number of at least 1: the message and its 1-based line. */
  readonly error?: { readonly message: string; readonly line?: number };
}

export type { GeneralizationFix } from '../engine/anonymity/k-check.js';
import type { GeneralizationFix } from '../engine/anonymity/k-check.js';

export interface ClassRows {
  readonly classKey: string;
  readonly rows: readonly { readonly row: number; readonly line: number }[];
}

export type { IndividualRiskFigures, RequirementCheck, RiskAfter } from '../engine/risk/risk-report-figures-types.js';
import type { RiskReportFigures } from '../engine/risk/risk-report-figures-types.js';
import type { AttackReportSection } from '../language/attack-request-types.js';

/**
 * The engine's risk figures, and a simulated linkage attack on the file when the user ran one (shown and saved with
 * it).
 */
export type RiskReport = RiskReportFigures & { readonly attack?: AttackReportSection };

export type WorkerRequest =
  | {
      readonly id: number;
      readonly kind: 'check';
      readonly key: string;
      /** The document version checked; the worker keeps it with the check. */
      readonly version: number;
      /**
       * The whole text, or the edits since the worker's check of `baseVersion` (replied `stale` when it has no such
       * check).
       */
      readonly text?: string;
      readonly edits?: { readonly baseVersion: number; readonly changes: readonly TextChange[] };
      readonly delimiter?: string;
      readonly model: CsvModel;
      readonly maxDiagnostics: number;
    }
  | { readonly id: number; readonly kind: 'fixes'; readonly key: string; readonly classId: number }
  | {
      readonly id: number;
      readonly kind: 'classRows';
      readonly key: string;
      readonly classId: number;
      readonly limit: number;
    }
  | { readonly id: number; readonly kind: 'forget'; readonly key: string };

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
  | { readonly id: number; readonly ok: true; readonly kind: 'forget'; readonly result: null }
  | { readonly id: number; readonly ok: false; readonly error: WorkerFailure };

// ---------------------------------------------------------------------------------------------------------------
// The risk-report webview.

/** Extension → webview. */
export type ToWebview =
  | { readonly type: 'report'; readonly report: RiskReport }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'saved'; readonly path: string };

/** Webview → extension. */
export type FromWebview = { readonly type: 'ready' } | { readonly type: 'save'; readonly format: 'markdown' | 'html' };

// ---------------------------------------------------------------------------------------------------------------
// The ledger webview (`PrivSpec: Show Ledger`).

/** Extension → ledger view. */
export type ToLedgerView = {
  readonly type: 'ledger';
  readonly ledger: import('../language/protocol-types.js').LedgerResponse;
  readonly specName: string;
};

/** Ledger view → extension. */
export type FromLedgerView =
  { readonly type: 'ready' } | { readonly type: 'refresh' } | { readonly type: 'open'; readonly path: string };
