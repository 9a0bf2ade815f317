// `npm run bench -- r2t`: R2T against every fixed truncation threshold and against `bound unit rows N` at a wrong N
// (issue 39). Data: TPC-H-style customers, orders and line items at scale 0.1 with one customer given 5,000 orders;
// Holme–Kim power-law graphs of 2,000 and 100,000 nodes (bench/r2t-data.ts); a noise-dominated control (every unit
// contributes the same); and the exact truncated answers of the R2T paper's five graphs as its authors stored them
// (bench/r2t-paper-answers.ts). R2T's figure is the median relative error |released − Q(I)|/Q(I) over 50 seeded runs
// (β = 0.1), beside its exact median from the distribution of the maximum (previewR2tError). "Best fixed τ" is the
// threshold 2^j of the same ladder, spending the whole ε on one truncated answer, with the least exact median error,
// chosen with hindsight from the exact answers, which no private method can do; exact rather than the least of
// several 50-run medians, which would favour whichever threshold's noise happened to come out small. Targets (issue
// 39): R2T within 2× of the best fixed τ; a wrong N at least 5× worse than R2T. r2t.md derives why the first cannot
// hold when noise dominates: R2T then pays L·ln(L/β)/ln 2 times the best fixed τ's median noise.
import { seededRandom, type RandomSource } from '../engine/core/random.js';
import { exactClampedSum, exactClampedSumSensitivity } from '../engine/dp/fixed-point/exact-sum.js';
import { makeLaplace } from '../engine/dp/mechanisms/laplace.js';
import { r2tRelease } from '../engine/dp/r2t/r2t.js';
import { previewR2tError } from '../engine/dp/r2t/r2t-error.js';
import { r2tThresholds } from '../engine/dp/r2t/r2t-thresholds.js';
import { edgeLpAnswers, simpleGraph, triangleLpAnswers, triangles } from '../engine/dp/r2t/self-join-lp.js';
import { truncatedAnswers } from '../engine/dp/r2t/truncated-sum.js';
import { holmeKim, tpchScale01 } from './r2t-data.js';
import { AUTHORS_EPSILONS, PAPER_GRAPH_ANSWERS } from './r2t-paper-answers.js';

const EPSILON = 1;
const RUNS = 50;
const BETA = 0.1;

interface Query {
  readonly name: string;
  readonly gs: number;
  /** Q(I): the exact, untruncated answer. */
  readonly exact: number;
  /** Q(I, τ_j) at the thresholds of GS. */
  readonly answers: readonly number[];
  readonly slack: number;
  readonly integer: boolean;
  /** The largest contribution of one unit (for the paper's graphs: the first τ at which the LP stops truncating). */
  readonly tauStar: number;
  /** `bound unit rows N` at a wrong N: its truncated answer and sensitivity, for N too low and N = GS. */
  readonly wrong: ReadonlyArray<{ readonly label: string; readonly answer: number; readonly sensitivity: number }>;
}

