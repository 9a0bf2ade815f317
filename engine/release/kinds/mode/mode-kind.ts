/** The mode release kind: the most frequent value of a column by the exponential mechanism (mode-release.ts). */
import { whereUses } from '../../column-roles.js';
import { oneRowSensitivity, rowsSensitivity } from '../../sensitivity.js';
import { pricedPlan } from '../priced-plan.js';
import { prepareDp } from '../prepared-release.js';
import type { QueryOf, ReleaseKind } from '../release-kind.js';
import { modeExactOf, modeRequest } from './mode-answer.js';
import { modeHover } from './mode-hover.js';
import { makeModeRelease } from './mode-release.js';

export const modeKind: ReleaseKind = {
  name: 'mode',
  dp: true,
  mechanisms: ['exponential'],
  mechanismExample: "e.g. 'exponential epsilon 0.1'",
  bayesian: false,
  domainColumns: (q) => [(q as QueryOf<'mode'>).column],
  plan: (step) => {
    const { release, mechanism, sensitivity, context, domains } = step;
    const q = release.query as QueryOf<'mode'>;
    return pricedPlan(step, [q.column], (notes) =>
      makeModeRelease({
        query: q,
        mechanism,
        sensitivity: sensitivity.l1,
        bound: q.bound && context.unit !== undefined ? { unit: context.unit, rows: sensitivity.rows } : undefined,
        budget: context.budget,
        candidates: domains[0],
        notes,
        rng: context.rng,
      }),
    );
  },
  // One value is written, labelled by nothing but its own column.
  prepare: (release, c) => prepareDp(release, c, () => ({ cells: 1, labelBytes: 0 })),
  aggregateRequest: modeRequest,
  exactFromAnswer: (_, __, answer) => modeExactOf(answer),
  // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
  // The score of a candidate is a count: one row casts one vote, and with `bound unit rows N` a unit casts at most N.
  sensitivity: (query, unit, problems) => {
    const q = query as QueryOf<'mode'>;
    if (!q.bound || unit === undefined) return oneRowSensitivity(1);
    return rowsSensitivity('mode', q.bound, problems, (rows) => `one ${unit} casts ≤ ${rows} votes`);
  },
  // The chosen value is one of the column's, and the `where` columns leave by the rows they select.
  columnUses: (query) => {
    const q = query as QueryOf<'mode'>;
    return [{ column: q.column, use: 'mode column' }, ...whereUses(q.where)];
  },
  unboundedRemedy: (q) =>
    (q as QueryOf<'mode'>).bound ? undefined : "add 'bound unit rows N': each unit votes at most N times",
  // The preview and the editor.
  previewView: 'mode',
  hover: modeHover,
};
