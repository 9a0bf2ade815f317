import type { MechanismKind, ReleaseDescription } from '../release/release-description.js';
import type { ControlSpec, PreviewControls } from './preview-types.js';

/**
 * The grid methods the planner accepts with the parameter the release states, so that switching never asks for a
 * parameter the spec does not have: nn-wavelet and quadtree are stated in zCDP (ρ) with the Gaussian identity baseline;
 * Privelet in ε with the Laplace identity baseline.
 */
const GRID_METHODS_BY_NOTION: Record<'rho' | 'epsilon', readonly MechanismKind[]> = {
  rho: ['nn-wavelet', 'quadtree', 'gaussian'],
  epsilon: ['privelet', 'laplace'],
};

/** The view algorithms the panel's switch offers (each stated in pure ε, so a switch needs no other parameter). */
const VIEW_ALGORITHMS: readonly MechanismKind[] = ['hdpview', 'privtree', 'identity'];

/** The grid methods the panel's switch offers for this mechanism: the chart of errors compares exactly these. */
export function gridMethodsOffered(m: { readonly rho?: number }): readonly MechanismKind[] {
  return GRID_METHODS_BY_NOTION[m.rho !== undefined ? 'rho' : 'epsilon'];
}

/**
 * The controls a release offers in the panel, with the spec's values: the mechanism's ε, ρ or δ on a log range (privacy
 * parameters span orders of magnitude), a PRAM retention probability, a grid's method. Generalize has none (its lattice
 * is the control).
 */
export function controlsFor(d: ReleaseDescription): ControlSpec[] {
  const q = d.query;
  if (q.kind === 'pram')
    return q.retain === undefined
      ? []
      : [{ name: 'retain', label: 'retain probability', value: q.retain, min: 0.05, max: 0.99, log: false }];
  const m = d.mechanism;
  if (!m) return [];
  const controls: ControlSpec[] = [];
  if (m.epsilon !== undefined)
    controls.push({ name: 'epsilon', label: 'ε', value: m.epsilon, min: 0.01, max: 10, log: true });
  if (m.rho !== undefined)
    controls.push({ name: 'rho', label: 'ρ (zCDP)', value: m.rho, min: 1e-4, max: 10, log: true });
  if (m.delta !== undefined)
    controls.push({ name: 'delta', label: 'δ', value: m.delta, min: 1e-12, max: 1e-3, log: true });
  if (q.kind === 'grid')
    controls.push({ name: 'method', label: 'method', value: m.kind, options: gridMethodsOffered(m) });
  if (q.kind === 'view') controls.push({ name: 'method', label: 'algorithm', value: m.kind, options: VIEW_ALGORITHMS });
  return controls;
}

/** The release with the controls' values in place of the spec's; values outside a control's range are refused. */
export function applyControls(d: ReleaseDescription, c: PreviewControls): ReleaseDescription {
  const specs = controlsFor(d);
  const check = (name: string, v: number | undefined) => {
    const s = specs.find((x) => x.name === name);
    if (v === undefined) return undefined;
    if (!s || s.name === 'method' || !Number.isFinite(v) || v < s.min || v > s.max)
      throw new RangeError(`${name} ${v} is outside what the panel offers for this release`);
    return v;
  };
  const q = d.query;
  if (q.kind === 'pram') {
    const retain = check('retain', c.retain);
    return retain === undefined ? d : { ...d, query: { ...q, retain } };
  }
  if (!d.mechanism) return d;
  const method = c.method;
  const methodSpec = specs.find((s) => s.name === 'method');
  if (method !== undefined && (!methodSpec || methodSpec.name !== 'method' || !methodSpec.options.includes(method)))
    throw new RangeError(`method ${method} is not offered for this release`);
  const epsilon = check('epsilon', c.epsilon);
  const rho = check('rho', c.rho);
  const delta = check('delta', c.delta);
  return {
    ...d,
    mechanism: {
      ...d.mechanism,
      ...(method !== undefined ? { kind: method as MechanismKind } : {}),
      ...(epsilon !== undefined ? { epsilon } : {}),
      ...(rho !== undefined ? { rho } : {}),
      ...(delta !== undefined ? { delta } : {}),
    },
  };
}
