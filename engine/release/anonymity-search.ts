/**
 * The engine's optimal full-domain search run for a spec's anonymity block: the one call behind the checker's
 * "optimal transformation" hint, `generalize` releases and the editor's Anonymize CSV….
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { makeMetric, METRIC_NAMES, type MetricName } from '../metrics/metric-by-name.js';
import type { Metric } from '../metrics/metric.js';
import { searchOptimal } from '../search/optimal-search.js';
import { makeProblem, type AnonymizationProblem } from '../search/problem.js';
import type { SearchProgress, SearchResult } from '../search/search-types.js';
import type { Table } from '../table/table.js';
import type { AnonymityDescription } from './release-description.js';

/** The engine metric a `metric` clause names; no clause means entropy. */
export function metricFor(name: string, problem: AnonymizationProblem): Metric {
  return makeMetric((METRIC_NAMES as readonly string[]).includes(name) ? (name as MetricName) : 'entropy', problem);
}

/** Runs the optimal search for the block; undefined when a quasi-identifier lacks a hierarchy or the block has no model. */
export function searchAnonymity(
  table: Table,
  quasi: readonly string[],
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
  options: { signal?: AbortSignal; onProgress?: (p: SearchProgress) => void } = {},
): { problem: AnonymizationProblem; result: SearchResult } | undefined {
  if (quasi.length === 0 || quasi.some((q) => !hierarchies.has(q)) || anonymity.criteria.length === 0) return undefined;
  const problem = makeProblem(table, { qi: quasi, hierarchies: quasi.map((q) => hierarchies.get(q)!), criteria: anonymity.criteria, suppression: anonymity.suppression });
  return { problem, result: searchOptimal(problem, metricFor(anonymity.metric, problem), options) };
}
