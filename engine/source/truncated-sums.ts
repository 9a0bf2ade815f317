/**
 * A release's truncated sums asked of a data source (R2T, engine/release/kinds/r2t/): the one statement of
 * engine/source/sql/r2t-sql.ts, which joins the source's table with another dataset of the spec, computes each unit's
 * contribution and Σ_u min(c_u, τ) per group and threshold, so that only those ⌈log₂ GS⌉ integers per group leave the
 * source, never a unit's rows or its contribution. Plain data, like the other requests of data-source.ts.
 */
import { PrivacyError } from '../core/measures.js';
import { GROUP_SEPARATOR } from './group-key.js';
import type { R2tSqlRequest } from './sql/r2t-sql.js';

/** Where one of the spec's datasets lies: a file (CSV or Parquet), or a table of a database server. */
export type DataLocation =
  | { readonly kind: 'file'; readonly path: string; readonly delimiter?: string }
  | { readonly kind: 'table'; readonly engine: 'postgres' | 'clickhouse'; readonly table: string };

export interface TruncatedSumsRequest {
  readonly sql: R2tSqlRequest;
  /** The dataset joined to the source's own table on `sql.key`; the source must read it itself. */
  readonly joined?: DataLocation;
}

/** One group: its values (as r2t-contributions.ts keys them) and Q(I, τ) per threshold in units of 2^−k. */
export interface TruncatedSumsGroup {
  readonly key: readonly string[];
  readonly units: readonly number[];
  /** The group's units whose rows lie in several groups (counted in the least of them): a local note only. */
  readonly moved: number;
}

export interface TruncatedSumsAnswer {
  readonly request: TruncatedSumsRequest;
  readonly groups: readonly TruncatedSumsGroup[];
}

/** Above this an integer is not exact in a double: a source's answer beyond it is refused, never rounded. */
const EXACT_LIMIT = 2 ** 53;

/** The columns of the unit's table a request reads, which the source checks before it asks. */
export function truncatedSumsColumns(request: TruncatedSumsRequest): string[] {
  const r = request.sql;
  return [
    r.unit,
    ...r.by,
    ...(r.key !== undefined ? [r.key] : []),
    ...(r.clamp && !r.clamp.joined ? [r.clamp.column] : []),
  ];
}

/** The statement's rows (k, t0, t1, …, m; integers as numbers, bigints or text) as the answer, each integer checked. */
export function truncatedSumsFromRows(request: TruncatedSumsRequest, rows: readonly (readonly unknown[])[]) {
  const groups = rows.map((row): TruncatedSumsGroup => {
    const k = typeof row[0] === 'string' ? row[0] : '';
    const L = request.sql.taus.length;
    const units = row.slice(1, 1 + L).map((v) => {
      // DuckDB answers a HUGEINT as a bigint, a server as text: both read exactly below 2^53.
      const n = typeof v === 'bigint' || typeof v === 'number' || typeof v === 'string' ? Number(v) : NaN;
      if (!Number.isSafeInteger(n) || n < 0 || n >= EXACT_LIMIT)
        throw new PrivacyError(
          // The sum itself is data: never in the message (past 2^53 it gave a unit's amount back exactly).
          'R2T: the source answered a truncated sum that is not a whole number of units below 2^53; lower the clamp or the bound GS',
        );
      return n;
    });
    if (units.length !== L || row.length !== L + 2)
      throw new PrivacyError(`R2T: the source answered ${row.length - 2} truncated sums, not ${L}`);
    const m = row[L + 1];
    const moved = typeof m === 'bigint' || typeof m === 'number' || typeof m === 'string' ? Number(m) : NaN;
    if (!Number.isSafeInteger(moved) || moved < 0)
      throw new PrivacyError('R2T: the source answered a count of units in several groups that is not a whole number');
    return { key: request.sql.by.length === 0 ? [] : k.split(GROUP_SEPARATOR), units, moved };
  });
  return { request, groups } satisfies TruncatedSumsAnswer;
}
