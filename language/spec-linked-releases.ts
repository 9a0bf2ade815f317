/**
 * The linked releases of a spec as the checker reports them: the rule of engine/release/linked-releases.ts on the
 * spec's releases and anonymity block, grouped by pair (engine/release/linked-pairs.ts). The validator reports the
 * pairs; the quick fixes ask it again of the spec as a fix would leave it, and offer only fixes that clear the pair.
 */
import { linkedPairs, type LinkedPair } from '../engine/release/linked-pairs.js';
import { linkedReleases, type LinkedRelease } from '../engine/release/linked-releases.js';
import type { SpecAnalysis } from './privspec-analysis.js';
import { datasetRoles } from './privspec-to-engine.js';

export interface SpecLinks {
  readonly links: readonly LinkedRelease[];
  readonly pairs: readonly LinkedPair[];
}

/** The spec's linked releases, per finding and per pair; none without a dataset. */
export function specLinks(analysis: SpecAnalysis): SpecLinks {
  const dataset = analysis.parts.dataset;
  if (!dataset) return { links: [], pairs: [] };
  const anonymity = analysis.parts.anonymity;
  const pins = new Map(
    anonymity?.clauses.flatMap((c) =>
      c.$type === 'LevelClause' && c.column ? [[c.column.name, c.level] as const] : [],
    ) ?? [],
  );
  const descriptions = analysis.plans.filter((p) => p.node.query).map((p) => p.description);
  const links = linkedReleases(descriptions, {
    roles: datasetRoles(dataset),
    anonymity: anonymity !== undefined,
    pins,
  });
  return {
    links,
    pairs: linkedPairs(
      links,
      analysis.plans.map((p) => p.name),
    ),
  };
}
