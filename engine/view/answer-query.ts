/**
 * Answering a counting query from a view, as post-processing (no data, no budget): each block contributes its noisy
 * count times the fraction of its cells the query covers, i.e. counts are taken as uniform within a block (Kato et
 * al., VLDB 2022, Section 3; Zhang, Xiao, Xie, SIGMOD 2016, Section 5). The standard error reported is the noise's
 * alone: the blocks' noises are independent with the same variance σ², so Var = σ² · Σ fraction². The error from
 * uniformity inside a block depends on the data and cannot be stated without spending budget.
 */
import { PrivacyError } from '../core/measures.js';
import { discreteLaplaceVariance } from './block-noise.js';
import { dimensionSize } from './view-domain.js';
import type { DimensionCondition, DpView, ViewAnswer, ViewBlock, ViewQuery } from './view-types.js';

/** A condition prepared for overlap counting: an interval, or a sorted set of distinct indices. */
type Prepared = { dimension: number; lo: number; hi: number; sorted?: Int32Array };

export function answerQuery(view: DpView, query: ViewQuery): ViewAnswer {
  const prepared = prepareConditions(view, query.conditions);
  const variance = blockNoiseVariance(view);
  let estimate = 0;
  let squares = 0;
  for (const block of view.blocks) {
    const f = coveredFraction(block, prepared);
    if (f === 0) continue;
    estimate += f * block.count;
    squares += f * f;
  }
  return { estimate, noiseStdDev: Math.sqrt(variance * squares) };
}

/** The fraction of a block's cells that satisfy every condition. */
export function coveredFraction(block: Pick<ViewBlock, 'lo' | 'hi'>, conditions: readonly Prepared[]): number {
  let f = 1;
  for (const c of conditions) {
    const lo = block.lo[c.dimension];
    const hi = block.hi[c.dimension];
    const inside = c.sorted ? countBetween(c.sorted, lo, hi) : Math.max(0, Math.min(hi, c.hi) - Math.max(lo, c.lo) + 1);
    if (inside === 0) return 0;
    f *= inside / (hi - lo + 1);
  }
  return f;
}

/** Checks each condition against the view's domain (one message naming the dimension) and sorts value sets. */
export function prepareConditions(view: DpView, conditions: readonly DimensionCondition[]): Prepared[] {
  const seen = new Set<number>();
  return conditions.map((c) => {
    const d = view.dimensions[c.dimension];
    if (!Number.isInteger(c.dimension) || d === undefined)
      throw new PrivacyError(`query: the view has no dimension number ${c.dimension}`);
    if (seen.has(c.dimension))
      throw new PrivacyError(`query: dimension ${d.name} is constrained twice; combine the conditions into one`);
    seen.add(c.dimension);
    const size = dimensionSize(d);
    if ('indices' in c) {
      for (const i of c.indices) {
        if (!Number.isInteger(i) || i < 0 || i >= size)
          throw new PrivacyError(`query: index ${i} is outside dimension ${d.name} (0..${size - 1})`);
      }
      const sorted = Int32Array.from(new Set(c.indices)).sort();
      return { dimension: c.dimension, lo: 0, hi: size - 1, sorted };
    }
    if (!Number.isInteger(c.lo) || !Number.isInteger(c.hi))
      throw new PrivacyError(`query: the range on ${d.name} must have whole-number ends`);
    // An interval reaching past the domain covers only the domain's part of it; an empty interval selects nothing.
    return { dimension: c.dimension, lo: Math.max(0, c.lo), hi: Math.min(size - 1, c.hi) };
  });
}

/** σ² of one block's count noise, from the view's parameters. */
export function blockNoiseVariance(view: DpView): number {
  const v = view.parameters.countNoiseVariance;
  if (typeof v === 'number' && v >= 0) return v;
  const scale = view.parameters.perturbationScale;
  if (typeof scale === 'number' && scale > 0) return discreteLaplaceVariance(scale);
  throw new PrivacyError('view: its parameters state neither countNoiseVariance nor perturbationScale');
}

/** How many of the sorted values lie in lo..hi. */
function countBetween(sorted: Int32Array, lo: number, hi: number): number {
  return lowerBound(sorted, hi + 1) - lowerBound(sorted, lo);
}

function lowerBound(a: Int32Array, x: number): number {
  let l = 0;
  let r = a.length;
  while (l < r) {
    const m = (l + r) >> 1;
    if (a[m] < x) l = m + 1;
    else r = m;
  }
  return l;
}
