/**
 * Empirical ε by hypothesis testing (Kairouz, Oh, Viswanath, "The Composition Theorem for Differential Privacy",
 * ICML 2015; seed "DP query tutorial", 仮説検定による経験的プライバシーの測定).
 *
 * Run the mechanism many times on neighbouring inputs D and D′. A rejection region S ("the output came from D′") has
 * false-positive rate FP = Pr[M(D) ∈ S] and false-negative rate FN = Pr[M(D′) ∉ S]. Any (ε, δ)-DP mechanism has
 * FP + e^ε·FN ≥ 1 − δ and FN + e^ε·FP ≥ 1 − δ, so ε ≥ max(ln((1−δ−FP)/FN), ln((1−δ−FN)/FP)). Using Clopper–Pearson
 * upper bounds for FP and FN makes the result a lower bound on the true ε with confidence ≥ 1 − 2α.
 * An empirical ε above the declared ε proves the mechanism broken; below it proves nothing (it is a lower bound).
 */
import { clopperPearson, type ProportionBounds } from './clopper-pearson.js';

export interface AuditOptions<O> {
  /** One run of the mechanism on D. */
  runD(): O;
  /** One run on the neighbour D′. */
  runDPrime(): O;
  /** The rejection region S: true means "guess D′". */
  reject(output: O): boolean;
  trials: number;
  /** Each Clopper–Pearson bound fails with probability ≤ α; default 0.0005 (so 1 − 2α = 99.9%). */
  alpha?: number;
  /** δ of the mechanism under audit (0 for pure DP). */
  delta?: number;
}

export interface AuditResult {
  readonly falsePositive: ProportionBounds;
  readonly falseNegative: ProportionBounds;
  /** The point estimate from the observed rates (not a bound). */
  readonly epsilonEstimate: number;
  /** The lower bound on ε with confidence ≥ 1 − 2α. */
  readonly epsilonLower: number;
}

export function empiricalEpsilon(fp: number, fn: number, delta = 0): number {
  const side = (a: number, b: number) =>
    b <= 0 ? (1 - delta - a > 0 ? Infinity : 0) : Math.log(Math.max(0, 1 - delta - a) / b);
  return Math.max(0, side(fp, fn), side(fn, fp));
}

export function auditMechanism<O>(options: AuditOptions<O>): AuditResult {
  const { trials } = options;
  const alpha = options.alpha ?? 0.0005;
  const delta = options.delta ?? 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < trials; i++) {
    if (options.reject(options.runD())) fp++;
    if (!options.reject(options.runDPrime())) fn++;
  }
  const falsePositive = clopperPearson(fp, trials, alpha);
  const falseNegative = clopperPearson(fn, trials, alpha);
  return {
    falsePositive,
    falseNegative,
    epsilonEstimate: empiricalEpsilon(fp / trials, fn / trials, delta),
    epsilonLower: empiricalEpsilon(falsePositive.upper, falseNegative.upper, delta),
  };
}
