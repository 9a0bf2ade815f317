/**
 * What each DP release asks a data source, and how its answer becomes the exact figures the release adds its noise to.
 *
 * The request follows the release's own exact stage: the rows of `where`, each unit's contributions bounded, then
 * grouped; the answer becomes the same objects those stages return, so the second stage — the noise — is the release's
 * own. Each kind states its request and reads its answer in its folder (engine/release/kinds/<kind>/*-answer.ts,
 * `aggregateRequest` and `exactFromAnswer` of its ReleaseKind); this file asks the kind.
 */
import { PrivacyError } from '../core/measures.js';
import { releaseKind, spendsBudget } from './kinds/registry.js';
import type { ReleaseDescription } from './release-description.js';
import type { Sensitivity } from './sensitivity.js';
import type { GridBounds } from '../wavelet/bin-points.js';
import type { AggregateAnswer, AggregateRequest } from '../source/data-source.js';
import type { DataLocation, TruncatedSumsAnswer, TruncatedSumsRequest } from '../source/truncated-sums.js';

/**
 * Whether a release needs the data itself: microdata (generalize, PRAM) writes rows. No aggregate answers them. A DP
 * view does not: its builders read only how many bounded rows fall on each point of its domain (view-types.ts,
 * ViewCounts), which the aggregate grouped by its dimensions gives. Every DP kind is answered by its aggregate.
 */
export function writesRows(release: ReleaseDescription): boolean {
  return !spendsBudget(release.query.kind);
}

/** The file a plan's answer to a release is written to, without extension: `release-<name>`. */
export const releaseRequestId = (name: string) => `release-${name}`;

/**
 * The request of a DP release (a view's too), or undefined for a microdata release (which needs the rows); a grid's
 * `bounds` read from the data are written in as if declared.
 */
export function releaseRequest(
  release: ReleaseDescription,
  sensitivity: Sensitivity | undefined,
  unit: string | undefined,
  seed: string,
  bounds?: GridBounds,
): AggregateRequest | undefined {
  return releaseKind(release.query.kind).aggregateRequest?.(release, sensitivity, unit, seed, bounds);
}

/**
 * The exact stage's value of a DP release from its answer: what `measurement.stages.exact({ table })` returns on the
 * table the answer was computed from. A grid needs public bounds (`within`): bounds from the data need the data.
 */
export function exactOfRelease(
  release: ReleaseDescription,
  domains: ReadonlyMap<string, readonly string[]>,
  answer: AggregateAnswer,
): unknown {
  const kind = releaseKind(release.query.kind);
  if (!kind.exactFromAnswer)
    throw new PrivacyError(`${release.name}: a ${kind.name} release writes rows and needs the data, not aggregates`);
  return kind.exactFromAnswer(release, domains, answer);
}

/**
 * The truncated sums a source computes for a release in place of reading the datasets it joins (R2T's), or undefined
 * when its kind has none or the source cannot (an edge list).
 */
export function truncatedSumsRequest(
  release: ReleaseDescription,
  unit: string | undefined,
  unitTable: string,
  locate: (dataset: string) => DataLocation | undefined,
): TruncatedSumsRequest | undefined {
  return releaseKind(release.query.kind).truncatedSumsRequest?.(release, unit, unitTable, locate);
}

/** The exact stage's value of a release from a source's truncated sums. */
export function exactOfTruncatedSums(
  release: ReleaseDescription,
  domains: ReadonlyMap<string, readonly string[]>,
  answer: TruncatedSumsAnswer,
): unknown {
  const kind = releaseKind(release.query.kind);
  if (!kind.exactFromTruncatedSums)
    throw new PrivacyError(`${release.name}: a ${kind.name} release takes no truncated sums`);
  return kind.exactFromTruncatedSums(release, domains, answer);
}
