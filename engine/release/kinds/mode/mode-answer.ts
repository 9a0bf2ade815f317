/**
 * What a mode asks a data source (its column's bounded row counts) and how the answer becomes its scores (ModeExact).
 */
import { answerNotes } from '../../../source/answer-notes.js';
import type { AggregateAnswer, AggregateRequest } from '../../../source/data-source.js';
import { releaseRequestId } from '../../release-aggregates.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { Sensitivity } from '../../sensitivity.js';
import type { QueryOf } from '../release-kind.js';
import type { ModeExact } from './mode-release.js';

/** The row counts of the mode's column, each unit keeping at most `rows` rows. */
export function modeRequest(
  release: ReleaseDescription,
  sensitivity: Sensitivity | undefined,
  unit: string | undefined,
  seed: string,
): AggregateRequest {
  const q = release.query as QueryOf<'mode'>;
  const bounded = q.bound !== undefined && unit !== undefined;
  const rows = sensitivity?.rows ?? 1;
  return {
    id: releaseRequestId(release.name),
    groupBy: [q.column],
    ...(q.where ? { where: q.where } : {}),
    ...(bounded ? { bound: { unit: unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: rows, seed } } : {}),
  };
}

export function modeExactOf(answer: AggregateAnswer): ModeExact {
  const scores = new Map<string, number>();
  for (const g of answer.groups) scores.set(g.key[0], (scores.get(g.key[0]) ?? 0) + g.rows);
  return { scores, local: answerNotes(answer).local };
}
