/**
 * A query with its sensitivity: the transformation half of a release (OpenDP's `Transformation` with a stability
 * map, reduced to what privspec needs). A mechanism's `map(dIn)` is then applied at `l1` (Laplace) or `l2` (Gaussian).
 *
 * Neighbouring relations (seed "DP query tutorial", 隣接データベース):
 * - `add-remove`: one record added or removed (unbounded DP) — count, sum, histogram.
 * - `replace`: one record changed, n public (bounded DP) — mean, variance, covariance, max, as in the seed's
 *   sensitivities m/n and m (seed "PETs lecture", 敏感度の具体例).
 */
import type { Table } from '../../table/table.js';

export type Neighbouring = 'add-remove' | 'replace';

export interface Query {
  readonly name: string;
  readonly neighbouring: Neighbouring;
  /** Output length (1 for scalars, bins for histograms). */
  readonly size: number;
  /** L1 and L2 sensitivity when each individual owns one row. */
  readonly l1: number;
  readonly l2: number;
  /** Bin labels of vector outputs. */
  readonly labels?: readonly string[];
  /** Answers are whole numbers (counts): noise can then be added on ℤ with no rounding. */
  readonly integerValued?: boolean;
  /** The column whose values partition the output (histograms); user-level bounds use it. */
  readonly partitionColumn?: string;
  /** The true answer on `rows` (all rows by default). */
  evaluate(table: Table, rows?: Int32Array): number[];
}
