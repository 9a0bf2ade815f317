import { releaseKind } from '../release/kinds/registry.js';
import type { MechanismKind, QueryDescription, ReleaseDescription } from '../release/release-description.js';
import type { ControlSpec, PreviewControls } from './preview-types.js';

/**
 * The controls a release offers in the panel, with the spec's values: the mechanism's ε, ρ or δ on a log range (privacy
 * parameters span orders of magnitude), and what its kind offers: a switch between its mechanisms (a grid's methods, a
 * view's algorithms), or a control on its query in place of the mechanism's (a PRAM retention probability). Generalize
 * has none (its lattice is the control).
 */
export function controlsFor(d: ReleaseDescription): ControlSpec[] {
  const kind = releaseKind(d.query.kind);
  const own = kind.queryControl;
  if (own) {
    const value = (d.query as { readonly [name: string]: unknown })[own.name];
    return typeof value === 'number' ? [{ ...own, value }] : [];
  }
  const m = d.mechanism;
  if (!m) return [];
  const controls: ControlSpec[] = [];
  if (m.epsilon !== undefined)
    controls.push({ name: 'epsilon', label: 'ε', value: m.epsilon, min: 0.01, max: 10, log: true });
  if (m.rho !== undefined)
    controls.push({ name: 'rho', label: 'ρ (zCDP)', value: m.rho, min: 1e-4, max: 10, log: true });
  if (m.delta !== undefined)
    controls.push({ name: 'delta', label: 'δ', value: m.delta, min: 1e-12, max: 1e-3, log: true });
  const methods = kind.methodSwitch?.(m);
  if (methods) controls.push({ name: 'method', label: methods.label, value: m.kind, options: methods.options });
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
  const own = releaseKind(d.query.kind).queryControl;
  if (own) {
    const value = check(own.name, c[own.name]);
    return value === undefined ? d : { ...d, query: { ...d.query, [own.name]: value } as QueryDescription };
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
