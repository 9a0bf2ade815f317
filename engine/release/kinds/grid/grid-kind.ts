/**
 * The grid release kind: (x, y) points counted into a size × size grid over public bounds (or the data's, where
 * accepted), released by a wavelet-family mechanism (grid-release.ts).
 */
import { PrivacyError } from '../../../core/measures.js';
import type { NoisePlan, ReleasePlan } from '../../plan-release.js';
import { prepareDp } from '../prepared-release.js';
import type { PlanStep, QueryOf, ReleaseKind } from '../release-kind.js';
import type { QueryDescription } from '../../release-description.js';
import { gridExactOfRelease, gridRequest } from './grid-answer.js';
import { gridHover } from './grid-hover.js';
import { gridMethodSwitch } from './grid-method-switch.js';
import { dataBounds, gridMethod, makeGridReleaseMeasurement } from './grid-release.js';

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
  // The preview and the editor.
  previewView: 'grid',
  declaredBounds,
  methodSwitch: gridMethodSwitch,
  hover: gridHover,
};
