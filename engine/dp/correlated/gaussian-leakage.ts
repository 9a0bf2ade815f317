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
import { checkGraph, componentCount, type CorrelationGraph } from './correlation-graph.js';
import { leakageCoefficients } from './leakage-coefficients.js';

/** Dense O(n²) memory and O(n³) time: 5,000 units take 200 MB and minutes; beyond that the method is the wrong tool. */
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
 * Leakage coefficients of all n weak adversaries (Algorithm 1). τ must be finite and ≥ 0; with τ = 0 the graph must be
 * connected, since the model then says nothing about a component's level except through its neighbours (with τ = 0 and
 * a connected graph every ℓᵢ = n − 1, seed eq. 29: no prior means the whole sum moves with each unit).
 */
export function gaussianLeakage(graph: CorrelationGraph, tau: number): GaussianLeakage {
  checkGraph(graph);
  if (!(tau >= 0) || !Number.isFinite(tau)) throw new PrivacyError(`the prior τ must be a finite number ≥ 0, got ${tau}`);
  if (graph.n > MAX_GAUSSIAN_UNITS) throw new PrivacyError(`${graph.n} units exceed the ${MAX_GAUSSIAN_UNITS} that the dense O(n³) leakage computation handles`);
  if (tau === 0) {
    const k = componentCount(graph);
    if (k > 1) throw new PrivacyError(`the correlation graph has ${k} disconnected parts; give a prior τ > 0 (or connect them)`);
  }
  const leakage = leakageCoefficients(precisionMatrix(graph, tau), graph.n);
  let argmax = 0;
  for (let i = 1; i < leakage.length; i++) if (leakage[i] > leakage[argmax]) argmax = i;
  return { leakage, max: leakage[argmax], argmax };
}

/**
 * The Laplace scale that makes a sum ε-BDP: λ₀ = (M/ε)(1 + max ℓ) (eq. 26). It is the plain ε-DP scale M/ε multiplied by
 * 1 + max ℓ, which is how releases over a correlated dataset are calibrated.
 */
export function bdpLaplaceScale(sensitivity: number, epsilon: number, maxLeakage: number): number {
  if (!(sensitivity > 0) || !Number.isFinite(sensitivity)) throw new PrivacyError(`sensitivity must be a finite number > 0, got ${sensitivity}`);
  if (!(epsilon > 0) || !Number.isFinite(epsilon)) throw new PrivacyError(`ε must be a finite number > 0, got ${epsilon}`);
  if (!(maxLeakage >= 0) || !Number.isFinite(maxLeakage)) throw new PrivacyError(`the leakage coefficient must be a finite number ≥ 0, got ${maxLeakage}`);
  return (sensitivity / epsilon) * (1 + maxLeakage);
}
