/**
 * A view release's preview: the release minus its noise where that means something. Exact (for the data's owner,
 * never written): the rows the view is built from — after contribution bounding and the domain, the release's own
 * first stage — drawn as their density on 2-D projections, and the true answers of example queries. One example draw
 * of the release's second stage on those rows (not a release, nothing spent): the partition, whose rectangles are drawn
 * over the density, and the view's answers to the examples. An estimate: the RMSE of HDPView and PrivTree on a random
 * range-count workload at the release's ε, from a few builds of each on the same rows (the example draw counting as the
 * first of its algorithm's), time-boxed; identity's exactly (it is unbiased, with independent cell noise), and the
 * algorithm that answers it best when that is not the release's (algorithm-suggestion.ts). On data read where it
 * lies, the same figures come from the source's grouped answer (weighted points) instead of the rows.
 */
import type { RandomSource } from '../core/random.js';
import type { ViewExact } from '../release/kinds/view/view-release.js';
import { queryOfKind } from '../release/kinds/query-of-kind.js';
import type { ReleasePlan } from '../release/plan-release.js';
import type { ReleaseStages } from '../release/release-measurement.js';
import type { Table } from '../table/table.js';
import { answerQuery } from '../view/answer-query.js';
import { IDENTITY_CELL_LIMIT } from '../view/identity-view.js';
import { dimensionSize, domainCells } from '../view/view-domain.js';
import type { DpView, ViewAlgorithm, ViewCounts } from '../view/view-types.js';
import { suggestAlgorithm } from './algorithm-suggestion.js';
import { MAX_PROJECTED_BLOCKS, type ViewBody, type ViewProjection } from './preview-types.js';
import { compareAlgorithms, exactAnswers, queryText, rangeWorkload } from './view-workload.js';

/**
 * Bins per axis of a projection's density, projections drawn, workload size, builds per algorithm, and the time after
 * which no new round of builds starts: a preview answers within about a second (issue 37), and its first round always
 * runs.
 */
export const DENSITY_BINS = 40;
export const MAX_PROJECTIONS = 3;
export const WORKLOAD_QUERIES = 60;
export const ARR_RUNS = 3;
export const ARR_TIME_BOX_MS = 300;
const EXAMPLES = 6;

/** The pairs of dimensions drawn: (0,1), (0,2), (1,2), … up to `MAX_PROJECTIONS`; a 1-D view is drawn on one axis. */
export function projectionPairs(d: number): [number, number | null][] {
  if (d === 1) return [[0, null]];
  const pairs: [number, number][] = [];
  for (let b = 1; b < d; b++) for (let a = 0; a < b; a++) pairs.push([a, b]);
  return pairs.sort((p, q) => p[1] - q[1] || p[0] - q[0]).slice(0, MAX_PROJECTIONS);
}

/**
 * A 2-D projection (a 1-D one has y null and spans 0..1 on y): the rows' density in bins, and the blocks' rectangles.
 */
