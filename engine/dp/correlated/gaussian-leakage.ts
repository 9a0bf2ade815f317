/**
 * Bayesian-DP leakage of a sum over correlated units under the Gaussian correlation model: the entry point for the CLI
 * and for releases that declare a correlation graph.
 *
 * Yang, Sato, Nakagawa, "Bayesian Differential Privacy on Correlated Data", SIGMOD 2015: precision Q = L + τ·I
 * (Definition 5.1 and §5.5), r = Σx + Lap(λ), and for an adversary A, BDPL_A = (M/λ)(1 + ℓ_A) (Theorem 5.1, M the
 * per-unit sensitivity). The weak adversaries A(i, ∅) leak the most (Theorem 5.2), so max ℓ over the n of them bounds
 * every adversary, and λ₀ = (M/ε)(1 + max ℓ) gives ε-BDP.
 */
import { PrivacyError } from '../../core/measures.js';
import { checkGraph, type CorrelationGraph } from './correlation-graph.js';
import { leakageCoefficients } from './leakage-coefficients.js';
import { largest } from '../../core/extremes.js';

/**
 * The largest connected part the dense O(c³) computation takes (τ > 0): 5,000 units take 200 MB and about a minute;
 * beyond that the method is the wrong tool. Without a prior (τ = 0) the answer has a closed form and no limit.
 */
export const MAX_GAUSSIAN_UNITS = 5000;

export interface GaussianLeakage {
  /** ℓᵢ of the weak adversary targeting unit i, for every unit. */
  readonly leakage: Float64Array;
  /** maxᵢ ℓᵢ: the sum's BDPL is (M/λ)(1 + max). */
  readonly max: number;
  /** The unit with the largest ℓ (the first, on ties). */
  readonly argmax: number;
}

/** The dense precision matrix L + τ·I (row-major) of a checked graph. */
export function precisionMatrix(graph: CorrelationGraph, tau: number): Float64Array {
  const { n } = graph;
  const q = new Float64Array(n * n);
  for (let i = 0; i < n; i++) q[i * n + i] = tau;
  for (const { a, b, w } of graph.edges) {
    // Each edge adds w to both degrees and −w to both off-diagonal cells: L = D − W.
    q[a * n + a] += w;
    q[b * n + b] += w;
    q[a * n + b] -= w;
    q[b * n + a] -= w;
  }
  return q;
}

/**
 * Leakage coefficients of all n weak adversaries. τ must be finite and ≥ 0; with τ = 0 the graph must be connected,
 * since the model then says nothing about a component's level except through its neighbours.
 *
 * The work follows the graph's structure, not n³:
 * - τ = 0, connected: every ℓᵢ = n − 1 exactly (seed eq. 29, BDPL = nM/λ). Since L·1 = 0, L₋ᵢ,₋ᵢ·1 = −L₋ᵢ,ᵢ, so the
 *   conditional mean of every other unit given xᵢ is xᵢ itself and the unknown sum moves by (n − 1)·xᵢ. O(n + edges).
 * - τ > 0: units in different connected parts are independent (Q is block-diagonal), so each part is solved alone by
 *   Algorithm 1 (leakage-coefficients.ts) and a unit without neighbours leaks 0. O(Σ c³) over the parts.
 * Q is multiplied by a power of two (exact in floating point) so that its largest entry is near 1: ℓ = (Σ1)ᵢ/Σᵢᵢ − 1 is
 * the same for cQ, and weights of 10¹⁵⁴ and more no longer overflow the products of Proposition 5.1. Every ℓ is checked
 * finite and within [0, c − 1] (c the size of its part, the τ = 0 value, which a prior only lowers) before it is
 * returned.
 */
