/**
 * The non-zero cells of the count tensor, gathered from a view's input. Builders work on these rather than on the
 * dense tensor, whose size is the product of the domain sizes (224,000 cells for six Adult columns, far more for
 * wider views), while the number of non-zero cells is at most the number of distinct records.
 */
import { PrivacyError } from '../core/measures.js';
import { dimensionSize, validateDimensions } from './view-domain.js';
import type { ViewCounts } from './view-types.js';

export interface SparseCells {
  /** Domain size per dimension. */
  readonly sizes: readonly number[];
  /** `coords[j][c]`: cell c's index in dimension j. */
  readonly coords: readonly Int32Array[];
  /** `counts[c]`: the number of rows in cell c (≥ 1). */
  readonly counts: Float64Array;
  readonly total: number;
}

/**
 * Validates the input (every index inside its dimension, weights whole numbers ≥ 0) and adds weights per cell; the
 * cells are listed in increasing mixed-radix index (last dimension fastest), whatever the order of the records.
 */
export function sparseCells(input: ViewCounts): SparseCells {
  const { dimensions, codes, weights } = input;
  validateDimensions(dimensions);
  const sizes = dimensions.map(dimensionSize);
  if (codes.length !== dimensions.length)
    throw new PrivacyError(`view input has ${codes.length} code columns for ${dimensions.length} dimensions`);
  const n = weights.length;
  for (let j = 0; j < codes.length; j++) {
    if (codes[j].length !== n)
      throw new PrivacyError(
        `view input: dimension ${dimensions[j].name} has ${codes[j].length} codes for ${n} records`,
      );
  }
  // Mixed-radix cell index: exact, since validateDimensions bounds the domain by 2^53.
  const index = new Map<number, number>();
  const cellOf: number[] = [];
  const counts: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i];
    if (!Number.isInteger(w) || w < 0)
      throw new PrivacyError(`view input: record ${i + 1} has weight ${w}; weights are whole numbers ≥ 0`);
    if (w === 0) continue;
    let key = 0;
    for (let j = 0; j < codes.length; j++) {
      const v = codes[j][i];
      if (!Number.isInteger(v) || v < 0 || v >= sizes[j]) {
        throw new PrivacyError(
          `view input: record ${i + 1} has index ${v} in dimension ${dimensions[j].name}, outside its domain of ${sizes[j]} values`,
        );
      }
      key = key * sizes[j] + v;
    }
    let c = index.get(key);
    if (c === undefined) {
      c = counts.length;
      index.set(key, c);
      cellOf.push(i);
      counts.push(0);
    }
    counts[c] += w;
    total += w;
  }
  // Cells in the order of their index, not of first appearance: the builders' floating-point sums
  // (aggregation-error.ts) then run in one order for one multiset of points, so a view built from rows and one built
  // from a source's grouped answer (release-aggregates.ts) are the same view for the same seed.
  const keys = [...index.keys()].sort((a, b) => a - b);
  const order = keys.map((k) => index.get(k)!);
  const coords = codes.map((col) => Int32Array.from(order, (c) => col[cellOf[c]]));
  return { sizes, coords, counts: Float64Array.from(order, (c) => counts[c]), total };
}
