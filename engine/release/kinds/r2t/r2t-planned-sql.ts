/**
 * What `privspec plan` prints for an R2T release: the thresholds and ε per candidate (public), and the one statement of
 * engine/source/sql/r2t-sql.ts that computes its truncated aggregates. A sum's column is read from the joined table
 * (the fact table: orders' amounts); the pairs and triangles of an edge list have no statement, since their LP
 * truncation runs in privspec on the edge list itself.
 */
import { splitEpsilon } from '../../../dp/accounting/pure.js';
import { r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import { r2tSql } from '../../../source/sql/r2t-sql.js';
import { r2tJoinedDataset, r2tSqlRequest } from './r2t-sql-request.js';
import type { SqlRelation, SqlTarget } from '../../../source/sql/dialect.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { QueryOf } from '../release-kind.js';
import { costText } from '../../cost-text.js';

export function r2tPlannedSql(
  release: ReleaseDescription,
  target: SqlTarget,
  relationOf: (dataset: string) => SqlRelation,
  unit: string | undefined,
): { text?: string; comments: string[] } {
  const q = release.query as QueryOf<'r2t'>;
  const taus = r2tThresholds(q.gs);
  const epsilon = release.mechanism?.epsilon;
  const comments = [
    `R2T: thresholds τ = ${taus.join(', ')}; per candidate ${epsilon === undefined ? 'ε —' : costText({ epsilon: splitEpsilon(epsilon, taus.length) }, 'pure')} (${epsilon === undefined ? 'ε —' : costText({ epsilon }, 'pure')} / ${taus.length})`,
  ];
  if (q.endpoints !== undefined || unit === undefined || q.unitTable === undefined)
    return {
      comments: [
        ...comments,
        `no SQL: the ${q.aggregate} of ${q.table ?? 'the edge list'} are truncated by an LP in privspec, which reads the edge list`,
      ],
    };
  const other = r2tJoinedDataset(q);
  const request = r2tSqlRequest(q, unit);
  const text = r2tSql(
    target,
    request,
    relationOf(q.unitTable),
    other !== undefined ? relationOf(other) : undefined,
  ).text;
  return {
    text,
    comments: [
      ...comments,
      `its answer: k (the group values joined by U+0001), t0, t1, … (one per τ)${request.clamp ? `, in units of 2^-${request.clamp.k} of ${q.column}` : ''}, m (units with rows in several groups, a local note); --aggregates does not read it back yet`,
    ],
  };
}
