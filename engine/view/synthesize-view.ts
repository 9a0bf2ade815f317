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

/** The most records one in-memory call (`synthesizeView`) may draw; the streamed `syntheticRecords` has no cap. */
export const MAX_SYNTHETIC_ROWS = 1_000_000;

/**
 * The default bound on the cells (records × dimensions) one synthesis writes: 10^8 cells is a CSV of some hundreds of
 * megabytes. A larger output is refused before anything is drawn, with the estimate, unless the caller raises it.
 */
export const DEFAULT_MAX_SYNTHETIC_CELLS = 100_000_000;

/** What drawing `rows` records from `view` writes: cells and an estimate of the CSV's bytes. */
export function synthesisSize(view: DpView, rows: number): { cells: number; bytes: number } {
  // A record's line: each dimension's longest value (a range's bounds in decimal, a category's average name), a
  // delimiter after each. An estimate for the refusal's message, not a bound.
  let line = 0;
  for (const d of view.dimensions) {
    if (d.kind === 'range') line += Math.max(String(d.lo).length, String(d.hi).length) + 1;
    else line += d.values.reduce((a, v) => a + v.length, 0) / d.values.length + 1;
  }
  return { cells: rows * view.dimensions.length, bytes: Math.ceil(rows * line) };
}

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

/** `rows` records drawn from the view, held in memory: a header of its dimensions' names and one row of values each. */
export function synthesizeView(view: DpView, rows: number, rng: RandomSource): { header: string[]; rows: string[][] } {
  if (!(Number.isInteger(rows) && rows >= 1 && rows <= MAX_SYNTHETIC_ROWS))
    throw new PrivacyError(`the number of rows must be an integer from 1 to ${MAX_SYNTHETIC_ROWS}, got ${rows}`);
  const out: string[][] = [];
  for (const batch of syntheticRecords(view, rows, rng)) for (const record of batch) out.push(record);
  return { header: view.dimensions.map((d) => d.name), rows: out };
}

/**
 * `rows` records drawn from the view, in batches of at most `batch` records, for a writer that streams them to a file:
 * memory is bounded by one batch whatever `rows` is. The draws are independent and identically distributed, so their
 * order carries nothing and the batches need no shuffle.
 */
export function* syntheticRecords(
  view: DpView,
  rows: number,
  rng: RandomSource,
  batch = 10_000,
): Generator<string[][]> {
  if (!(Number.isSafeInteger(rows) && rows >= 1))
    throw new PrivacyError(`the number of rows must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}, got ${rows}`);
  const weights = blockWeights(view);
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((w, i) => (cumulative[i] = total += w));
  if (!(total > 0))
    throw new PrivacyError('every block of the view has a count ≤ 0, so it describes no records to sample');
  if (!Number.isFinite(total))
    throw new PrivacyError('the block counts add up beyond the largest double, so no draw could weigh them');
  const dims = view.dimensions;
  for (let done = 0; done < rows;) {
    const size = Math.min(batch, rows - done);
    const out: string[][] = new Array<string[]>(size);
    for (let n = 0; n < size; n++) {
      // A draw of exactly 0 weight cannot pick an empty block: cumulative[i] > x skips blocks that add nothing.
      const block = view.blocks[pick(cumulative, unitUniform(rng) * total)];
      out[n] = dims.map((d, j) => {
        const index = block.lo[j] + uniformBelowSmall(block.hi[j] - block.lo[j] + 1, rng);
        return d.kind === 'range' ? String(d.lo + index) : d.values[index];
      });
    }
    done += size;
    yield out;
  }
}
