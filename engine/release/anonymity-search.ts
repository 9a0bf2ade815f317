/**
 * Two rules of the search a spec's anonymity block asks for, which the one decision (decide-generalization.ts) applies:
 * the metric a `metric` clause names, and the level range its pins leave.
 *
 * Pins (`generalize zip 2` in the block) follow one rule everywhere, ARX's minimum = maximum generalization level per
 * attribute: a pinned quasi-identifier is fixed at its level and the others are searched; all pinned is the one node
 * they name (checked like any other); none pinned is the whole lattice.
 */
import { makeMetric, METRIC_NAMES, type MetricName } from '../metrics/metric-by-name.js';
import type { Metric } from '../search/metric.js';
import type { AnonymizationProblem } from '../search/problem.js';
import type { LevelRange } from '../search/search-types.js';
import { ReleaseUnavailable } from './release-unavailable.js';

/** The engine metric a `metric` clause names; no clause means entropy. */
export function metricFor(name: string, problem: AnonymizationProblem): Metric {
  return makeMetric((METRIC_NAMES as readonly string[]).includes(name) ? (name as MetricName) : 'entropy', problem);
}

/**
 * The levels the search may use: each pinned quasi-identifier at exactly its pin, the others from 0 to their top.
 * Undefined without pins. A pin above its hierarchy's top level is refused with the column named.
 */
export function pinnedRange(
  quasi: readonly string[],
  heights: readonly number[],
  pins: ReadonlyMap<string, number>,
): LevelRange | undefined {
  if (!quasi.some((q) => pins.has(q))) return undefined;
  quasi.forEach((q, i) => {
    const p = pins.get(q);
    if (p !== undefined && !(Number.isInteger(p) && p >= 0 && p <= heights[i]))
      throw new ReleaseUnavailable(`'${q}' is pinned to level ${p}, but its hierarchy's top level is ${heights[i]}`);
  });
  return { min: quasi.map((q) => pins.get(q) ?? 0), max: quasi.map((q, i) => pins.get(q) ?? heights[i]) };
}
