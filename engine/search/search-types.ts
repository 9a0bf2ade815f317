import type { NodeEvaluation } from './node-evaluator.js';
import type { AnonymizationProblem } from './problem.js';

export interface SearchOptions {
  /** Aborts the search between two node checks; the search then throws the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called every few checks and once at the end. */
  readonly onProgress?: (progress: SearchProgress) => void;
  /**
   * The levels each quasi-identifier may take, as ARX's minimum and maximum generalization level per attribute: a
   * pinned attribute has min = max. Absent: every level of every hierarchy.
   */
  readonly range?: LevelRange;
}

/** Per quasi-identifier, the lowest and highest level a transformation may use (inclusive). */
export interface LevelRange {
  readonly min: readonly number[];
  readonly max: readonly number[];
}

/** Whether the node's levels lie within the range (every node does when there is none). */
export function inLevelRange(levels: readonly number[], range: LevelRange | undefined): boolean {
  return range === undefined || levels.every((l, i) => l >= range.min[i] && l <= range.max[i]);
}

export interface SearchProgress {
  /** Nodes whose classes have been computed. */
  readonly checked: number;
  /** Nodes whose validity is known, by a check or by tagging. */
  readonly resolved: number;
  /** Nodes in the lattice. */
  readonly nodes: number;
}

export interface Optimum {
  /** One level per quasi-identifier, in the problem's order. */
  readonly levels: readonly number[];
  readonly loss: number;
  readonly evaluation: NodeEvaluation;
}

export interface SearchResult {
  /** The optimal valid transformation, or null when no transformation satisfies the model. */
  readonly optimum: Optimum | null;
  /** Lattice nodes evaluated (grouped and checked against the model). */
  readonly checked: number;
  readonly nodes: number;
  /**
   * Per node id, 1 when the search computed the node's classes (one of the `checked`), 0 when it never did: its
   * validity was inferred from a checked node (predictive tagging) or it was pruned by the loss bound. ARX's lattice
   * view tells these apart, and so does the preview's.
   */
  readonly checkedNodes: Uint8Array;
}

/**
 * Whether node validity is monotonic: a valid node's generalizations are all valid. Without suppression it suffices
 * that merging satisfying classes keeps them satisfying (`monotonic`). With suppression, merging a satisfying class
 * with any class must satisfy, so that suppressed rows can only decrease upward; ARX calls this "monotonic with
 * suppression" and the criteria declare it with an optional `monotonicWithSuppression` flag (k-anonymity and distinct
 * ℓ-diversity have it; entropy and recursive ℓ-diversity and t-closeness do not).
 */
export function isValidityMonotone(problem: AnonymizationProblem): boolean {
  if (problem.maxOutliers === 0) return problem.criteria.every((c) => c.monotonic);
  return problem.criteria.every((c) => c.monotonicWithSuppression === true);
}
