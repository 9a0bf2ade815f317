/**
 * The anonymity block's decision taken on a frequency table, for the previews: the optimal search with the spec's
 * pins (`searchOptimal` on `problemOf`, what the release runs in memory and on a source's frequency table), the
 * release's refusal messages when nothing satisfies the block, and which records the chosen node keeps. A preview on a
 * Parquet file or a database table reads nothing else, and a CSV's preview takes the same path from its table's
 * frequency table, so both show what the release decides.
 */
import { metricFor, pinnedRange } from '../release/anonymity-search.js';
import { noTransformationMessage } from '../release/generalize-transformation.js';
import type { AnonymityDescription } from '../release/release-description.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import type { Metric } from '../metrics/metric.js';
import { Lattice } from '../search/lattice.js';
import { NodeEvaluator, type NodeEvaluation } from '../search/node-evaluator.js';
import { searchOptimal } from '../search/optimal-search.js';
import { problemColumns, type AnonymizationProblem } from '../search/problem.js';
import type { Optimum } from '../search/search-types.js';

export interface FrequencyDecision {
  readonly metric: Metric;
  readonly lattice: Lattice;
  /** Evaluates any node with the search's own evaluator. */
  readonly evaluator: NodeEvaluator;
  /** The transformation the release applies, or null when it would refuse. */
  readonly optimum: Optimum | null;
  /** The release's reason for refusing, in its words. */
  readonly unavailable?: string;
}

/** The search the release runs, with the messages `generalizeTransformation` gives when it finds nothing. */
export function decideOnFrequencies(problem: AnonymizationProblem, anonymity: AnonymityDescription): FrequencyDecision {
  const quasi = problem.qi.map((q) => q.name);
  const heights = problem.qi.map((q) => q.hierarchy.height);
  const metric = metricFor(anonymity.metric, problem);
  const lattice = new Lattice(heights);
  const evaluator = new NodeEvaluator(problem, lattice);
  try {
    const optimum = searchOptimal(problem, metric, { range: pinnedRange(quasi, heights, anonymity.pins) }).optimum;
    if (optimum) return { metric, lattice, evaluator, optimum };
    const pinned = quasi.filter((q) => anonymity.pins.has(q));
    if (pinned.length < quasi.length) return { metric, lattice, evaluator, optimum: null, unavailable: noTransformationMessage(pinned, anonymity) };
    const at = evaluator.evaluate(lattice.id(quasi.map((q) => anonymity.pins.get(q)!)));
    return { metric, lattice, evaluator, optimum: null, unavailable: `the pinned levels leave ${at.outliers} rows in classes that fail the model, more than the suppression limit of ${problem.maxOutliers}` };
  } catch (e) {
    if (!(e instanceof ReleaseUnavailable)) throw e;
    return { metric, lattice, evaluator, optimum: null, unavailable: e.message };
  }
}

/** A record's quasi-identifiers at `levels`, as the release writes them. */
export function valuesAt(problem: AnonymizationProblem, record: number, levels: readonly number[]): string[] {
  return problem.qi.map((q, i) => q.hierarchy.levelValues[levels[i]][q.hierarchy.levelCodes[levels[i]][q.codes[record]]]);
}

/** 1 for each record of the problem whose class passes at the evaluated node, 0 for a suppressed one. */
export function keptRecords(problem: AnonymizationProblem, e: NodeEvaluation): Uint8Array {
  const passing = new Set<string>();
  for (let c = 0; c < e.cells.count; c++) if (e.classPass[e.cells.classOf[c]] === 1) passing.add(JSON.stringify(valuesAt(problem, e.cells.rep[c], e.levels)));
  const kept = new Uint8Array(problem.recordCount);
  for (let t = 0; t < problem.recordCount; t++) kept[t] = passing.has(JSON.stringify(valuesAt(problem, t, e.levels))) ? 1 : 0;
  return kept;
}

/** The columns the anonymity block's search reads (`problemColumns`): the quasi-identifiers, then a sensitive column or the unit. */
export function generalizeColumns(quasi: readonly string[], anonymity: AnonymityDescription): string[] {
  return problemColumns({ qi: quasi, hierarchies: [], criteria: anonymity.criteria, suppression: anonymity.suppression });
}
