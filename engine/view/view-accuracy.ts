/**
 * How accurately a view answers range-count queries, measured against the exact data — for the benchmark and for the
 * preview's comparison of HDPView, PrivTree and identity at the chosen ε. Nothing here is released: the views built
 * are thrown away, and the figures describe the algorithms on this data, as a preview's figures do.
 *
 * Workloads follow Kato et al. (PVLDB 2022; the authors' workload generator): a k-dimensional range query takes a
 * uniform k-subset of the dimensions and, on each, a width w uniform in 1..size and a start uniform in 0..size−w.
 * ARR is their normalisation: a method's RMSE divided by HDPView's on the same workload, averaged over workloads.
 */
import type { RandomSource } from '../core/random.js';
import { uniformBelowSmall } from '../dp/samplers/uniform.js';
import { answerQuery } from './answer-query.js';
import { makeBlockNoise } from './block-noise.js';
import { buildView } from './build-view.js';
import { IDENTITY_CELL_LIMIT } from './identity-view.js';
import { PRIVTREE_MAX_DIMENSIONS } from './privtree.js';
import { dimensionSize, domainCells } from './view-domain.js';
import type { DpView, ViewAlgorithm, ViewCounts, ViewDimension, ViewQuery } from './view-types.js';

/** `count` random k-dimensional range queries (k is capped by the number of dimensions). */
export function randomRangeWorkload(
  dimensions: readonly ViewDimension[],
  k: number,
  count: number,
  rng: RandomSource,
): ViewQuery[] {
  const kk = Math.min(k, dimensions.length);
  const queries: ViewQuery[] = [];
  for (let q = 0; q < count; q++) {
    const pool = dimensions.map((_, j) => j);
    const chosen: number[] = [];
    for (let t = 0; t < kk; t++) chosen.push(pool.splice(uniformBelowSmall(pool.length, rng), 1)[0]);
    chosen.sort((a, b) => a - b);
    queries.push({
      conditions: chosen.map((j) => {
        const size = dimensionSize(dimensions[j]);
        const w = 1 + uniformBelowSmall(size, rng);
        const lo = uniformBelowSmall(size - w + 1, rng);
        return { dimension: j, lo, hi: lo + w - 1 };
      }),
    });
  }
  return queries;
}

/** The exact answer of a query on the input (linear in the number of distinct records). */
export function trueAnswer(input: ViewCounts, q: ViewQuery): number {
  let s = 0;
  const n = input.weights.length;
  outer: for (let i = 0; i < n; i++) {
    for (const c of q.conditions) {
      const v = input.codes[c.dimension][i];
      if ('indices' in c ? !c.indices.includes(v) : v < c.lo || v > c.hi) continue outer;
    }
    s += input.weights[i];
  }
  return s;
}

/** The number of cells a query covers. */
export function queryCells(dimensions: readonly ViewDimension[], q: ViewQuery): number {
  let cells = 1;
  dimensions.forEach((d, j) => {
    const c = q.conditions.find((x) => x.dimension === j);
    cells *=
      c === undefined
        ? dimensionSize(d)
        : 'indices' in c
          ? new Set(c.indices).size
          : Math.max(0, Math.min(c.hi, dimensionSize(d) - 1) - Math.max(c.lo, 0) + 1);
  });
  return cells;
}

/** Squared and sanity-bounded relative errors of a view on a workload (relative: |est − true| / max(true, sanity)). */
export function workloadErrors(
  view: DpView,
  queries: readonly ViewQuery[],
  truths: readonly number[],
  sanity: number,
): { squared: number[]; relative: number[] } {
  const squared: number[] = [];
  const relative: number[] = [];
  queries.forEach((q, i) => {
    const e = answerQuery(view, q).estimate - truths[i];
    squared.push(e * e);
    relative.push(Math.abs(e) / Math.max(truths[i], sanity));
  });
  return { squared, relative };
}

/**
 * The identity view's exact RMSE on a workload, √(mean_q σ²·cells(q)): it is unbiased with independent noise of
 * variance σ² per cell, so this needs no view — also above its cell limit, where the view is refused.
 */
export function identityRmse(
  dimensions: readonly ViewDimension[],
  queries: readonly ViewQuery[],
  epsilon: number,
  rng: RandomSource,
): number {
  const sigma2 = makeBlockNoise(epsilon, 1, rng).variance;
  return Math.sqrt(queries.reduce((s, q) => s + sigma2 * queryCells(dimensions, q), 0) / queries.length);
}

export interface ViewComparison {
  readonly algorithm: ViewAlgorithm;
  /** RMSE over the workload and the repetitions. */
  readonly rmse: number;
  /** RMSE divided by HDPView's (ARR on this one workload). */
  readonly relativeRmse: number;
  /** Median number of blocks, or undefined when the view is refused (identity above its cell limit). */
  readonly blocks?: number;
  /** Whether the figure is exact rather than measured (identity). */
  readonly analytic: boolean;
}

/**
 * HDPView, PrivTree and identity on one workload at one ε: `reps` views each of HDPView and PrivTree (the preview's
 * comparison; the views are built with `rng` and discarded), identity's figure exact.
 */
export function compareViews(
  input: ViewCounts,
  epsilon: number,
  queries: readonly ViewQuery[],
  reps: number,
  rng: RandomSource,
): ViewComparison[] {
  const truths = queries.map((q) => trueAnswer(input, q));
  const measured = (algorithm: ViewAlgorithm) => {
    let squares = 0;
    const sizes: number[] = [];
    for (let r = 0; r < reps; r++) {
      const view = buildView(input, { algorithm, epsilon }, rng);
      sizes.push(view.blocks.length);
      for (const e of workloadErrors(view, queries, truths, 1).squared) squares += e;
    }
    sizes.sort((a, b) => a - b);
    return { rmse: Math.sqrt(squares / (reps * queries.length)), blocks: sizes[sizes.length >> 1] };
  };
  const hdp = measured('hdpview');
  const relative = (x: number) => (hdp.rmse > 0 ? x / hdp.rmse : x === 0 ? 1 : Infinity);
  const out: ViewComparison[] = [
    { algorithm: 'hdpview', rmse: hdp.rmse, relativeRmse: 1, blocks: hdp.blocks, analytic: false },
  ];
  // PrivTree refuses more than PRIVTREE_MAX_DIMENSIONS dimensions; it is then left out. Each build here is bounded by
  // the builders' block cap and PrivTree's fanout of at most 256, whatever ε.
  if (input.dimensions.length <= PRIVTREE_MAX_DIMENSIONS) {
    const tree = measured('privtree');
    out.push({
      algorithm: 'privtree',
      rmse: tree.rmse,
      relativeRmse: relative(tree.rmse),
      blocks: tree.blocks,
      analytic: false,
    });
  }
  const id = identityRmse(input.dimensions, queries, epsilon, rng);
  const cells = domainCells(input.dimensions);
  out.push({
    algorithm: 'identity',
    rmse: id,
    relativeRmse: relative(id),
    blocks: cells <= IDENTITY_CELL_LIMIT ? cells : undefined,
    analytic: true,
  });
  return out;
}
