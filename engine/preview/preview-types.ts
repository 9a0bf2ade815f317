/**
 * What the release-preview panel draws, as plain data: computed by the engine (in the language server, off the editor's
 * UI thread) and posted to the webview. Every figure says whether it is exact (the data's own, shown only to the data's
 * owner in the editor) or one example draw of the noise (never written, nothing spent).
 */
import type { BudgetMeter } from '../release/budget-meter.js';

export type PreviewKind = 'aggregate' | 'mode' | 'generalize' | 'pram' | 'local' | 'grid' | 'view' | 'r2t';

/** The parameters the panel's controls may change; absent ones keep the spec's values. */
export interface PreviewControls {
  readonly epsilon?: number;
  readonly rho?: number;
  readonly delta?: number;
  readonly retain?: number;
  readonly method?: string;
  /** A lattice node to preview instead of the optimum, one level per quasi-identifier in the dataset's order. */
  readonly levels?: readonly number[];
}

/** One control the view offers: a number on a (log) range, or a choice. */
export type ControlSpec =
  | {
      readonly name: 'epsilon' | 'rho' | 'delta' | 'retain';
      readonly label: string;
      readonly value: number;
      readonly min: number;
      readonly max: number;
      readonly log: boolean;
    }
  | { readonly name: 'method'; readonly label: string; readonly value: string; readonly options: readonly string[] };

export interface AggregateBody {
  readonly kind: 'aggregate';
  readonly query: 'count' | 'sum' | 'mean';
  readonly mechanism: string;
  /**
   * One entry per released cell (at most `MAX_PREVIEW_CELLS`): the exact value of the bounded, clamped query the
   * release perturbs, the value without contribution bounding (when the release bounds), the rows the cell holds after
   * bounding, one noisy draw of exactly the released distribution, the 95 % half-width.
   */
  readonly cells: readonly {
    readonly label: string;
    readonly truth: number | null;
    readonly unbounded?: number | null;
    readonly rows?: number;
    readonly draw: number;
    readonly error95: number | null;
  }[];
  readonly cellsShown: number;
  readonly cellsTotal: number;
  /** The utility bound in words, as the hover states it. */
  readonly bound: string;
  /** What contribution bounding removes, in words (`bounding removes 1,521 rows (−14.7 %)`): a local figure. */
  readonly bounding?: string;
}

export interface ModeBody {
  readonly kind: 'mode';
  /** Each candidate's score (rows with that value) and its probability of being chosen, exp(ε·u/2Δ) normalized. */
  readonly candidates: readonly { readonly label: string; readonly score: number; readonly probability: number }[];
  /** The score's sensitivity Δᵤ: 1, or the votes each unit may cast (`bound unit rows N`). */
  readonly sensitivity?: number;
  readonly draw: string;
}

export interface RiskFigures {
  readonly rows: number;
  readonly classes: number;
  readonly averageRisk: number;
  readonly highestRisk: number;
  /** With a privacy unit, its column: the classes and risks count its distinct values, as the Risk Report does. */
  readonly unit?: string;
  /** With a unit, the (unit, class) pairs the risks count: each person once in every class they have rows in. */
  readonly persons?: number;
  /** Population uniqueness (Dankar et al. 2012) when the dataset declares its sampling fraction. */
  readonly populationUniqueness?: number;
}

export interface LatticeNode {
  readonly levels: readonly number[];
  readonly satisfied: boolean;
  /** The information loss of the node under the spec's metric (the search's own measure). */
  readonly loss: number;
  readonly optimal: boolean;
  /**
   * Whether the release's search checked the node (computed its classes); otherwise the search inferred its status
   * from a checked node or pruned it by the loss bound. `satisfied` is the preview's own check either way.
   */
  readonly checked: boolean;
}

