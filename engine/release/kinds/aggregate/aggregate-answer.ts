/**
 * What a count, sum or mean asks a data source and how its answer becomes the exact stage (AggregateExact) the
 * release adds its noise to: the rows of `where`, each unit's contributions bounded (partitioned by the `by` columns,
 * `groups` partitions of `rows` rows kept), clamped and grouped.
 */
import { PrivacyError } from '../../../core/measures.js';
import { rational, toNumber } from '../../../core/rational.js';
import { exactClampedSum, defaultSumExponent } from '../../../dp/fixed-point/exact-sum.js';
import { answerNotes } from '../../../source/answer-notes.js';
import type { AggregateAnswer, AggregateRequest } from '../../../source/data-source.js';
import { releaseRequestId } from '../../release-aggregates.js';
import { cellCount } from '../../group-cells.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { Sensitivity } from '../../sensitivity.js';
import type { AggregateExact, AggregateQuery } from './aggregate-release.js';

/** The bounded aggregate a count, sum or mean asks of a source. */
export function aggregateRequest(
  release: ReleaseDescription,
  sensitivity: Sensitivity | undefined,
  unit: string | undefined,
  seed: string,
): AggregateRequest {
  const q = release.query as AggregateQuery;
  const bounded = q.bound !== undefined && unit !== undefined;
  const rows = sensitivity?.rows ?? 1;
  return {
    id: releaseRequestId(release.name),
    groupBy: q.by,
    ...(q.where ? { where: q.where } : {}),
    ...('column' in q ? { clamp: { column: q.column, low: q.low, high: q.high } } : {}),
    ...(bounded
      ? {
          bound: {
            unit: unit,
            partitionBy: q.by,
            maxPartitions: sensitivity?.groups ?? 1,
            maxRowsPerPartition: rows,
            seed,
          },
        }
      : {}),
  };
}

/** Σ rows × clamped value on the fixed-point grid of exact-sum.ts, exactly (the same units as summing row by row). */
function weightedExactSum(terms: readonly { value: number; rows: number }[], low: number, high: number): number {
  const k = defaultSumExponent(low, high);
  let total = 0n;
  for (const t of terms) total += exactClampedSum([t.value], low, high, k).units * BigInt(t.rows);
  if (total > 2n ** 53n || total < -(2n ** 53n))
    throw new PrivacyError(`the exact sum exceeds 2^53 units of 2^${-k}; use a smaller k (coarser grid)`);
  return toNumber(k >= 0 ? rational(total, 1n << BigInt(k)) : rational(total << BigInt(-k)));
}

/** A count, sum or mean's cells (the mixed-radix order of group-cells.ts) from its answer. */
export function aggregateExactOf(
  release: ReleaseDescription,
  domains: readonly (readonly string[])[],
  answer: AggregateAnswer,
): AggregateExact {
  const q = release.query as AggregateQuery;
  const sum = 'column' in q ? q : undefined;
  const size = cellCount(domains);
  const at = domains.map((d) => new Map(d.map((v, j) => [v, j])));
  const counts = new Array<number>(size).fill(0);
  const terms: { value: number; rows: number }[][] = Array.from({ length: sum ? size : 0 }, () => []);
  let outside = 0;
  for (const g of answer.groups) {
    let index = 0;
    for (let i = 0; i < domains.length && index >= 0; i++) {
      const p = at[i].get(g.key[i]);
      index = p === undefined ? -1 : index * domains[i].length + p;
    }
    if (index < 0) outside += g.rows;
    else {
      counts[index] += g.rows;
      if (sum) terms[index].push({ value: g.value ?? NaN, rows: g.rows });
    }
  }
  const exact = sum ? terms.map((t) => weightedExactSum(t, sum.low, sum.high)) : counts;
  const notes = answerNotes(answer).local;
  if (outside > 0) notes.push(`${outside} rows hold values outside the declared domain and are not counted`);
  return { counts, exact, outside, local: notes };
}