export function projection(counts: ViewCounts, view: DpView, x: number, y: number | null): ViewProjection {
  const sizes = counts.dimensions.map(dimensionSize);
  const width = (j: number | null) => (j === null ? 1 : Math.ceil(sizes[j] / DENSITY_BINS));
  const [wx, wy] = [width(x), width(y)];
  const bins = new Map<number, number>();
  const ny = y === null ? 1 : Math.ceil(sizes[y] / wy);
  for (let i = 0; i < counts.weights.length; i++) {
    const bx = Math.floor(counts.codes[x][i] / wx);
    const by = y === null ? 0 : Math.floor(counts.codes[y][i] / wy);
    bins.set(bx * ny + by, (bins.get(bx * ny + by) ?? 0) + counts.weights[i]);
  }
  const end = (j: number | null, b: number, w: number) => (j === null ? 1 : Math.min((b + 1) * w, sizes[j]));
  // In bin order, not the points' order: an answer's groups come in whatever order the source returns them.
  const density = [...bins]
    .sort((a, b) => a[0] - b[0])
    .map(([key, count]) => {
      const [bx, by] = [Math.floor(key / ny), key % ny];
      return { x0: bx * wx, x1: end(x, bx, wx), y0: by * wy, y1: end(y, by, wy), count };
    });
  const seen = new Set<string>();
  const blocks: ViewProjection['blocks'][number][] = [];
  for (const b of view.blocks) {
    const r = { x0: b.lo[x], x1: b.hi[x] + 1, y0: y === null ? 0 : b.lo[y], y1: y === null ? 1 : b.hi[y] + 1 };
    const key = `${r.x0},${r.x1},${r.y0},${r.y1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (blocks.length < MAX_PROJECTED_BLOCKS) blocks.push(r);
  }
  return { x, y, density, blocks, blocksTotal: seen.size };
}

export interface ViewPreviewOptions {
  readonly rng: RandomSource;
  /** Cancels the error comparison between builds (the panel asked for a newer preview). */
  readonly signal?: AbortSignal;
  readonly timeBoxMs?: number;
  readonly runs?: number;
  /**
   * The exact stage's value from a data source's answer (release-aggregates.ts, `exactOfRelease`), for data read where
   * it lies: the weighted points the release itself builds from, so the table is not read. Absent: the release's exact
   * stage on `table`.
   */
  readonly exact?: ViewExact;
}

export async function viewPreview(table: Table, plan: ReleasePlan, options: ViewPreviewOptions): Promise<ViewBody> {
  queryOfKind(plan.description, 'view', 'viewPreview');
  const m = plan.description.mechanism;
  if (!m || m.epsilon === undefined) throw new Error('viewPreview: a view release is built at an ε');
  const stages = plan.measurement!.stages as ReleaseStages<ViewExact>;
  const exact = options.exact ?? stages.exact({ table });
  const drawStarted = performance.now();
  const view = stages.addNoise(exact).report!.view as DpView;
  const drawMs = performance.now() - drawStarted;
  const counts = exact.counts;
  const dims = counts.dimensions;
  // Rows, not points: from an answer each distinct point carries its rows as its weight.
  let rows = 0;
  for (let i = 0; i < counts.weights.length; i++) rows += counts.weights[i];
  const workload = rangeWorkload(dims, WORKLOAD_QUERIES);
  const truth = exactAnswers(counts, workload);
  const rowsPerUnit = Number(plan.measurement!.parameters.rowsPerUnit ?? 1);
  const arr = await compareAlgorithms(counts, workload, truth, {
    epsilon: m.epsilon,
    rowsPerUnit,
    runs: options.runs ?? ARR_RUNS,
    timeBoxMs: options.timeBoxMs ?? ARR_TIME_BOX_MS,
    rng: options.rng,
    signal: options.signal,
    drawn: { algorithm: view.algorithm, view, ms: drawMs },
  });
  // Identity is offered only where the planner would build it: a domain of at most its cell limit.
  const offered: ViewAlgorithm[] = ['hdpview', 'privtree'];
  if (domainCells(dims) <= IDENTITY_CELL_LIMIT) offered.push('identity');
  const suggestion = suggestAlgorithm(arr, view.algorithm, offered);
  const examples = workload.slice(0, EXAMPLES).map((query, i) => {
    const answer = answerQuery(view, query);
    return { query: queryText(dims, query), truth: truth[i], answer: answer.estimate, noiseStdDev: answer.noiseStdDev };
  });
  return {
    kind: 'view',
    algorithm: view.algorithm,
    epsilon: m.epsilon,
    dimensions: dims,
    blocks: view.blocks.length,
    rows,
    projections: projectionPairs(dims.length).map(([x, y]) => projection(counts, view, x, y)),
    arr,
    ...(suggestion ? { suggestion } : {}),
    workload: `${workload.length} random range counts over 1 to ${Math.min(3, dims.length)} dimensions (fixed seed)`,
    examples,
  };
}