const round = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(x < 0.001 ? 4 : 2)} %`;
const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/** Median relative error over RUNS of the Laplace mechanism at the whole ε on one truncated answer. */
function fixedError(q: Query, answer: number, sensitivity: number, epsilon: number, rng: RandomSource): number {
  const m = makeLaplace({ sensitivity, epsilon, integer: q.integer, rng });
  return median(Array.from({ length: RUNS }, () => Math.abs(m.invoke([answer])[0] - q.exact) / q.exact));
}

function countQuery(name: string, contributions: Int32Array, gs: number): Query {
  const taus = r2tThresholds(gs);
  const exact = contributions.reduce((a, b) => a + b, 0);
  const rowsN = (n: number) => truncatedAnswers(contributions, [n])[0];
  return {
    name,
    gs,
    exact,
    answers: truncatedAnswers(contributions, taus),
    slack: 0,
    integer: true,
    tauStar: contributions.reduce((a, b) => Math.max(a, b), 0),
    wrong: [
      { label: 'rows 1', answer: rowsN(1), sensitivity: 1 },
      { label: `rows ${gs}`, answer: rowsN(gs), sensitivity: gs },
    ],
  };
}

function sumQuery(name: string, amounts: Float64Array[], gs: number): Query {
  const taus = r2tThresholds(gs);
  const per = amounts.map((a) => exactClampedSum(a, 0, 1000));
  const k = per[0].k;
  const units = per.map((s) => Number(s.units));
  const exact = units.reduce((a, b) => a + b, 0) / 2 ** k;
  // `rows N` keeps N rows of each unit (these are in random order already) and adds N·1000 of sensitivity.
  const rowsN = (n: number) => amounts.reduce((s, a) => s + exactClampedSum(a.subarray(0, n), 0, 1000, k).value, 0);
  const perRow = exactClampedSumSensitivity(0, 1000, k);
  return {
    name,
    gs,
    exact,
    answers: truncatedAnswers(units, taus, k),
    slack: 0,
    integer: false,
    tauStar: Math.max(...units) / 2 ** k,
    wrong: [
      { label: 'rows 1', answer: rowsN(1), sensitivity: perRow },
      { label: `rows ${Math.round(gs / 1000)}`, answer: rowsN(Math.round(gs / 1000)), sensitivity: gs },
    ],
  };
}

function graphQuery(
  name: string,
  lp: { answers: readonly number[]; sensitivitySlack: number },
  gs: number,
  tauStar: number,
): Query {
  const exact = lp.answers[lp.answers.length - 1];
  return {
    name,
    gs,
    exact,
    answers: lp.answers,
    slack: lp.sensitivitySlack,
    // The edge LP's answers are multiples of ½: the fine grid, as the release must use for every self-join.
    integer: false,
    tauStar,
    // With node privacy there is no `rows N`; the untruncated count with the public bound GS as its sensitivity is
    // the choice without R2T.
    wrong: [{ label: `τ = GS = ${gs}`, answer: exact, sensitivity: gs }],
  };
}

/** τ* for node privacy on a generated graph: the most edges, or triangles, on one node. */
function heaviestNode(nodeCount: number, results: ReadonlyArray<readonly number[]>): number {
  const per = new Int32Array(nodeCount);
  for (const q of results) for (const v of q) per[v]++;
  return per.reduce((a, b) => Math.max(a, b), 0);
}

interface Measured {
  /** R2T's median relative error over RUNS seeded runs. */
  readonly r2t: number;
  /** R2T's exact median relative error (the distribution of the maximum of the shifted candidates). */
  readonly r2tExact: number;
  /** The best fixed τ = 2^j by its exact median relative error, and its exact mean relative error. */
  readonly best: { readonly tau: number; readonly median: number; readonly mean: number };
  /**
   * The best fixed τ on the paper's own grid τ = τ_max/8^i (the authors' fixed-τ baseline, GS/8^i with GS a power of
   * two: a subset of the 2^j ladder), by its exact median relative error: the ratio the paper reports is against it.
   */
  readonly paperGrid: { readonly tau: number; readonly median: number };
  /** L·ln(L/β)/ln 2: R2T's median over the best fixed τ's median when noise dominates at one τ (r2t.md). */
  readonly noiseBound: number;
}

function measure(q: Query, epsilon: number, rng: RandomSource): Measured {
  const options = { gs: q.gs, epsilon, beta: BETA, sensitivitySlack: q.slack, integer: q.integer };
  const runs = Array.from(
    { length: RUNS },
    () => Math.abs(r2tRelease(q.answers, options, rng).value - q.exact) / q.exact,
  );
  const preview = previewR2tError(q.answers, q.exact, options);
  const best = preview.fixed.reduce((a, b) => (b.median < a.median ? b : a));
  const top = Math.max(...preview.fixed.map((f) => f.tau));
  const onGrid = preview.fixed.filter((f) => Number.isInteger(Math.log2(top / f.tau) / 3));
  const paper = onGrid.reduce((a, b) => (b.median < a.median ? b : a));
  const L = q.answers.length;
  return {
    r2t: median(runs),
    r2tExact: preview.r2tMedian / q.exact,
    best: { tau: best.tau, median: best.median / q.exact, mean: best.expected / q.exact },
    paperGrid: { tau: paper.tau, median: paper.median / q.exact },
    noiseBound: (L * Math.log(L / BETA)) / Math.LN2,
  };
}

/** The paper's graphs: the authors' truncated answers at τ = 2 … 2^L, in the order r2tThresholds gives. */
function paperQueries(): Array<{ query: Query; authorsR2t: readonly number[] }> {
  return PAPER_GRAPH_ANSWERS.map((p) => {
    if (p.answers.length !== r2tThresholds(p.gs).length) throw new Error(`${p.graph}: answers do not match GS`);
    const first = p.answers.findIndex((a) => a === p.exact);
    return {
      query: {
        name: `${p.graph}: count ${p.query === 'edges' ? 'pairs' : 'triangles'}`,
        gs: p.gs,
        exact: p.exact,
        answers: p.answers,
        slack: 0,
        integer: false,
        tauStar: 2 ** (first + 1),
        wrong: [{ label: `τ = GS = ${p.gs}`, answer: p.exact, sensitivity: p.gs }],
      },
      authorsR2t: p.authorsR2t,
    };
  });
}

export default function run(): void {
  const started = performance.now();
  const tpch = tpchScale01();
  const queries: Query[] = [
    countQuery(`orders ⋈ customers: count (${tpch.orders} orders)`, tpch.ordersPerCustomer, 65536),
    countQuery(`lineitem ⋈ orders ⋈ customers: count (${tpch.lineitems})`, tpch.lineitemsPerCustomer, 65536),
    sumQuery('orders ⋈ customers: sum amount clamp 0..1000', tpch.amounts, 2 ** 22),
  ];
  const data = performance.now();
  const graphTaus = r2tThresholds(4096);
  const edges = holmeKim(2000, 3, 0.7);
  const graph = simpleGraph(edges);
  queries.push(
    graphQuery(
      `graph (2,000 nodes, ${edges.length} edges): count pairs`,
      edgeLpAnswers(edges, graphTaus),
      4096,
      heaviestNode(graph.nodeCount, graph.edges),
    ),
  );
  const lpEdges = performance.now();
  queries.push(
    graphQuery(
      'graph (2,000 nodes): count triangles',
      triangleLpAnswers(edges, graphTaus),
      4096,
      heaviestNode(graph.nodeCount, triangles(graph)),
    ),
  );
  const lpTriangles = performance.now();
  // A graph a third of the paper's Amazon2 (334,863 nodes, 925,872 edges) for count pairs; the triangle LP's dense
  // simplex refuses a component this large, so triangles stay on the small graph.
  const large = holmeKim(100000, 3, 0.7);
  const largeGraph = simpleGraph(large);
  queries.push(
    graphQuery(
      `graph (100,000 nodes, ${large.length} edges): count pairs`,
      edgeLpAnswers(large, graphTaus),
      4096,
      heaviestNode(largeGraph.nodeCount, largeGraph.edges),
    ),
  );
  const lpLarge = performance.now();
  // The noise-dominated control: 10,000 units of 64 rows each, so a fixed τ ≥ 64 has no bias and one below it loses
  // 10,000 rows per halving; R2T's ratio to it is the bound of r2t.md, L·ln(L/β)/ln 2 less what the other
  // candidates add.
  queries.push(countQuery('control: 10,000 units × 64 rows (noise-dominated)', new Int32Array(10000).fill(64), 65536));
  console.log(
    `data and truncated answers ${((data - started) / 1000).toFixed(1)} s; edge LP at 12 τ ` +
      `${((lpEdges - data) / 1000).toFixed(1)} s; triangle LP at 12 τ ${((lpTriangles - lpEdges) / 1000).toFixed(1)} s; ` +
      `100,000-node graph and its edge LP ${((lpLarge - lpTriangles) / 1000).toFixed(1)} s`,
  );
  console.log(`\nε = ${EPSILON}, β = ${BETA}, relative errors, R2T's over ${RUNS} runs\n`);
  console.log(
    '| query | Q(I) | τ* | GS (L) | R2T median (exact) | best fixed τ: median (mean) | R2T / best | ' +
      "R2T / best on the paper's grid τ_max/8^i | noise-dominated L·ln(L/β)/ln 2 | wrong N | wrong / R2T |",
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const rng = seededRandom('r2t-bench-noise');
  for (const q of queries) {
    const m = measure(q, EPSILON, rng);
    const wrong = q.wrong.map((w) => ({
      label: w.label,
      error: fixedError(q, w.answer, w.sensitivity, EPSILON, rng),
    }));
    console.log(
      `| ${q.name} | ${round(q.exact)} | ${round(q.tauStar)} | ${q.gs} (${q.answers.length}) | ` +
        `${pct(m.r2t)} (${pct(m.r2tExact)}) | ${pct(m.best.median)} (${pct(m.best.mean)}) at τ = ${m.best.tau} | ` +
        `${(m.r2t / m.best.median).toFixed(2)} | ${(m.r2t / m.paperGrid.median).toFixed(2)} (τ = ${m.paperGrid.tau}) | ` +
        `${m.noiseBound.toFixed(0)} | ` +
        `${wrong.map((w) => `${w.label}: ${pct(w.error)}`).join('; ')} | ` +
        `${wrong.map((w) => (w.error / m.r2t).toFixed(1)).join('; ')} |`,
    );
  }
  // The paper's own data at the authors' ε: privspec's R2T (τ = 2^j, ε/L each) and theirs (τ = 5.5^i), each against
  // the best fixed τ = 2^j. The authors' figure is a trimmed mean, so it is set against the fixed τ's mean.
  for (const e of [0.8, 1.6]) {
    const k = AUTHORS_EPSILONS.indexOf(e);
    console.log(
      `\nThe R2T paper's graphs (the authors' truncated answers), ε = ${e}, β = ${BETA}: privspec's R2T over ${RUNS} ` +
        `runs, the authors' R2T as they stored it\n`,
    );
    console.log(
      '| graph: query | Q(I) | τ* | GS (L) | privspec R2T median (exact) | authors R2T, trimmed mean | ' +
        'best fixed τ: median (mean) | privspec / best median | authors / best mean |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const { query: q, authorsR2t } of paperQueries()) {
      const m = measure(q, e, rng);
      const authors = authorsR2t[k] / q.exact;
      console.log(
        `| ${q.name} | ${round(q.exact)} | ${q.tauStar} | ${q.gs} (${q.answers.length}) | ` +
          `${pct(m.r2t)} (${pct(m.r2tExact)}) | ${pct(authors)} | ` +
          `${pct(m.best.median)} (${pct(m.best.mean)}) at τ = ${m.best.tau} | ` +
          `${(m.r2t / m.best.median).toFixed(2)} | ${(authors / m.best.mean).toFixed(2)} |`,
      );
    }
  }
  // Over every budget the authors ran, exact figures only: privspec's R2T by its exact median, theirs as stored.
  console.log(`\nThe ratios over the authors' budgets ε = ${AUTHORS_EPSILONS.join(', ')} and their five graphs\n`);
  console.log('| query | privspec R2T / best fixed τ (medians) | authors R2T / best fixed τ (means) |');
  console.log('|---|---|---|');
  for (const kind of ['pairs', 'triangles']) {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (const { query: q, authorsR2t } of paperQueries().filter((p) => p.query.name.endsWith(kind)))
      AUTHORS_EPSILONS.forEach((e, k) => {
        const preview = previewR2tError(q.answers, q.exact, { gs: q.gs, epsilon: e, beta: BETA });
        ours.push(preview.r2tMedian / Math.min(...preview.fixed.map((f) => f.median)));
        theirs.push(authorsR2t[k] / Math.min(...preview.fixed.map((f) => f.expected)));
      });
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)} – ${Math.max(...xs).toFixed(1)}`;
    console.log(`| count ${kind} | ${range(ours)} | ${range(theirs)} |`);
  }
}
