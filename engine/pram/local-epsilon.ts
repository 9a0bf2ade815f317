/**
 * The local differential privacy of a transition matrix (Warner 1965; Kairouz, Oh, Viswanath 2014): a record's released
 * value v has likelihood P(u → v) under original value u, so for any two originals u, u′ and any output v the ratio is
 * at most e^ε with ε = ln max_v max_{u,u′} P(u → v)/P(u′ → v). Outputs that no original can produce are skipped; an
 * output some original reaches and another cannot gives ε = ∞. Several attributes randomized independently compose as
 * the Kronecker product, whose column ratios are products of the per-attribute ratios, so ε adds up exactly.
 */
import { PrivacyError } from '../core/measures.js';
import { roundUp } from '../dp/accounting/rounding.js';
import { retentionMatrix } from './retention-matrix.js';
import type { TransitionMatrix } from './transition-matrix.js';

/** ε of one matrix, rounded up (the logarithms are correct to within an ulp or two). */
export function localEpsilon(m: TransitionMatrix): number {
  const n = m.size;
  let worst = 0;
  for (let v = 0; v < n; v++) {
    let hi = 0;
    let lo = Infinity;
    for (let u = 0; u < n; u++) {
      const x = m.p[u * n + v];
      if (x > hi) hi = x;
      if (x < lo) lo = x;
    }
    if (hi === 0) continue;
    if (lo === 0) return Infinity;
    // ε_v = ln(max_u P(u→v)) − ln(min_u P(u→v)).
    const e = Math.log(hi) - Math.log(lo);
    if (e > worst) worst = e;
  }
  return worst === 0 ? 0 : roundUp(worst);
}

/** ε of the Kronecker product of independent per-attribute randomizations: the sum of the parts. */
export function combinedEpsilon(matrices: readonly TransitionMatrix[]): number {
  let sum = 0;
  for (const m of matrices) sum += localEpsilon(m);
  return sum === 0 ? 0 : roundUp(sum);
}

/**
 * The largest retention ρ whose retention matrix over `domain` is ε-locally private. From the matrix: the ratio in a
 * column is (ρ + c)/c with c = (1 − ρ)/|V|, so e^ε = 1 + ρ|V|/(1 − ρ) and ρ = (e^ε − 1)/(e^ε − 1 + |V|). The result is
 * lowered until the quantized matrix's rounded-up ε is at most the target.
 */
export function retentionForEpsilon(domain: readonly string[], epsilon: number): number {
  if (!(epsilon >= 0) || Number.isNaN(epsilon)) throw new PrivacyError(`PRAM: ε must be a number ≥ 0, got ${epsilon}`);
  const n = domain.length;
  if (n === 0) throw new PrivacyError('PRAM: the attribute has no values, so there is no domain to randomize over');
  if (n === 1 || epsilon === Infinity) return 1;
  const g = Math.expm1(epsilon);
  let retain = g / (g + n);
  for (let step = 1e-15; retain > 0 && localEpsilon(retentionMatrix(domain, retain)) > epsilon; step *= 2)
    retain = Math.max(0, retain - step);
  return retain;
}
