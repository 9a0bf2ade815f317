/**
 * The aggregation error of a block (Kato et al., VLDB 2022, Section 4): AE(B) = Σ_{cells c ∈ B} |x_c − x̄_B|, the L1
 * distance between the block's counts and their mean — what answering from the block's mean alone gets wrong. It is
 * computed from the block's non-zero cells only: the zero cells contribute (|B| − nnz)·x̄. When x̄ ≤ 1 every non-zero
 * count (a whole number ≥ 1) lies above the mean, so Σ|x − x̄| = S − nnz·x̄ and AE = S + x̄(|B| − 2·nnz) in O(1).
 *
 * Sensitivity: adding a row to cell c raises x_c by 1 and x̄ by 1/|B|; |x_c − x̄| moves by ≤ 1 − 1/|B| and each of the
 * other |B| − 1 terms by ≤ 1/|B|, so AE moves by ≤ 2(1 − 1/|B|) < 2.
 *
 * Monotonicity (used by the privacy proof, hdpview.md): a sub-block C ⊂ B has AE(C) ≤ AE(B). Since Σ_B (x − x̄_B) = 0,
 * AE(B) ≥ Σ_C |x − x̄_B| + |Σ_{B∖C} (x − x̄_B)| = Σ_C |x − x̄_B| + |C|·|x̄_C − x̄_B| ≥ Σ_C |x − x̄_C| = AE(C), the last
 * step by the triangle inequality |x − x̄_C| ≤ |x − x̄_B| + |x̄_B − x̄_C|.
 */
import type { SparseCells } from './sparse-cells.js';

/** AE of a block with total S, nnz non-zero cells (ids `ids[from..to)`) and `size` cells in all. */
export function aggregationError(
  cells: SparseCells,
  ids: Int32Array,
  from: number,
  to: number,
  sum: number,
  size: number,
): number {
  const nnz = to - from;
  const mean = sum / size;
  if (mean <= 1) return Math.max(0, sum + mean * (size - 2 * nnz));
  let deviation = 0;
  for (let k = from; k < to; k++) deviation += Math.abs(cells.counts[ids[k]] - mean);
  return deviation + (size - nnz) * mean;
}

/**
 * The candidate cuts along a dimension of `card` values: every offset 0..card−2 (left = offsets 0..i), or, above
 * MAX_CUTS_PER_DIMENSION + 1 values, that many evenly spaced offsets. The set depends on the public domain only, and it
 * keeps a wide range (`within 0..1000000`) from making each block's cut cost a million scores.
 */
export const MAX_CUTS_PER_DIMENSION = 256;

export function cutOffsets(card: number): Int32Array {
  if (card - 1 <= MAX_CUTS_PER_DIMENSION) return Int32Array.from({ length: Math.max(0, card - 1) }, (_, i) => i);
  const m = MAX_CUTS_PER_DIMENSION;
  // Spacing card/(m + 1) > 1, so the offsets are distinct and lie in 0..card−2.
  return Int32Array.from({ length: m }, (_, k) => Math.floor(((k + 1) * card) / (m + 1)) - 1);
}

/**
 * For each cut offset i of a block along dimension d (left = offsets 0..i, right = the rest), the sum
 * AE(left) + AE(right). `ids` is reordered so that its cells are sorted by their coordinate along d; the time is
 * O(nnz log nnz + cuts), plus O(nnz) per cut whose side has a mean above 1 (aggregationError).
 */
export function cutErrors(
  cells: SparseCells,
  ids: Int32Array,
  lo: readonly number[],
  hi: readonly number[],
  d: number,
  size: number,
  offsets: Int32Array,
): Float64Array {
  const card = hi[d] - lo[d] + 1;
  const coord = cells.coords[d];
  ids.sort((a, b) => coord[a] - coord[b]);
  let total = 0;
  for (let k = 0; k < ids.length; k++) total += cells.counts[ids[k]];
  const slice = size / card;
  const out = new Float64Array(offsets.length);
  let left = 0;
  let split = 0;
  for (let c = 0; c < offsets.length; c++) {
    const i = offsets[c];
    while (split < ids.length && coord[ids[split]] - lo[d] <= i) left += cells.counts[ids[split++]];
    const leftAe = aggregationError(cells, ids, 0, split, left, slice * (i + 1));
    const rightAe = aggregationError(cells, ids, split, ids.length, total - left, slice * (card - 1 - i));
    out[c] = leftAe + rightAe;
  }
  return out;
}