export interface GeneralizeBody {
  readonly kind: 'generalize';
  readonly columns: readonly string[];
  readonly heights: readonly number[];
  /** Every node when the lattice has at most `MAX_LATTICE_NODES`; otherwise only the optimum and the selected node. */
  readonly lattice: readonly LatticeNode[];
  readonly latticeComplete: boolean;
  /** The levels the release applies (its search with the pins fixed); null when it would refuse. */
  readonly optimum: readonly number[] | null;
  readonly selected: readonly number[];
  /** What each selected level means, e.g. `zip 1 of 5: 45766 → 4576*`. */
  readonly levelMeaning: readonly string[];
  /**
   * Example records' quasi-identifiers before and after (null = suppressed): the first distinct tuples in sorted order.
   */
  readonly sample: {
    readonly header: readonly string[];
    readonly before: readonly (readonly string[])[];
    readonly after: readonly (readonly string[] | null)[];
  };
  /** The kept classes after, as [size, classes]: sizes in distinct units with a unit (the report's count), or rows. */
  readonly classSizes: readonly (readonly [number, number])[];
  readonly suppressed: number;
  readonly satisfied: boolean;
  /** Information loss under the spec's metric (ARX's definitions): of the previewed node and of the optimum. */
  readonly loss: { readonly metric: string; readonly selected: number; readonly optimum: number | null };
  readonly criteria: readonly string[];
  /** The quasi-identifiers the spec pins: fixed at their level in the release's search. */
  readonly pinned: readonly string[];
  /** Why the release would write nothing (no transformation within the pins satisfies the block). */
  readonly unavailable?: string;
  /** The data as it stands: at the spec's pinned levels, the Risk Report's "before" (`riskBefore`). */
  readonly before: RiskFigures;
  readonly after: RiskFigures;
}

export interface PramBody {
  readonly kind: 'pram';
  readonly attributes: readonly {
    readonly name: string;
    readonly labels: readonly string[];
    readonly matrix: readonly (readonly number[])[];
    readonly epsilon: number;
    readonly before: readonly number[];
    /** E[n′] = Pᵀ·n. */
    readonly expected: readonly number[];
    /** Chebyshev half-width √20·σ: at least 95 % of draws fall within expected ± band (Chebyshev's inequality). */
    readonly band: readonly number[];
    /** One example draw's counts. */
    readonly draw: readonly number[];
  }[];
  readonly combinedEpsilon: number;
  /** The highest identification probability η of a record (Kooiman et al. 1997), or why it was not computed. */
  readonly highestRisk: number | string;
}

/**
 * A local DP release before it runs: per declared value, its exact count among the reporting units (the owner's
 * figure), the standard error of its estimate and one example estimate; and the domain size from which the count-mean
 * sketch's error is below randomized response's at this ε and n.
 */
export interface LocalBody {
  readonly kind: 'local';
  readonly column: string;
  readonly protocol: string;
  readonly epsilon: number;
  /** Units that report (one report each). */
  readonly reports: number;
  readonly values: readonly {
    readonly value: string;
    readonly before: number;
    readonly standardError: number;
    /** One example estimate from a draw of every report; null when the draw is too large for a preview. */
    readonly draw: number | null;
  }[];
  /** The standard error of a value no unit holds, by randomized response over this domain and by the sketch. */
  readonly responseError: number;
  readonly sketchError: number;
  readonly sketchWidth: number;
  /** The smallest domain size at which the sketch's error is the smaller, or null beyond 10⁹ values. */
  readonly sketchBeatsAt: number | null;
}

export interface GridBody {
  readonly kind: 'grid';
  readonly size: number;
  readonly method: string;
  /** Row-major cell counts: exact, and one noisy draw. */
  readonly truth: readonly number[];
  readonly draw: readonly number[];
  /** Expected RMSE of a square range query by its side, for the chosen method and the baselines. */
  readonly rmse: readonly { readonly method: string; readonly side: number; readonly rmse: number }[];
}

