/**
 * What the preview panel (engine/preview/) and the editor (language/lsp/) ask a release kind, and what they tell it:
 * the types of the `ReleaseKind` members grouped under "The preview and the editor". A kind answers in plain data and
 * words, so that the preview's bodies and the language server's nodes stay where they are and no code outside the
 * kinds tells one kind from another.
 */
import type { ReleasePlan } from '../plan-release.js';
import type { MechanismKind } from '../release-description.js';

/** The view of the preview panel that draws a kind: a count, a sum and a mean share `aggregate`. */
export type PreviewView = 'aggregate' | 'mode' | 'generalize' | 'pram' | 'local' | 'grid' | 'view' | 'r2t';

/** Exact cells of a count, sum or mean: the rows of each cell and its exact sum (its rows again for a count). */
export interface ExactCells {
  readonly counts: number[];
  readonly exact: number[];
}

/** A count, sum or mean's figures per cell, as its preview shows them beside the noisy draw. */
export interface CellFigures {
  /** The cell's value from its exact cells: a mean divides its sum by its rows (none for an empty cell). */
  value(cells: ExactCells, i: number): number | null;
  /** The 95 % half-width of one cell's value, from the release's bound. */
  error95(bound: number, rows: number): number | null;
  /**
   * The 95 % bound in words, from the release's bound: `95 % of draws fall within ±1.2 on each group`. A mean's bound
   * is per cell (the noisy sum's bound over the cell's rows), so it names the division instead of one figure.
   */
  boundText(bound: number, grouped: boolean): string;
  /** What contribution bounding removes, in words, from the bounded and the unbounded cells: for the owner's eyes. */
  bias(bounded: ExactCells, unbounded: ExactCells, dropped: number): string;
}

/** The panel's switch between the mechanisms of a kind: its label and the mechanisms it offers. */
export interface MethodSwitch {
  readonly label: string;
  readonly options: readonly MechanismKind[];
}

/** A control on the query's own parameter (PRAM's retention), which the panel offers in place of the mechanism's. */
export interface QueryControl {
  readonly name: 'retain';
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly log: boolean;
}

/** What the editor knows of the data when it asks a kind for its hover: nothing is read for the asking. */
export interface EditorFacts {
  /** The values the spec lists for a column (a hierarchy that lists them). */
  readonly inlineDomains: ReadonlyMap<string, readonly string[]>;
  /** The data's rows, once the editor has scanned the file; undefined before, or for data read where it lies. */
  rows(): Promise<number | undefined>;
  /** The distinct values of a column in the scanned data; undefined when it is not scanned or lacks the column. */
  distinct(column: string): Promise<number | undefined>;
}

/** The plan the hover shows; the editor's plan places each problem on its syntax node, so only their number is read. */
export type HoverPlan = Omit<ReleasePlan, 'problems'> & { readonly problems: readonly unknown[] };

/** A kind's lines in the hover on a release, in the order shown. */
export interface HoverLines {
  /** What the release is and does, after the noise (or, for microdata, after the title). */
  readonly about: readonly string[];
  /** The error line, in place of the general `95 % error bound: ±b`; absent, the general one is shown. */
  readonly error?: string;
  /** After the error line (a mode's utility). */
  readonly after?: readonly string[];
}

/** What the checker tells a kind's editor checks: the spec's domains and the user's threshold. */
export interface CheckFacts {
  readonly release: string;
  /** The columns whose domain the spec declares; the values of those it lists inline. */
  readonly declaredDomains: ReadonlySet<string>;
  readonly inlineDomains: ReadonlyMap<string, readonly string[]>;
  /** The highest local ε the user accepts without a warning, and the setting that states it. */
  readonly maxEpsilon: number;
  readonly maxEpsilonSetting: string;
  /** The release of the spec, before this one, that randomized each column: the checks add this release's own. */
  readonly randomizedBy: Map<string, string>;
}

/** A check's finding, placed by the checker on the column's first mention in the release's query. */
export interface EditorCheck {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly column: string;
  readonly code: 'data-dependent-domain' | 'pram-epsilon-high' | 'pram-rerun' | 'local-rerun';
  /**
   * Findings of one cause (the same code and key) across the spec's releases and columns make one diagnostic, in the
   * words of `message` over every (release, column) they concern, placed at the first and pointing at each: the attack
   * demo's two PRAM releases of three columns each showed six identical warnings (issue 37 item 11).
   */
  readonly grouped?: {
    readonly key: string;
    readonly message: (places: readonly { readonly release: string; readonly column: string }[]) => string;
  };
}
