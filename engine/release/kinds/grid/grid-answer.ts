/** What a grid asks a data source (its points binned into cells) and how the answer becomes its counts (GridExact). */
import { PrivacyError } from '../../../core/measures.js';
import { answerNotes } from '../../../source/answer-notes.js';
import type { AggregateAnswer, AggregateRequest } from '../../../source/data-source.js';
import { releaseRequestId } from '../../release-aggregates.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { Sensitivity } from '../../sensitivity.js';
import type { QueryOf } from '../release-kind.js';
import type { GridBounds } from '../../../wavelet/bin-points.js';
import type { GridExact } from './grid-release.js';

/**
 * The grid's cells counted by the source over its public bounds; none without them (bounds from the data need the
 * data).
 */
export function gridRequest(
  release: ReleaseDescription,
  sensitivity: Sensitivity | undefined,
  unit: string | undefined,
  seed: string,
  bounds?: GridBounds,
): AggregateRequest | undefined {
  const given = release.query as QueryOf<'grid'>;
  // Bounds read from the data (the preview's) are written in as if declared: the source bins the points by them.
  const q =
    !given.within && bounds
      ? { ...given, within: { xLow: bounds.xMin, xHigh: bounds.xMax, yLow: bounds.yMin, yHigh: bounds.yMax } }
      : given;
  const bounded = q.bound !== undefined && unit !== undefined;
  const rows = sensitivity?.rows ?? 1;
  if (!q.within) return undefined;
  return {
    id: releaseRequestId(release.name),
    groupBy: [q.x, q.y],
    grid: {
      x: q.x,
      y: q.y,
      xMin: q.within.xLow,
      xMax: q.within.xHigh,
      yMin: q.within.yLow,
      yMax: q.within.yHigh,
      size: q.size,
    },
    ...(bounded ? { bound: { unit: unit, partitionBy: [], maxPartitions: 1, maxRowsPerPartition: rows, seed } } : {}),
  };
}

/** A grid's exact stage from its answer; a grid from aggregates needs bounds its request was binned by. */
export function gridExactOfRelease(release: ReleaseDescription, answer: AggregateAnswer): GridExact {
  const q = release.query as QueryOf<'grid'>;
  if (!q.within && !answer.request.grid)
    throw new PrivacyError(`${release.name}: a grid from aggregates needs public bounds ('within')`);
  return gridExactOf(q.size, answer);
}

/** A grid's counts from its answer: one group per cell (column, row), (−1, −1) for the points outside. */
export function gridExactOf(size: number, answer: AggregateAnswer): GridExact {
  const counts = new Float64Array(size * size);
  let outside = 0;
  for (const g of answer.groups) {
    const [c, r] = g.key.map(Number);
    if (c === -1 && r === -1) outside += g.rows;
    else if (Number.isInteger(c) && Number.isInteger(r) && c >= 0 && r >= 0 && c < size && r < size)
      counts[r * size + c] += g.rows;
    else throw new PrivacyError(`${answer.request.id}: no cell (${g.key.join(', ')}) in a ${size} × ${size} grid`);
  }
  const notes = answerNotes(answer).local;
  if (outside > 0)
    notes.push(`${outside} rows lie outside the grid's bounds or lack a coordinate and are counted in no cell`);
  return { counts, outside, local: notes };
}