/** One 2-D projection of a view: the data's density on two dimensions and the blocks' rectangles over it. */
export interface ViewProjection {
  /** The two dimensions, by index into `dimensions`; y is null for a 1-D view (drawn on y 0..1). */
  readonly x: number;
  readonly y: number | null;
  /**
   * Exact counts of the bounded rows in bins of the two dimensions' indices (`[x0, x1) × [y0, y1)`), nonzero bins only.
   */
  readonly density: readonly {
    readonly x0: number;
    readonly x1: number;
    readonly y0: number;
    readonly y1: number;
    readonly count: number;
  }[];
  /**
   * The example draw's blocks projected (index intervals, end exclusive), identical rectangles merged, at most
   * `MAX_PROJECTED_BLOCKS`.
   */
  readonly blocks: readonly { readonly x0: number; readonly x1: number; readonly y0: number; readonly y1: number }[];
  readonly blocksTotal: number;
}

export interface ViewBody {
  readonly kind: 'view';
  readonly algorithm: string;
  /** The ε the view is built at (the written ε over the rows a unit may add). */
  readonly epsilon: number;
  readonly dimensions: readonly import('../view/view-types.js').ViewDimension[];
  /** Blocks in the example draw, and the rows it was built on (bounded, inside the domain): local figures. */
  readonly blocks: number;
  readonly rows: number;
  readonly projections: readonly ViewProjection[];
  /**
   * The error on a random range-count workload, per algorithm, at the release's ε: for HDPView and PrivTree from `runs`
   * builds each on the data (an estimate; the time box may cut `runs` short), for identity exactly from its noise's
   * variance (`analytic`); the RMSE over the workload's queries, and relative to HDPView's (HDPView = 1, the
   * normalisation in which Kato et al., VLDB 2022, summarise their comparison).
   */
  readonly arr: readonly {
    readonly algorithm: string;
    readonly rmse: number | null;
    readonly relative: number | null;
    readonly runs: number;
    readonly analytic?: boolean;
    readonly skipped?: string;
    readonly ms: number;
  }[];
  /** The algorithm that answers the workload best by these errors, when it is not the release's and clearly better. */
  readonly suggestion?: import('./algorithm-suggestion.js').AlgorithmSuggestion;
  readonly workload: string;
  /**
   * A few queries of the workload: the text `privspec query` reads, the exact count, the example view's answer and its
   * noise s.d.
   */
  readonly examples: readonly {
    readonly query: string;
    readonly truth: number;
    readonly answer: number;
    readonly noiseStdDev: number;
  }[];
}

/**
 * An R2T release: per cell, the expected error of R2T beside each fixed truncation threshold τ, computed from the exact
 * data (local figures for the data's owner).
 */
export interface R2tBody {
  readonly kind: 'r2t';
  readonly label: string;
  readonly epsilonPerCandidate: number;
  readonly cells: readonly {
    readonly labels: readonly string[];
    /** The exact answer (at the largest threshold): a local figure. */
    readonly truth: number;
    /** R2T's |error|: its median, and its mean (which its rare overshoots dominate). */
    readonly r2t: { readonly median: number; readonly mean: number };
    /** A fixed τ at the whole ε: the median and the mean of its |error|. */
    readonly fixed: readonly { readonly tau: number; readonly median: number; readonly mean: number }[];
  }[];
}

export type PreviewBody =
  AggregateBody | ModeBody | GeneralizeBody | PramBody | LocalBody | GridBody | ViewBody | R2tBody;

export interface ReleasePreview {
  readonly spec: string;
  readonly release: string;
  readonly kind: PreviewKind;
  /** Set when the preview ran on a sample of the rows: "preview on `rows` of `of` rows". */
  readonly sample?: { readonly rows: number; readonly of: number };
  /** DP releases: what this release spends, the whole plan's and the ledger's totals, in the budget's notion. */
  readonly budget?: BudgetMeter;
  readonly controls: readonly ControlSpec[];
  readonly body: PreviewBody;
  readonly notes: readonly string[];
  /** Milliseconds the engine took, for the bench and the status line. */
  readonly elapsedMs: number;
}

export const MAX_PREVIEW_CELLS = 200;
/**
 * The most lattice nodes a preview sends whole (ARX draws thousands): each is checked by the preview, and the preview
 * already samples rows when rows × nodes is beyond its work limit (language/lsp/preview-data.ts).
 */
export const MAX_LATTICE_NODES = 4096;
export const MAX_PROJECTED_BLOCKS = 2000;
