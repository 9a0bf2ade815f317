/**
 * The grid methods the preview panel's switch offers: those the planner accepts with the parameter the release states,
 * so that switching never asks for a parameter the spec does not have. nn-wavelet and quadtree are stated in zCDP (ρ)
 * with the Gaussian identity baseline; Privelet in ε with the Laplace identity baseline.
 */
import type { MechanismKind } from '../../release-description.js';
import type { MethodSwitch } from '../kind-editor-types.js';

const GRID_METHODS_BY_NOTION: Record<'rho' | 'epsilon', readonly MechanismKind[]> = {
  rho: ['nn-wavelet', 'quadtree', 'gaussian'],
  epsilon: ['privelet', 'laplace'],
};

/** The grid methods the panel's switch offers for this mechanism: the preview's error chart compares exactly these. */
export function gridMethodsOffered(m: { readonly rho?: number }): readonly MechanismKind[] {
  return GRID_METHODS_BY_NOTION[m.rho !== undefined ? 'rho' : 'epsilon'];
}

export function gridMethodSwitch(m: { readonly rho?: number }): MethodSwitch {
  return { label: 'method', options: gridMethodsOffered(m) };
}
