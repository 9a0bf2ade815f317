/**
 * A DP release planned as it will run: its value domains (declared ones, and the data's where the spec accepts that
 * leak), its grid bounds from the data, and the one planner call with the run's budget, unit and column roles. The
 * runner invokes this plan's measurement, and the preview panel draws its example from the same plan.
 */
import type { RandomSource } from '../core/random.js';
import type { Table } from '../table/table.js';
import type { GridBounds } from '../wavelet/bin-points.js';
import { dataDomains, declaredDomains } from './domains.js';
import { releaseKind } from './kinds/registry.js';
import { planRelease } from './plan-release.js';
import type { PlanContext, ReleasePlan } from './release-plan.js';
import type { ReleaseDescription } from './release-description.js';
import type { RunInput } from './run-input.js';

/**
 * The value domains a release reads: declared ones, and the data's where the spec accepts that leak — the table's, or
 * `fromSource`, the same values read from the source's frequency tables when the table is not held.
 */
export function releaseDomains(
  input: RunInput,
  release: ReleaseDescription,
  table: Table,
  fromSource?: ReadonlyMap<string, readonly string[]>,
): Map<string, readonly string[]> {
  const domains = new Map(declaredDomains(input.hierarchies));
  if (release.accepts.includes('data-dependent-domain'))
    for (const [name, values] of fromSource ?? dataDomains(table, release.query))
      if (!domains.has(name)) domains.set(name, values);
  return domains;
}

/**
 * Plans a DP release with domains and grid bounds already known: the one planner call of `planFor`, which takes them
 * from a table, and of the preview at a source (source-preview.ts), so the plan — sensitivity, noise, budget — is the
 * release's.
 */
export function planWithDomains(
  input: RunInput,
  release: ReleaseDescription,
  domains: Map<string, readonly string[]>,
  gridBounds: GridBounds | undefined,
  rng: RandomSource,
  correlation?: PlanContext['correlation'],
): ReleasePlan {
  return planRelease(release, {
    budget: input.budget,
    unit: input.dataset.unit,
    declaredDomains: new Set(declaredDomains(input.hierarchies).keys()),
    domains,
    gridBounds,
    correlation,
    rng,
    roles: input.dataset,
  });
}

/**
 * Plans a DP release with the domains it needs, as it will run: the runner invokes this plan's measurement, and the
 * preview panel draws its example from the same plan.
 */
export function planFor(
  input: RunInput,
  release: ReleaseDescription,
  table: Table,
  rng: RandomSource,
  correlation?: PlanContext['correlation'],
  fromSource?: ReadonlyMap<string, readonly string[]>,
): ReleasePlan {
  const domains = releaseDomains(input, release, table, fromSource);
  // A grid's bounds from the data need the table; with the domains from a source none is held (and such a grid has no
  // aggregate to answer it, so it is run on the table: source-release.ts).
  const gridBounds =
    fromSource === undefined ? releaseKind(release.query.kind).boundsFromData?.(release, table) : undefined;
  return planWithDomains(input, release, domains, gridBounds, rng, correlation);
}
