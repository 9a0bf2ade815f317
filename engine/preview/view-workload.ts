/**
 * The view preview's accuracy estimate: a random range-count workload, its exact answers on the rows the view is
 * built from, and the RMSE of each view algorithm's answers over a few builds.
 *
 * The workload is made of random 1-, 2- and 3-dimensional range counts, as in the evaluations of HDPView (Kato et al.,
 * VLDB 2022) and PrivTree (Zhang, Xiao, Xie, SIGMOD 2016): each query constrains k dimensions, k drawn uniformly from
 * 1..min(3, d), the dimensions uniformly without repetition, each with an interval of uniform width placed uniformly
 * in its domain — the engine's one generator, which the bench uses too (engine/view/view-accuracy.ts), as are the
 * exact answers and identity's exact RMSE. A categorical dimension is then asked for one value, uniform over its
 * domain: a run of categories in the view's order (occupations from "Cleaner" to "Nurse") is not a question anyone
 * asks, and the preview's example queries are read as questions. What is the
 * preview's own is the time box and the cancellation between builds (the bench's `compareViews` has neither). It is
 * drawn from a fixed seed: the workload is public and the same on every preview, so that two parameter settings are
 * compared on the same questions. The builds draw their noise from the preview's generator. The relative RMSE is each
 * algorithm's RMSE over HDPView's (HDPView = 1), the normalisation in which Kato et al. summarise their comparison.
 */
import { seededRandom, type RandomSource } from '../core/random.js';
import { uniformBelowSmall } from '../dp/samplers/uniform.js';
import { answerQuery } from '../view/answer-query.js';
import { makeViewBuilder } from '../view/build-view.js';
import { identityRmse, randomRangeWorkload, trueAnswer } from '../view/view-accuracy.js';
import type { DpView, ViewAlgorithm, ViewCounts, ViewDimension, ViewQuery } from '../view/view-types.js';

/** The workload's fixed seed (public: it only chooses the questions). */
export const WORKLOAD_SEED = 29;

export interface RangeQuery extends ViewQuery {
  readonly conditions: readonly { readonly dimension: number; readonly lo: number; readonly hi: number }[];
}

/**
 * `count` random range queries over the dimensions (see the header), from `rng` (the fixed seed by default): each
 * query's k drawn first, then the query by the engine's one generator (engine/view/view-accuracy.ts, the bench's).
 */
export function rangeWorkload(
  dims: readonly ViewDimension[],
  count: number,
  rng: RandomSource = seededRandom(WORKLOAD_SEED),
): RangeQuery[] {
  const out: RangeQuery[] = [];
  for (let q = 0; q < count; q++) {
    const k = 1 + uniformBelowSmall(Math.min(3, dims.length), rng);
    const query = randomRangeWorkload(dims, k, 1, rng)[0] as RangeQuery;
    out.push({
      conditions: query.conditions.map((c) => {
        const d = dims[c.dimension];
        if (d.kind !== 'categorical') return c;
        const v = uniformBelowSmall(d.values.length, rng);
        return { dimension: c.dimension, lo: v, hi: v };
      }),
    });
  }
  return out;
}

/** The exact answer of each query on the rows (`counts.codes[j][i]`, weight `counts.weights[i]`). */
export function exactAnswers(counts: ViewCounts, queries: readonly RangeQuery[]): number[] {
  return queries.map((q) => trueAnswer(counts, q));
}

/** A query in the text `privspec query` reads. */
export function queryText(dims: readonly ViewDimension[], q: RangeQuery): string {
  const name = (d: ViewDimension) => (/^[_a-zA-Z]\w*$/.test(d.name) ? d.name : JSON.stringify(d.name));
  const terms = q.conditions.map(({ dimension, lo, hi }) => {
    const d = dims[dimension];
    if (d.kind === 'range') return `${name(d)} in ${d.lo + lo}..${d.lo + hi}`;
    if (lo === hi) return `${name(d)} = ${JSON.stringify(d.values[lo])}`;
    return `${name(d)} in ${JSON.stringify(d.values[lo])}..${JSON.stringify(d.values[hi])}`;
  });
  return terms.length === 0 ? 'count' : `count where ${terms.join(' and ')}`;
}

