/**
 * The R2T release kind (`bound unit auto up to GS`): a count or a sum over one table or a foreign-key join, or the
 * pairs
 * or triangles of an edge list, with the contribution bound chosen privately (r2t-release.ts). It reads the tables of
 * the datasets it names (`tablesRead`), which the runner reads beside the unit's table.
 */
import { PrivacyError } from '../../../core/measures.js';
import { TableError } from '../../../table/table.js';
import { cellCount } from '../../group-cells.js';
import type { Sensitivity } from '../../sensitivity.js';
import { MAX_SENSITIVITY } from '../../sensitivity-limit.js';
import type { R2tQueryDescription, ReleaseDescription } from '../../release-description.js';
import { pricedPlan } from '../priced-plan.js';
import type { PrepareContext } from '../prepare-release.js';
import { labelBytes, prepareMeasured } from '../prepared-release.js';
import type { QueryOf, ReleaseKind } from '../release-kind.js';
import { r2tExactFromTruncatedSums, r2tTruncatedSumsRequest } from './r2t-at-source.js';
import { r2tHover } from './r2t-hover.js';
import { r2tPlannedSql } from './r2t-planned-sql.js';
import { MAX_GS, r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import { makeR2tRelease, r2tGridExponent, type R2tInput } from './r2t-release.js';

/** The datasets a query reads by name (the spec's only dataset when it names none). */
export function r2tTables(q: R2tQueryDescription): string[] {
  return [...(q.table !== undefined ? [q.table] : []), ...(q.join ? [q.join.table] : [])];
}

function prepareR2t(release: ReleaseDescription, c: PrepareContext) {
  const q = release.query as QueryOf<'r2t'>;
  const domains = c.domainsOf(release);
  const values = q.by.map((b) => domains.get(b) ?? ['·']);
  const plan = c.planOf(release);
  const exact = c.exactOf && (() => c.exactOf!(release));
  const prepared = prepareMeasured(
    plan,
    c.table,
    c.budget.accounting,
    cellCount(values),
    values.reduce((a, v) => a + labelBytes(v) + 1, 0),
    exact,
  );
  if ('refusal' in prepared) return prepared;
  const measurement = plan.measurement!;
  const stages = measurement.stages!;
  if (exact) return { release: { ...prepared.release, run: () => stages.addNoise(exact()) } };
  // In memory, the exact stage runs before the spend, so that what it can refuse — a triangle LP too large to
  // tabulate or solve, an edge list past the LP's limit, a truncated answer past 2^53 — is refused with nothing spent
  // (issue 39's second review: a K100 edge list's triangles were spent, then refused). Its answers stay local until
  // the noise stage, which alone runs after the spend; the messages name limits, never the data's figures.
  const input: R2tInput = { table: c.table, ...(c.tables ? { tables: c.tables } : {}) };
  let held: unknown;
  try {
    held = stages.exact(input);
  } catch (e) {
    if (e instanceof PrivacyError || e instanceof TableError) return { refusal: `not run: ${e.message}` };
    throw e;
  }
  return { release: { ...prepared.release, run: () => stages.addNoise(held) } };
}

/** What a release without a valid GS is priced at: nothing, so that no plan is made over it. */
const unpriced: Sensitivity = { l1: NaN, l2: NaN, countL1: NaN, countL2: NaN, groups: NaN, rows: NaN, why: 'no GS' };

export const r2tKind: ReleaseKind = {
  name: 'r2t',
  dp: true,
  mechanisms: ['laplace'],
  mechanismExample: "e.g. 'laplace epsilon 1' (R2T adds Laplace noise to each truncated candidate)",
  bayesian: false,
  unitLevel: (q) => (q as QueryOf<'r2t'>).endpoints !== undefined,
  domainColumns: (q) => (q as QueryOf<'r2t'>).by,
  tablesRead: (q) => r2tTables(q as QueryOf<'r2t'>),
  // R2T truncates each unit's total; a mean's denominator would need a second truncated release of its own.
  contextProblems: (q) =>
    (q as QueryOf<'r2t'>).aggregate === 'mean'
      ? [
          {
            code: 'auto-bound',
            message: "'bound unit auto' (R2T) applies to counts and sums, not to a mean; release the sum and the count",
            field: 'bound',
          },
        ]
      : [],
  plan: (step) => {
    const { release, mechanism, context, domains } = step;
    const q = release.query as QueryOf<'r2t'>;
    return pricedPlan(step, q.by, (notes) =>
      makeR2tRelease({
        query: q,
        mechanism,
        budget: context.budget,
        ...(q.unitTable !== undefined ? { unitTable: q.unitTable } : {}),
        ...(context.unit !== undefined && q.endpoints === undefined ? { unit: context.unit } : {}),
        domains,
        notes,
        ...(context.rng ? { rng: context.rng } : {}),
      }),
    );
  },
  prepare: prepareR2t,
  plannedSql: r2tPlannedSql,
  truncatedSumsRequest: r2tTruncatedSumsRequest,
  exactFromTruncatedSums: r2tExactFromTruncatedSums,
  // Each candidate Q(I, τ) moves by at most τ ≤ 2^⌈log₂ GS⌉ when one unit and all its rows are added or removed; the
  // release is priced by R2T's own composition (ε in all), not by this figure, which the hover and checks show.
  sensitivity: (query, _unit, problems): Sensitivity => {
    const gs = (query as QueryOf<'r2t'>).gs;
    if (!Number.isFinite(gs)) {
      problems.push({
        code: 'missing-parameter',
        message:
          "an R2T release (a count of pairs or triangles, a release over a join) needs 'bound unit auto up to GS', GS the public upper bound on one unit's contribution",
        field: 'bound',
      });
      return unpriced;
    }
    if (!(Number.isInteger(gs) && gs >= 2)) {
      problems.push({
        code: 'parameter-out-of-range',
        message: `GS must be an integer ≥ 2 (R2T tries τ = 2, 4, …, 2^⌈log₂ GS⌉), got ${gs}`,
        field: 'bound',
      });
      return unpriced;
    }
    // GS is the release's sensitivity, so the planner's bound on every sensitivity (10^15) applies to it before R2T's
    // own (2^52 ≈ 4.5·10^15, which keeps every threshold an exact double); without this check a GS between the two
    // was refused with the planner's advice for a clamp, which an R2T count has not (issue 39's closing note).
    if (gs > Math.min(MAX_SENSITIVITY, MAX_GS)) {
      problems.push({
        code: 'parameter-out-of-range',
        message: `GS ${gs} is above 10^15, the largest sensitivity privspec accepts for any release: one unit moves R2T's answer by up to GS, so GS is its sensitivity (R2T's own limit, 2^52 ≈ 4.5·10^15, is higher); give GS ≤ 10^15`,
        field: 'bound',
      });
      return unpriced;
    }
    // A sum's amounts are added as whole units of 2^−k in doubles (sum-grid.ts): one amount at the clamp's high end
    // must be an exact integer below 2^53, or the exact stage would refuse it after the spend (issue 39's review).
    const q = query as QueryOf<'r2t'>;
    if (q.aggregate === 'sum' && Number.isFinite(q.low) && Number.isFinite(q.high) && q.low! <= q.high!) {
      const k = r2tGridExponent(q, r2tThresholds(gs));
      if (q.high! * 2 ** k >= 2 ** 53) {
        problems.push({
          code: 'parameter-out-of-range',
          message: `the clamp's high end ${q.high} is 2^53 or more units of 2^−${k}, past what R2T adds exactly in doubles (a sum's amounts are added in whole units of 2^−k, k chosen from the clamp); give a high end below ${2 ** (53 - k)}`,
          field: 'query',
        });
        return unpriced;
      }
    }
    return {
      l1: gs,
      l2: gs,
      countL1: gs,
      countL2: gs,
      groups: 1,
      rows: gs,
      why: `one unit contributes at most GS = ${gs}; R2T truncates at a τ ≤ GS chosen privately`,
    };
  },
  // The group keys leave as the cells' labels; the summed column only through the truncated sum.
  columnUses: (q) => (q as QueryOf<'r2t'>).by.map((column) => ({ column, use: 'group key' as const })),
  summedColumn: (q) => (q as QueryOf<'r2t'>).column ?? '',
  unboundedRemedy: () => undefined,
  previewView: 'r2t',
  hover: r2tHover,
};
