/**
 * An R2T release of data read where it lies (a database table, DuckDB over Parquet or a CSV): the source runs the one
 * statement of engine/source/sql/r2t-sql.ts over its own table and the dataset it joins, and only the ⌈log₂ GS⌉
 * truncated sums per group come back (engine/source/truncated-sums.ts), in whole units of 2^−k; the noise stage is the
 * same as in memory (r2t-release.ts). The pairs and triangles of an edge list have no such request: their LP
 * truncation runs in privspec, which reads the edge list.
 */
import { r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import { GROUP_SEPARATOR } from '../../../source/group-key.js';
import type { DataLocation, TruncatedSumsAnswer, TruncatedSumsRequest } from '../../../source/truncated-sums.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { QueryOf } from '../release-kind.js';
import { cellsOf, r2tGridExponent, r2tLocalNotes, type R2tExact } from './r2t-release.js';
import { r2tJoinedDataset, r2tSqlRequest } from './r2t-sql-request.js';

/** The request, when the release's unit table is the source's own and the join's other dataset can be placed. */
export function r2tTruncatedSumsRequest(
  release: ReleaseDescription,
  unit: string | undefined,
  unitTable: string,
  locate: (dataset: string) => DataLocation | undefined,
): TruncatedSumsRequest | undefined {
  const q = release.query as QueryOf<'r2t'>;
  if (q.endpoints !== undefined || unit === undefined || q.unitTable !== unitTable) return undefined;
  const other = r2tJoinedDataset(q);
  const joined = other !== undefined ? locate(other) : undefined;
  if (other !== undefined && joined === undefined) return undefined;
  return { sql: r2tSqlRequest(q, unit), ...(joined ? { joined } : {}) };
}

/** The exact stage from the source's truncated sums: per declared cell, Q(I, τ) = units·2^−k (0 where none). */
export function r2tExactFromTruncatedSums(
  release: ReleaseDescription,
  domains: ReadonlyMap<string, readonly string[]>,
  answer: TruncatedSumsAnswer,
): R2tExact {
  const q = release.query as QueryOf<'r2t'>;
  const taus = r2tThresholds(q.gs);
  const scale = 2 ** r2tGridExponent(q, taus);
  const cells = cellsOf(q.by.map((b) => domains.get(b) ?? []));
  const byKey = new Map(answer.groups.map((g) => [g.key.join(GROUP_SEPARATOR), g.units]));
  const known = new Set(cells.map((c) => c.join(GROUP_SEPARATOR)));
  const outside = [...byKey.keys()].filter((k) => !known.has(k)).length;
  const moved = answer.groups.reduce((n, g) => n + g.moved, 0);
  return {
    cells,
    // An integer below 2^53 divided by a power of two is exact, as truncated-sum.ts returns it in memory.
    answers: cells.map((c) => (byKey.get(c.join(GROUP_SEPARATOR)) ?? taus.map(() => 0)).map((u) => u / scale)),
    slack: 0,
    // The same notes as in memory (r2t-release.ts), in the same order.
    local: r2tLocalNotes(moved, outside),
  };
}
