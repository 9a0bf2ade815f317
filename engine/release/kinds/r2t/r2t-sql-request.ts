/**
 * What the SQL of an R2T release (engine/source/sql/r2t-sql.ts) computes for a query: its unit and groups, its
 * thresholds, its join key, and a sum's column, clamp and fixed-point grid (engine/dp/r2t/sum-grid.ts). `privspec plan`
 * prints it and a source runs it (r2t-at-source.ts), so both ask the same statement. A sum's column is read from the
 * joined table when the query joins one (the fact table: orders' amounts), as in memory (r2t-contributions.ts); the
 * checker refuses a column of the unit's table or of both (privspec-data-checks.ts).
 */
import { r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import type { R2tSqlRequest } from '../../../source/sql/r2t-sql.js';
import type { R2tQueryDescription } from '../../release-description.js';
import { r2tGridExponent } from './r2t-release.js';

/** The dataset joined to the unit's table, when the query joins one. */
export function r2tJoinedDataset(q: R2tQueryDescription): string | undefined {
  return q.join ? (q.table === q.unitTable ? q.join.table : q.table!) : undefined;
}

export function r2tSqlRequest(q: R2tQueryDescription, unit: string): R2tSqlRequest {
  const taus = r2tThresholds(q.gs);
  const joined = r2tJoinedDataset(q) !== undefined;
  return {
    unit,
    by: q.by,
    taus,
    ...(q.join ? { key: q.join.key } : {}),
    ...(q.column !== undefined
      ? { clamp: { column: q.column, low: q.low!, high: q.high!, joined, k: r2tGridExponent(q, taus) } }
      : {}),
  };
}
