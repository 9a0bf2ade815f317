import type { NodeEvaluation } from './node-evaluator.js';

/**
 * A measure of information loss over the generalization lattice, in the manner of ARX's metrics: the search reads
 * its flags and bounds rather than asking which metric it holds. Lower is better.
 */
export interface Metric {
  /** Short name for reports, e.g. `non-uniform entropy`. */
  readonly name: string;
  /**
   * True when the value never decreases from a node to any of its generalizations, whatever is suppressed; the search
   * may then look at minimal valid nodes only and use a node's value as a bound for everything above it.
   */
  readonly monotonic: boolean;
  /** A lower bound on the value of node `levels` computed from the levels alone, without looking at classes. */
  bound: (levels: readonly number[]) => number;
  /** True when `bound` is the value itself, so that no node needs to be grouped to know its loss. */
  readonly boundIsExact: boolean;
  /**
   * The loss of a checked node; suppressed rows are those in classes with `classPass[c] === 0` when the node is valid.
   */
  value(e: NodeEvaluation): number;
}

/** 10^10: ARX keeps only ten decimal digits of each attribute's loss so that comparisons ignore rounding noise. */
const FACTOR = Math.pow(10, 10);

/**
 * ARX's `Metric.round`: floors a value to a multiple of 10^-10, bit for bit as `Math.floor(value * FACTOR) / FACTOR` in
 * Java.
 */
export function arxRound(value: number): number {
  return Math.floor(value * FACTOR) / FACTOR;
}

const LOG2 = Math.log(2);

/** log2 as ARX computes it (`Math.log(x) / Math.log(2)`), which is not always the same double as `Math.log2(x)`. */
export function arxLog2(x: number): number {
  return Math.log(x) / LOG2;
}

/** Row counts of every level-0 code of a quasi-identifier: Σ weights of the records holding it. */
export function valueCounts(codes: Int32Array, domain: number, weights: Int32Array): Float64Array {
  const counts = new Float64Array(domain);
  for (let t = 0; t < codes.length; t++) counts[codes[t]] += weights[t];
  return counts;
}
