/**
 * The engine's optimal full-domain search run for a spec's anonymity block: the one call behind the checker's
 * "optimal transformation" hint, `generalize` releases, the preview, the risk report and the editor's Anonymize CSV….
 *
 * Pins (`generalize zip 2` in the block) follow one rule everywhere, ARX's minimum = maximum generalization level per
 * attribute: a pinned quasi-identifier is fixed at its level and the others are searched; all pinned is the one node
 * they name (checked like any other); none pinned is the whole lattice.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { makeMetric, METRIC_NAMES, type MetricName } from '../metrics/metric-by-name.js';
import type { Metric } from '../metrics/metric.js';
import { searchOptimal } from '../search/optimal-search.js';
import { makeProblem, type AnonymizationProblem } from '../search/problem.js';
import type { LevelRange, SearchProgress, SearchResult } from '../search/search-types.js';
import type { Table } from '../table/table.js';
import type { AnonymityDescription } from './release-description.js';
import { ReleaseUnavailable } from './release-unavailable.js';

/** The engine metric a `metric` clause names; no clause means entropy. */
export function metricFor(name: string, problem: AnonymizationProblem): Metric {
  return makeMetric((METRIC_NAMES as readonly string[]).includes(name) ? (name as MetricName) : 'entropy', problem);
}

/**
 * The levels the search may use: each pinned quasi-identifier at exactly its pin, the others from 0 to their top.
 * Undefined without pins. A pin above its hierarchy's top level is refused with the column named.
 */
export function pinnedRange(quasi: readonly string[], heights: readonly number[], pins: ReadonlyMap<string, number>): LevelRange | undefined {
  if (!quasi.some((q) => pins.has(q))) return undefined;
  quasi.forEach((q, i) => {
    const p = pins.get(q);
    if (p !== undefined && !(Number.isInteger(p) && p >= 0 && p <= heights[i])) throw new ReleaseUnavailable(`'${q}' is pinned to level ${p}, but its hierarchy's top level is ${heights[i]}`);
  });
  return { min: quasi.map((q) => pins.get(q) ?? 0), max: quasi.map((q, i) => pins.get(q) ?? heights[i]) };
}

/** Runs the optimal search for the block; undefined when a quasi-identifier lacks a hierarchy or the block has no model. */
export function searchAnonymity(
  table: Table,
  quasi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
  options: { signal?: AbortSignal; onProgress?: (p: SearchProgress) => void } = {},
): { problem: AnonymizationProblem; result: SearchResult; range?: LevelRange } | undefined {
  if (quasi.length === 0 || quasi.some((q) => !hierarchies.has(q)) || anonymity.criteria.length === 0) return undefined;
  const problem = makeProblem(table, { qi: quasi, hierarchies: quasi.map((q) => hierarchies.get(q)!), criteria: anonymity.criteria, suppression: anonymity.suppression });
  const range = pinnedRange(quasi, problem.qi.map((q) => q.hierarchy.height), anonymity.pins);
  return { problem, result: searchOptimal(problem, metricFor(anonymity.metric, problem), { ...options, range }), range };
}
