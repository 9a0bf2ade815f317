/**
 * Synthetic records from a DP view: each record falls in a block with probability proportional to the block's noisy
 * count (clamped at zero: a negative count is noise around an empty block), then takes a uniformly random value in
 * each of the block's dimensions — the same uniformity assumption under which the view answers queries (Kato et al.,
 * VLDB 2022, §3: "uniform within a block"). It reads only the view, so it is post-processing and spends nothing
 * (Dwork & Roth 2014, Prop. 2.1).
 *
 * The records hold the view's dimensions only, which the spec declared releasable; a range value is written as its
 * integer, a categorical one by name. The draws are independent, so the records come in no meaningful order, and the
 * writer shuffles them again as it does every microdata file.
 */
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { uniformBelowSmall } from '../dp/samplers/uniform.js';
import type { DpView } from './view-types.js';

/** The most records one call may draw: every record is held in memory before the shuffled file is written. */
export const MAX_SYNTHETIC_ROWS = 1_000_000;

/** A uniform double in [0, 1) from 53 random bits. */
function unitUniform(rng: RandomSource): number {
  const high = rng.nextUint32() >>> 5;
  const low = rng.nextUint32() >>> 6;
  return (high * 67108864 + low) / 9007199254740992;
}

/** The first index whose cumulative weight exceeds x (binary search). */
function pick(cumulative: Float64Array, x: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The block weights a synthesis samples from: each block's count clamped at zero. */
export function blockWeights(view: DpView): Float64Array {
  return Float64Array.from(view.blocks, (b) => (Number.isFinite(b.count) && b.count > 0 ? b.count : 0));
}

/** `rows` records drawn from the view: a header of its dimensions' names and one row of values each. */
export function synthesizeView(view: DpView, rows: number, rng: RandomSource): { header: string[]; rows: string[][] } {
  if (!(Number.isInteger(rows) && rows >= 1 && rows <= MAX_SYNTHETIC_ROWS))
    throw new PrivacyError(`the number of rows must be an integer from 1 to ${MAX_SYNTHETIC_ROWS}, got ${rows}`);
  const weights = blockWeights(view);
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((w, i) => (cumulative[i] = total += w));
  if (!(total > 0))
    throw new PrivacyError('every block of the view has a count ≤ 0, so it describes no records to sample');
  const dims = view.dimensions;
  const out: string[][] = [];
  for (let n = 0; n < rows; n++) {
    // A draw of exactly 0 weight cannot pick an empty block: cumulative[i] > x skips blocks that add nothing.
    const block = view.blocks[pick(cumulative, unitUniform(rng) * total)];
    out.push(
      dims.map((d, j) => {
        const index = block.lo[j] + uniformBelowSmall(block.hi[j] - block.lo[j] + 1, rng);
        return d.kind === 'range' ? String(d.lo + index) : d.values[index];
      }),
    );
  }
  return { header: dims.map((d) => d.name), rows: out };
}
