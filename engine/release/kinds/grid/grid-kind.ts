/**
 * The grid release kind: (x, y) points counted into a size × size grid over public bounds (or the data's, where
 * accepted), released by a wavelet-family mechanism (grid-release.ts).
 */
import { PrivacyError } from '../../../core/measures.js';
import type { PlanProblem } from '../../plan-problem.js';
import type { NoisePlan, ReleasePlan } from '../../release-plan.js';
import { oneRowSensitivity, rowsSensitivity } from '../../sensitivity.js';
import { prepareDp } from '../prepared-release.js';
import type { PlanStep, QueryOf, ReleaseKind } from '../release-kind.js';
import type { QueryDescription } from '../../release-description.js';
import { gridExactOfRelease, gridRequest } from './grid-answer.js';
import { gridHover } from './grid-hover.js';
import { gridMethodSwitch } from './grid-method-switch.js';
import { dataBounds, gridMethod, makeGridReleaseMeasurement } from './grid-release.js';

/** A grid of `size` × `size` cells must be one the wavelet mechanisms can build (at most 4096 a side). */
function gridSizeProblem(size: number): PlanProblem {
  return {
    code: 'parameter-out-of-range',
    message: `grid size must be an integer from 1 to 4096, got ${size}`,
    field: 'size',
  };
}

/** The public bounds the spec writes (`within x0..x1, y0..y1`), if it does. */
function declaredBounds(query: QueryDescription) {
  const { within } = query as QueryOf<'grid'>;
  return within && { xMin: within.xLow, xMax: within.xHigh, yMin: within.yLow, yMax: within.yHigh };
}

/** A grid release: the wavelet module's measurement over the public bounds (or the data's, when accepted). */
function planGrid({ plan, release, mechanism: m, context }: PlanStep): ReleasePlan {
  const q = release.query as QueryOf<'grid'>;
  const bounds = declaredBounds(q) ?? context.gridBounds;
  const notes = [
    q.within
      ? 'the grid bounds are public, written in the spec'
      : "the grid bounds were taken from the data's extremes (accepted: data-dependent-domain)",
  ];
  try {
    const measurement = makeGridReleaseMeasurement({
      query: q,
      mechanism: m,
      budget: context.budget,
      bounds: bounds ?? { xMin: 0, xMax: 1, yMin: 0, yMax: 1 },
      notes,
      rng: context.rng,
      bound:
        q.bound && context.unit !== undefined ? { unit: context.unit, rows: plan.sensitivity?.rows ?? 1 } : undefined,
    });
    const noise: NoisePlan = {
      kind: gridMethod(m).startsWith('nn-wavelet') ? 'nn-wavelet' : m.kind === 'privelet' ? 'privelet' : 'quadtree',
      rho: m.rho,
      epsilon: m.epsilon,
    };
    return {
      ...plan,
      costs: measurement.costs,
      noise,
      expectedError: measurement.expectedError,
      ...(bounds ? { measurement } : {}),
    };
  } catch (e) {
    if (!(e instanceof PrivacyError)) throw e;
    return {
      ...plan,
      problems: [...plan.problems, { code: 'parameter-out-of-range', message: e.message, field: 'mechanism' }],
    };
  }
}

export const gridKind: ReleaseKind = {
  name: 'grid',
  dp: true,
  mechanisms: ['nn-wavelet', 'privelet', 'laplace', 'gaussian', 'quadtree'],
  mechanismExample: "e.g. 'nn-wavelet rho 0.05'",
  bayesian: false,
  domainColumns: () => [],
  plan: planGrid,
  // size² cells, each labelled by its two indices.
  prepare: (release, c) => {
    const size = (release.query as QueryOf<'grid'>).size;
    return prepareDp(release, c, () => ({ cells: size * size, labelBytes: 2 * String(size).length + 2 }));
  },
  boundsFromData: (release, table) => {
    const q = release.query as QueryOf<'grid'>;
    return !q.within && release.accepts.includes('data-dependent-domain') ? dataBounds(table, q) : undefined;
  },
  // Each coordinate's extremes from the source's frequency table of that one column (its distinct values), never
  // from the points, as `dataBounds` takes them from a table.
  boundsFromSource: async (release, columnTable) => {
    const q = release.query as QueryOf<'grid'>;
    if (q.within || !release.accepts.includes('data-dependent-domain')) return undefined;
    const x = dataBounds(await columnTable(q.x), { ...q, y: q.x });
    const y = dataBounds(await columnTable(q.y), { ...q, x: q.y });
    return { xMin: x.xMin, xMax: x.xMax, yMin: y.yMin, yMax: y.yMax };
  },
  aggregateRequest: gridRequest,
  exactFromAnswer: (release, _, answer) => gridExactOfRelease(release, answer),
  // Sensitivity, column roles, links, risks (engine/release/*.ts ask these).
  // One row is one point in one cell; with `bound unit rows N` a unit's N points may all fall in one cell.
  sensitivity: (query, unit, problems) => {
    const q = query as QueryOf<'grid'>;
    if (!(Number.isInteger(q.size) && q.size >= 1 && q.size <= 4096)) problems.push(gridSizeProblem(q.size));
    if (!q.bound || unit === undefined) return oneRowSensitivity(1);
    return rowsSensitivity('grid', q.bound, problems, (rows) => `one ${unit} adds ≤ ${rows} points`);
  },
  columnUses: (query) => {
    const q = query as QueryOf<'grid'>;
    return [
      { column: q.x, use: 'grid axis' },
      { column: q.y, use: 'grid axis' },
    ];
  },
  dataDependentShape: (q) =>
    (q as QueryOf<'grid'>).within
      ? []
      : [
          {
            leak: "the grid's bounds are taken from the data's extremes, which the noise does not protect",
            message:
              "the grid's bounds would be taken from the data's extremes, which the noise does not protect; give public bounds with 'within x0..x1, y0..y1', or write 'accept data-dependent-domain'",
          },
        ],
  unboundedRemedy: (q) =>
    (q as QueryOf<'grid'>).bound ? undefined : "add 'bound unit rows N': at most N points per unit",
  // The preview and the editor.
  previewView: 'grid',
  declaredBounds,
  methodSwitch: gridMethodSwitch,
  hover: gridHover,
};
