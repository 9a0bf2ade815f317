/**
 * The hover's lines on an R2T release: the thresholds, ε per candidate and the paper's error bound. Dong, Fang, Yi,
 * Tao, Machanavajjhala (SIGMOD 2022; derivation in engine/dp/r2t/r2t.md): with probability ≥ 1 − β the released
 * value lies in [Q(I) − 4·L·ln(L/β)·τ*(I)/ε, Q(I)], L = ⌈log₂ GS⌉ and τ*(I) the largest contribution of one unit,
 * so the error tracks the data's own heaviest unit rather than the public bound GS. The bound is stated at the β the
 * release's shift uses (0.1): at another probability the shift would differ, and so would the bound.
 */
import { sig3 } from '../../budget-notion.js';
import { DEFAULT_BETA } from '../../../dp/r2t/r2t.js';
import { r2tErrorBound } from '../../../dp/r2t/r2t-error.js';
import { r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';

export function r2tHover(plan: HoverPlan, _facts: EditorFacts): Promise<HoverLines> {
  const q = plan.description.query as QueryOf<'r2t'>;
  const epsilon = plan.description.mechanism?.epsilon;
  if (!(Number.isInteger(q.gs) && q.gs >= 2) || epsilon === undefined) return Promise.resolve({ about: [] });
  const taus = r2tThresholds(q.gs);
  const k = taus.length;
  // The bound per unit of τ*: r2tErrorBound at τ* = 1.
  const perUnit = r2tErrorBound({ gs: q.gs, epsilon }, 1);
  const percent = (x: number) => `${sig3(100 * x)} %`;
  return Promise.resolve({
    about: [
      `R2T truncation (Dong, Fang, Yi, Tao, Machanavajjhala, SIGMOD 2022): τ = ${taus[0]}…${taus[k - 1]} (${k} candidates), each at ε/${k} = ${sig3(epsilon / k)}; the largest shifted candidate is released`,
    ],
    error: `Error with probability ≥ ${percent(1 - DEFAULT_BETA)} (1 − β, β = ${DEFAULT_BETA}): at most 4·L·ln(L/β)·τ*/ε = ${sig3(perUnit)}·τ*, L = ${k} and τ* the largest contribution of one unit; the answer exceeds the truth with probability ≤ β/2 = ${percent(DEFAULT_BETA / 2)}`,
  });
}