export interface AlgorithmError {
  readonly algorithm: ViewAlgorithm;
  readonly rmse: number | null;
  readonly relative: number | null;
  readonly runs: number;
  /** Computed from the noise's variance, without building (identity: unbiased, independent cell noise). */
  readonly analytic?: boolean;
  readonly skipped?: string;
  readonly ms: number;
}

export interface CompareOptions {
  readonly epsilon: number;
  readonly rowsPerUnit: number;
  readonly runs: number;
  /** Builds stop starting once this many milliseconds have passed (each algorithm gets its first build). */
  readonly timeBoxMs: number;
  readonly rng: RandomSource;
  readonly now?: () => number;
  /** Stops the comparison between builds (a newer preview overtook this one): it then throws an AbortError. */
  readonly signal?: AbortSignal;
  /**
   * The preview's example draw, a build of the release's algorithm at the same ε on the same rows: counted as that
   * algorithm's first build rather than built again.
   */
  readonly drawn?: { readonly algorithm: ViewAlgorithm; readonly view: DpView; readonly ms: number };
}

/** A turn of the event loop, so that a cancellation sent meanwhile is seen between builds. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * RMSE of HDPView and PrivTree over the workload and up to `runs` builds each, the builds interleaved (one of each per
 * round) so that a time box cuts both alike; identity's RMSE exactly, from its noise's variance. Between builds it
 * yields to the event loop and stops when `signal` is aborted.
 */
export async function compareAlgorithms(
  counts: ViewCounts,
  queries: readonly RangeQuery[],
  truth: readonly number[],
  o: CompareOptions,
): Promise<AlgorithmError[]> {
  const now = o.now ?? (() => performance.now());
  const started = now();
  const algorithms: ViewAlgorithm[] = ['hdpview', 'privtree'];
  const state = algorithms.map((algorithm) => ({ algorithm, squares: 0, runs: 0, ms: 0 }));
  const drawn = state.find((s) => s.algorithm === o.drawn?.algorithm);
  if (drawn && o.drawn) {
    const view = o.drawn.view;
    queries.forEach((q, i) => (drawn.squares += (answerQuery(view, q).estimate - truth[i]) ** 2));
    drawn.runs = 1;
    drawn.ms = o.drawn.ms;
  }
  for (let round = 0; round < o.runs; round++) {
    if (round > 0 && now() - started > o.timeBoxMs) break;
    for (const s of state) {
      // The example draw already stands for this round's build of its algorithm.
      if (s.runs > round) continue;
      await turn();
      o.signal?.throwIfAborted();
      const t = now();
      const view = makeViewBuilder(
        { algorithm: s.algorithm, epsilon: o.epsilon, maxRowsPerUnit: o.rowsPerUnit },
        o.rng,
      ).invoke(counts);
      queries.forEach((q, i) => (s.squares += (answerQuery(view, q).estimate - truth[i]) ** 2));
      s.runs++;
      s.ms += now() - t;
    }
  }
  const rmse = (s: (typeof state)[number]) =>
    s.runs === 0 || queries.length === 0 ? null : Math.sqrt(s.squares / (s.runs * queries.length));
  const base = rmse(state[0]);
  const relative = (r: number | null) => (r === null || base === null || base === 0 ? null : r / base);
  const t = now();
  // The per-row budget the builder runs at (the written ε over the rows a unit may add, rounded down).
  const perRow = Number(
    makeViewBuilder({ algorithm: 'identity', epsilon: o.epsilon, maxRowsPerUnit: o.rowsPerUnit }, o.rng).parameters
      .epsilonPerRow,
  );
  const identity = queries.length === 0 ? null : identityRmse(counts.dimensions, queries, perRow, o.rng);
  return [
    ...state.map((s) => ({
      algorithm: s.algorithm,
      rmse: rmse(s),
      relative: relative(rmse(s)),
      runs: s.runs,
      ms: s.ms,
    })),
    {
      algorithm: 'identity' as const,
      rmse: identity,
      relative: relative(identity),
      runs: 0,
      analytic: true,
      ms: now() - t,
    },
  ];
}
