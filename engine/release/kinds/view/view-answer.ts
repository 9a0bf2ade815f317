/**
 * What a view asks a data source (the distinct points of its columns with their bounded row counts) and how the
 * answer becomes its weighted points (ViewExact).
 */
import { PrivacyError } from '../../../core/measures.js';
import { answerNotes } from '../../../source/answer-notes.js';
import type { AggregateAnswer, AggregateRequest } from '../../../source/data-source.js';
import { releaseRequestId } from '../../release-aggregates.js';
import { valueIndex } from '../../../view/view-domain.js';
import type { ViewCounts, ViewDimension } from '../../../view/view-types.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { Sensitivity } from '../../sensitivity.js';
import { viewDimensions } from '../../view-dimensions.js';
import type { QueryOf } from '../release-kind.js';
import { viewOutsideNote, type ViewExact } from './view-release.js';

/** The distinct points of the view's columns with their bounded row counts; privspec maps them into the domain. */
export function viewRequest(
  release: ReleaseDescription,
  sensitivity: Sensitivity | undefined,
  unit: string | undefined,
  seed: string,
): AggregateRequest {
  const q = release.query as QueryOf<'view'>;
  const bounded = q.bound !== undefined && unit !== undefined;
  const rows = sensitivity?.rows ?? 1;
  return {
    id: releaseRequestId(release.name),
    groupBy: q.dimensions.map((d) => d.column),
    ...(bounded ? { bound: { unit: unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: rows, seed } } : {}),
  };
}

/**
 * A view's input from its answer: each group's values mapped into the declared domain by the rule the rows' path uses
 * (view-domain.ts, `valueIndex`), its row count the point's weight; `outside` counts the rows of groups outside the
 * domain, which fall in no block. Two groups may land on one point (' 42' and '42' in a range): the builders add
 * weights per cell (sparse-cells.ts), so the view is the one built from the same rows one by one.
 */
export function viewCountsOf(
  dims: readonly ViewDimension[],
  answer: AggregateAnswer,
): { counts: ViewCounts; outside: number } {
  const codes = dims.map(() => [] as number[]);
  const weights: number[] = [];
  let outside = 0;
  for (const g of answer.groups) {
    const at = dims.map((d, j) => valueIndex(d, g.key[j] ?? ''));
    if (at.some((i) => i === undefined)) outside += g.rows;
    else {
      at.forEach((i, j) => codes[j].push(i!));
      weights.push(g.rows);
    }
  }
  return { counts: { dimensions: dims, codes, weights }, outside };
}

/** A view release's exact stage from its answer: the weighted points and the local notes the rows' path gives. */
export function viewExactOf(
  release: ReleaseDescription,
  domains: ReadonlyMap<string, readonly string[]>,
  answer: AggregateAnswer,
): ViewExact {
  const q = release.query as QueryOf<'view'>;
  const dims = viewDimensions(q, domains);
  if (!dims) throw new PrivacyError(`${release.name}: a view's categorical dimensions need their declared values`);
  const { counts, outside } = viewCountsOf(dims, answer);
  const notes = answerNotes(answer).local;
  if (outside > 0) notes.push(viewOutsideNote(outside));
  return { counts, local: notes };
}
