/**
 * The hover's lines on an R2T release: the thresholds, ε per candidate and the paper's error bound. Theorem 5.1 of
 * Dong, Fang, Yi, Tao, Wei (SIGMOD 2022): with probability ≥ 1 − β the released value lies in
 * [Q(I) − 4·log₂(GS)·ln(log₂(GS)/β)·τ*(I)/ε, Q(I)], τ*(I) the largest contribution of one unit, so the error tracks the
 * data's own heaviest unit rather than the public bound GS.
 */
import { sig3 } from '../../budget-notion.js';
import { r2tThresholds } from '../../../dp/r2t/r2t-thresholds.js';
import type { EditorFacts, HoverLines, HoverPlan } from '../kind-editor-types.js';
import type { QueryOf } from '../release-kind.js';

export function r2tHover(plan: HoverPlan, _facts: EditorFacts): Promise<HoverLines> {
  const q = plan.description.query as QueryOf<'r2t'>;
  const epsilon = plan.description.mechanism?.epsilon;
  if (!(Number.isInteger(q.gs) && q.gs >= 2) || epsilon === undefined) return Promise.resolve({ about: [] });
  const taus = r2tThresholds(q.gs);
  const k = taus.length;
  return Promise.resolve({
    about: [
      `R2T truncation (Dong, Fang, Yi, Tao, Wei, SIGMOD 2022): τ = ${taus[0]}…${taus[k - 1]} (${k} candidates), each at ε/${k} = ${sig3(epsilon / k)}; the largest shifted candidate is released`,
    ],
    error: `Error with probability 95 %: at most 4·log₂GS·ln(log₂GS/β)·τ*/ε = ${sig3((4 * k * Math.log(k / 0.05)) / epsilon)}·τ*, τ* the largest contribution of one unit (the answer is never above the truth by more than the noise's tail)`,
  });
}
