/**
 * A differentially private view (Kato et al., "HDPView: differentially private materialized view for exploring high
 * dimensional relational data", VLDB 2022): a partition of the count tensor's domain into disjoint blocks, each with a
 * noisy count. Once built it answers any number of counting queries as post-processing, at no further privacy cost.
 *
 * The domain comes from the spec only (declared ranges and hierarchies), never from the data, so the shape of the
 * domain reveals nothing; the partition and the counts are the private output.
 */
import type { PrivacyCost } from '../core/measures.js';

/** A numeric dimension: integer values `lo..hi` inclusive (the public bounds the spec gives with `within`). */
export interface RangeDimension {
  readonly kind: 'range';
  readonly name: string;
  readonly lo: number;
  readonly hi: number;
}

/** A categorical dimension: its values in a fixed public order (the hierarchy's leaves), indexed 0..values.length-1. */
export interface CategoricalDimension {
  readonly kind: 'categorical';
  readonly name: string;
  readonly values: readonly string[];
}

export type ViewDimension = RangeDimension | CategoricalDimension;

/**
 * One block of the partition. For each dimension, an inclusive interval of indices into that dimension's ordered domain
 * (for a range dimension, index i is the value lo + i). Blocks of one view are disjoint and cover the whole domain.
 */
export interface ViewBlock {
  readonly lo: readonly number[];
  readonly hi: readonly number[];
  /** The block's noisy count (may be negative or fractional; answers clamp only where the user asks). */
  readonly count: number;
}

export type ViewAlgorithm = 'hdpview' | 'privtree' | 'identity';

/** What a view file holds (written as JSON; `version` for forward compatibility). */
export interface DpView {
  readonly version: 1;
  readonly algorithm: ViewAlgorithm;
  readonly dimensions: readonly ViewDimension[];
  readonly blocks: readonly ViewBlock[];
  /** The privacy cost of building the view (the whole view; answering from it costs nothing). */
  readonly cost: PrivacyCost;
  /** Mechanism parameters for the report (budget split, depth, noise scales, …). */
  readonly parameters: Readonly<Record<string, number | string | boolean>>;
}

/**
 * A range-counting query over a view: for each constrained dimension, the indices it accepts — an inclusive interval
 * (`lo..hi`, for ranges and for runs of categorical values) or a set of indices (categorical `in {…}` / `=`).
 * Dimensions not named accept every value.
 */
export type DimensionCondition =
  | { readonly dimension: number; readonly lo: number; readonly hi: number }
  | { readonly dimension: number; readonly indices: readonly number[] };

export interface ViewQuery {
  readonly conditions: readonly DimensionCondition[];
}

/** An answer from a view: the estimate (uniform within each block) and its standard error from the noise alone. */
export interface ViewAnswer {
  readonly estimate: number;
  /** Standard deviation of the estimate due to the count noise (blocks' noise variances × overlap fractions²). */
  readonly noiseStdDev: number;
}

/**
 * The input of a view builder: the count data over the view's dimensions, as a frequency table of domain indices —
 * `codes[j][i]` is distinct record i's index into dimension j's ordered domain and `weights[i]` how many rows hold it
 * (after contribution bounding). Records may repeat; the builder adds their weights cell by cell.
 */
export interface ViewCounts {
  readonly dimensions: readonly ViewDimension[];
  readonly codes: readonly (Int32Array | readonly number[])[];
  readonly weights: Int32Array | readonly number[];
}

/** How to build a view: the algorithm, the budget ε, and optional hyper-parameters (defaults are the papers'). */
export interface BuildViewOptions {
  readonly algorithm: ViewAlgorithm;
  readonly epsilon: number;
  /**
   * The most rows one unit (person) contributes (`bound unit rows N`); default 1. The view is ε-DP for units: each
   * mechanism runs at ε/N, and group privacy (Dwork, Roth 2014, Thm 2.2) multiplies by N.
   */
  readonly maxRowsPerUnit?: number;
  readonly parameters?: Readonly<Record<string, number>>;
}
