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
export function aggregationError(cells: SparseCells, ids: Int32Array, from: number, to: number, sum: number, size: number): number {
  const nnz = to - from;
  const mean = sum / size;
  if (mean <= 1) return Math.max(0, sum + mean * (size - 2 * nnz));
  let deviation = 0;
  for (let k = from; k < to; k++) deviation += Math.abs(cells.counts[ids[k]] - mean);
  return deviation + (size - nnz) * mean;
}

/**
 * For every cut of a block along dimension d — left = offsets 0..i, right = the rest, i = 0..card−2 — the sum
 * AE(left) + AE(right). `ids` is reordered so that its cells are sorted by their offset along d.
 */
export function cutErrors(cells: SparseCells, ids: Int32Array, lo: readonly number[], hi: readonly number[], d: number, size: number): Float64Array {
  const card = hi[d] - lo[d] + 1;
  const coord = cells.coords[d];
  // Counting sort by offset, with per-offset sums, so that each side of a cut is a prefix or suffix of `ids`.
  const start = new Int32Array(card + 1);
  const sumAt = new Float64Array(card);
  for (let k = 0; k < ids.length; k++) {
    const o = coord[ids[k]] - lo[d];
    start[o + 1]++;
    sumAt[o] += cells.counts[ids[k]];
  }
  for (let o = 0; o < card; o++) start[o + 1] += start[o];
  const next = start.slice(0, card);
  const sorted = new Int32Array(ids.length);
  for (let k = 0; k < ids.length; k++) sorted[next[coord[ids[k]] - lo[d]]++] = ids[k];
  ids.set(sorted);

  let total = 0;
  for (let o = 0; o < card; o++) total += sumAt[o];
  const slice = size / card;
  const out = new Float64Array(card - 1);
  let left = 0;
  for (let i = 0; i < card - 1; i++) {
    left += sumAt[i];
    const split = start[i + 1];
    const leftAe = aggregationError(cells, ids, 0, split, left, slice * (i + 1));
    const rightAe = aggregationError(cells, ids, split, ids.length, total - left, slice * (card - 1 - i));
    out[i] = leftAe + rightAe;
  }
  return out;
}