export function gaussianLeakage(graph: CorrelationGraph, tau: number): GaussianLeakage {
  checkGraph(graph);
  if (!(tau >= 0) || !Number.isFinite(tau))
    throw new PrivacyError(`the prior τ must be a finite number ≥ 0, got ${tau}`);
  const parts = componentsOf(graph);
  if (tau === 0 && parts.length > 1)
    throw new PrivacyError(
      `the correlation graph has ${parts.length} disconnected parts; give a prior τ > 0 (or connect them)`,
    );
  const largestPart = largest(parts.map((p) => p.length));
  if (tau > 0 && largestPart > MAX_GAUSSIAN_UNITS) {
    throw new PrivacyError(
      `a connected part of ${largestPart} units exceeds the ${MAX_GAUSSIAN_UNITS} that the dense O(n³) leakage computation handles with a prior τ > 0`,
    );
  }
  const leakage = new Float64Array(graph.n);
  if (tau === 0) leakage.fill(graph.n - 1);
  else for (const part of parts) if (part.length > 1) partLeakage(graph, tau, part, leakage);
  for (const part of parts) {
    for (const v of part) {
      const l = leakage[v];
      if (!Number.isFinite(l) || l < -1e-9 || l > (part.length - 1) * (1 + 1e-9)) {
        throw new PrivacyError(
          `the leakage of unit ${v + 1} came out as ${l}, outside 0…${part.length - 1}: the weights are too far apart to compute it in floating point (scale them to a narrower range)`,
        );
      }
      leakage[v] = Math.min(part.length - 1, Math.max(0, l));
    }
  }
  let argmax = 0;
  for (let i = 1; i < leakage.length; i++) if (leakage[i] > leakage[argmax]) argmax = i;
  return { leakage, max: leakage[argmax], argmax };
}

/** Algorithm 1 on the precision matrix of one connected part, scaled by a power of two; writes ℓ of its units. */
function partLeakage(graph: CorrelationGraph, tau: number, part: readonly number[], out: Float64Array): void {
  const c = part.length;
  const local = new Map(part.map((v, k) => [v, k]));
  const edges = graph.edges
    .filter((e) => e.w > 0 && local.has(e.a))
    .map((e) => ({ a: local.get(e.a)!, b: local.get(e.b)!, w: e.w }));
  // Divided by the power of two at or above the largest weight or τ, every weight and τ is at most 1 and a diagonal
  // entry at most c, so no product in Proposition 5.1 overflows; a power of two changes no digit of any entry.
  let top = tau;
  for (const e of edges) top = Math.max(top, e.w);
  // In two halves, since 2^k alone overflows for weights near the smallest double (k up to 1074).
  const k = -Math.ceil(Math.log2(top));
  const [h1, h2] = [2 ** Math.trunc(k / 2), 2 ** (k - Math.trunc(k / 2))];
  const q = precisionMatrix({ n: c, edges: edges.map((e) => ({ ...e, w: e.w * h1 * h2 })) }, tau * h1 * h2);
  const l = leakageCoefficients(q, c);
  part.forEach((v, k) => (out[v] = l[k]));
}

/** The connected parts over edges of positive weight, each a list of vertices in increasing order. */
function componentsOf(graph: CorrelationGraph): number[][] {
  const parent = Int32Array.from({ length: graph.n }, (_, i) => i);
  const find = (x: number) => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const e of graph.edges) if (e.w > 0) parent[find(e.a)] = find(e.b);
  const byRoot = new Map<number, number[]>();
  for (let v = 0; v < graph.n; v++) {
    const r = find(v);
    const list = byRoot.get(r);
    if (list) list.push(v);
    else byRoot.set(r, [v]);
  }
  return [...byRoot.values()];
}

/**
 * The Laplace scale that makes a sum ε-BDP: λ₀ = (M/ε)(1 + max ℓ) (eq. 26). It is the plain ε-DP scale M/ε multiplied
 * by 1 + max ℓ, which is how releases over a correlated dataset are calibrated.
 */
export function bdpLaplaceScale(sensitivity: number, epsilon: number, maxLeakage: number): number {
  if (!(sensitivity > 0) || !Number.isFinite(sensitivity))
    throw new PrivacyError(`sensitivity must be a finite number > 0, got ${sensitivity}`);
  if (!(epsilon > 0) || !Number.isFinite(epsilon))
    throw new PrivacyError(`ε must be a finite number > 0, got ${epsilon}`);
  if (!(maxLeakage >= 0) || !Number.isFinite(maxLeakage))
    throw new PrivacyError(`the leakage coefficient must be a finite number ≥ 0, got ${maxLeakage}`);
  return (sensitivity / epsilon) * (1 + maxLeakage);
}
