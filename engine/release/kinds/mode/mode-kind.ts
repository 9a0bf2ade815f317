/** The mode release kind: the most frequent value of a column by the exponential mechanism (mode-release.ts). */
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
  // The preview and the editor.
  previewView: 'mode',
  hover: modeHover,
};
