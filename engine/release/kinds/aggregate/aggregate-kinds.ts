/**
 * The count, sum and mean release kinds: one `ReleaseKind` each, sharing the bounded aggregate of aggregate-release.ts.
 * They take Laplace or Gaussian noise and are the kinds with a Bayesian-DP calibration for correlated units.
 */
import { cellCount } from '../../group-cells.js';
import type { ReleaseDescription } from '../../release-description.js';
import type { Sensitivity } from '../../sensitivity.js';
import { whereUses } from '../../column-roles.js';
import { pricedPlan } from '../priced-plan.js';
import type { PrepareContext } from '../prepare-release.js';
import { labelBytes, prepareDp } from '../prepared-release.js';
import type { PlanStep, QueryOf, ReleaseKind } from '../release-kind.js';
import type { CellFigures } from '../kind-editor-types.js';
import { aggregateExactOf, aggregateRequest } from './aggregate-answer.js';
import { countFigures, meanFigures, sumFigures } from './aggregate-figures.js';
import { countHover, meanHover, sumHover } from './aggregate-hover.js';
import { makeAggregateRelease, type AggregateQuery } from './aggregate-release.js';
import { clampedSensitivity, countSensitivity } from './aggregate-sensitivity.js';

/**
 * Theorem 5.1 of Yang, Sato and Nakagawa: a unit moving by M shifts the sum's conditional mean by M(1 + max ℓ), so the
 * Laplace noise is calibrated to that effective sensitivity; the cost, ε, is then ε-BDP against every weak adversary.
 */
function scaled(s: Sensitivity, factor: number): Sensitivity {
  const up = (x: number) => x * factor * (1 + 1e-15);
  return {
    ...s,
    l1: up(s.l1),
    countL1: up(s.countL1),
    why: `${s.why}, × (1 + max ℓ) = × ${factor} for correlated units`,
  };
}

function planAggregate(step: PlanStep) {
  const { release, mechanism, sensitivity, context, domains, plan } = step;
  const q = release.query as AggregateQuery;
  return pricedPlan(step, q.by, (notes) =>
    makeAggregateRelease({
      query: q,
      mechanism,
      sensitivity: plan.bayesian ? scaled(sensitivity, 1 + context.correlation!.maxLeakage!) : sensitivity,
      budget: context.budget,
      domains,
      unit: context.unit,
      notes,
      rng: context.rng,
    }),
  );
}

/** One cell per combination of the group values, each labelled by them. */
function prepareAggregate(release: ReleaseDescription, c: PrepareContext) {
  const domains = c.domainsOf(release);
  const values = (release.query as AggregateQuery).by.map((b) => domains.get(b) ?? ['·']);
  return prepareDp(release, c, () => ({
    cells: cellCount(values),
    labelBytes: values.reduce((a, v) => a + labelBytes(v) + 1, 0),
  }));
}

/** The members a count and a clamped sum or mean answer differently: the sensitivity, and the column summed. */
type OwnMembers = Pick<ReleaseKind, 'sensitivity'> & Partial<ReleaseKind>;

/**
 * The bound the quick fix adds to a query that bounds no unit: a grouped query also needs the number of groups one
 * unit may touch; one is the safe default.
 */
function boundFix(query: ReleaseDescription['query']): string | undefined {
  const q = query as AggregateQuery;
  if (q.bound) return undefined;
  return q.by.length > 0 ? 'bound unit groups 1 rows 1' : 'bound unit rows 1';
}

function aggregateKind<K extends 'count' | 'sum' | 'mean'>(
  name: K,
  own: OwnMembers,
  editor: Pick<ReleaseKind, 'hover'> & { cellFigures: CellFigures },
): ReleaseKind {
  return {
    name,
    dp: true,
    mechanisms: ['laplace', 'gaussian'],
    mechanismExample: "e.g. 'laplace epsilon 0.1' or 'gaussian rho 0.01'",
    bayesian: true,
    domainColumns: (q) => (q as AggregateQuery).by,
    plan: planAggregate,
    prepare: prepareAggregate,
    aggregateRequest,
    previewsUnbounded: true,
    exactFromAnswer: (release, domains, answer) =>
      aggregateExactOf(
        release,
        (release.query as AggregateQuery).by.map((b) => domains.get(b) ?? []),
        answer,
      ),
    // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
    // The group keys leave as the cells' labels, and the `where` columns by the rows they select.
    columnUses: (q) => {
      const { by, where } = q as AggregateQuery;
      return [...by.map((column) => ({ column, use: 'group key' as const })), ...whereUses(where)];
    },
    unboundedRemedy: (q) => ((q as AggregateQuery).bound ? undefined : "add 'bound unit groups G rows R'"),
    // The preview and the editor.
    previewView: 'aggregate',
    boundFix,
    ...editor,
    ...own,
  };
}

/** A count moves one cell by 1 per row. */
const counted: OwnMembers = {
  sensitivity: (q, unit, problems) => countSensitivity(q as QueryOf<'count'>, unit, problems),
};

/** A sum or a mean moves by max(|low|, |high|) per row, and reads its column only through the clamped sum. */
const clamped: OwnMembers = {
  sensitivity: (q, unit, problems) => clampedSensitivity(q as QueryOf<'sum' | 'mean'>, unit, problems),
  summedColumn: (q) => (q as QueryOf<'sum' | 'mean'>).column,
};

export const countKind = aggregateKind('count', counted, { cellFigures: countFigures, hover: countHover });
export const sumKind = aggregateKind('sum', clamped, { cellFigures: sumFigures, hover: sumHover });
export const meanKind = aggregateKind(
  'mean',
  {
    ...clamped,
    // A mean splits its budget between a noisy sum and a noisy count; the classic (ε, δ) Gaussian calibration is not
    // split that way here, so a Gaussian mean is stated in ρ.
    mechanismProblems: (_, m) =>
      m.kind === 'gaussian' && m.rho === undefined && m.epsilon !== undefined && m.delta !== undefined
        ? [
            {
              code: 'missing-parameter',
              message: `${m.kind} needs 'rho R' for a mean (the classic (ε, δ) calibration is not split here)`,
              field: 'mechanism',
            },
          ]
        : [],
  },
  { cellFigures: meanFigures, hover: meanHover },
);
