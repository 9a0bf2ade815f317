/**
 * The view release kind: a DP view (HDPView, PrivTree or the identity baseline) over the declared domain of its
 * dimensions (view-plan.ts, view-release.ts).
 */
import { oneRowSensitivity, rowsSensitivity } from '../../sensitivity.js';
import type { MechanismKind } from '../../release-description.js';
import { viewDimensionProblems } from '../../view-dimensions.js';
import { labelBytes, prepareDp } from '../prepared-release.js';
import type { QueryOf, ReleaseKind } from '../release-kind.js';
import { viewExactOf, viewRequest } from './view-answer.js';
import { viewHover } from './view-hover.js';
import { planView } from './view-plan.js';
import type { ViewExact } from './view-release.js';

/** The view algorithms the panel's switch offers (each stated in pure ε, so a switch needs no other parameter). */
const VIEW_ALGORITHMS: readonly MechanismKind[] = ['hdpview', 'privtree', 'identity'];

export const viewKind: ReleaseKind = {
  name: 'view',
  dp: true,
  sizesByRows: true,
  mechanisms: ['hdpview', 'privtree', 'identity'],
  mechanismExample: "e.g. 'hdpview epsilon 1' or 'privtree epsilon 1'",
  bayesian: false,
  domainColumns: () => [],
  // The view algorithms are stated in pure ε-DP (Laplace counts and exponential-mechanism cuts); a ρ or δ would be
  // silently ignored, so it is refused.
  mechanismProblems: (_, m) => {
    if (m.epsilon === undefined)
      return [
        {
          code: 'missing-parameter',
          message: `${m.kind} needs 'epsilon E' (a view is built under pure ε-DP)`,
          field: 'mechanism',
        },
      ];
    if (m.rho !== undefined || m.delta !== undefined)
      return [
        {
          code: 'parameter-out-of-range',
          message: `${m.kind} is stated in pure ε-DP; remove '${m.rho !== undefined ? 'rho' : 'delta'}'`,
          field: m.rho !== undefined ? 'rho' : 'delta',
        },
      ];
    return [];
  },
  contextProblems: (q, m, context) =>
    viewDimensionProblems(
      q as QueryOf<'view'>,
      context.declaredDomains ?? new Set(),
      m.kind === 'identity',
      context.domains,
    ),
  plan: ({ plan, release, mechanism, context }) => planView(plan, release.query as QueryOf<'view'>, mechanism, context),
  prepare: (release, c) => {
    const q = release.query as QueryOf<'view'>;
    // The number of blocks is only known once built: at most the domain's cells, and in practice a few per distinct
    // record; the CSV and the JSON both list every block, so the estimate counts each block twice.
    const domains = c.domainsOf(release);
    const sizes = q.dimensions.map((d) =>
      d.low !== undefined ? d.high! - d.low + 1 : (domains.get(d.column)?.length ?? 1),
    );
    const widths = q.dimensions.map((d) => (d.low !== undefined ? 2 * 24 : 2 * labelBytes(domains.get(d.column))));
    return prepareDp(release, c, (exact) => {
      // From a source's answer the table holds no rows: the view's rows are the answer's, the weights of its points.
      let rows = c.table.rowCount;
      if (exact) {
        const weights = (exact() as ViewExact).counts.weights;
        rows = 0;
        for (let i = 0; i < weights.length; i++) rows += weights[i];
      }
      const blocks = Math.min(
        sizes.reduce((a, s) => a * s, 1),
        4 * rows + 1024,
      );
      return { cells: 2 * blocks, labelBytes: widths.reduce((a, w) => a + w + 1, 0) };
    });
  },
  aggregateRequest: viewRequest,
  exactFromAnswer: viewExactOf,
  // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
  // One row is one point of the count tensor; with `bound unit rows N` a unit adds at most N points (the view is then
  // built at ε/N).
  sensitivity: (query, unit, problems) => {
    const q = query as QueryOf<'view'>;
    if (!q.bound || unit === undefined) return oneRowSensitivity(1);
    return rowsSensitivity('view', q.bound, problems, (rows) => `one ${unit} adds ≤ ${rows} points`);
  },
  columnUses: (q) => (q as QueryOf<'view'>).dimensions.map((d) => ({ column: d.column, use: 'view dimension' })),
  unboundedRemedy: (q) =>
    (q as QueryOf<'view'>).bound ? undefined : "add 'bound unit rows N': at most N points per unit",
  // The preview and the editor.
  previewView: 'view',
  methodSwitch: () => ({ label: 'algorithm', options: VIEW_ALGORITHMS }),
  hover: viewHover,
  // A view's bound follows its mechanism (`… hdpview epsilon 1 bound unit rows 2`); every other kind's is in its query.
  boundAfterMechanism: true,
};
