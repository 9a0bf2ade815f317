/**
 * A privacy model that an equivalence class either satisfies or fails, in the manner of ARX's PrivacyCriterion:
 * the search reads capability flags rather than asking which model it holds.
 */
export interface Criterion {
  /** Short name for reports, e.g. `5-anonymity`, `entropy-3-diversity on diagnosis`. */
  readonly name: string;
  /**
   * True when a class that satisfies the model still does after being merged with another satisfying class,
   * which is what lets the lattice search tag every generalization of a valid node as valid.
   */
  readonly monotonic: boolean;
  /**
   * True when the model stays monotonic with record suppression too: a generalization of a node that is valid with at
   * most S suppressed rows is again valid with at most S. k-anonymity and distinct ℓ-diversity are; entropy and
   * recursive ℓ-diversity and t-closeness are not, because merging a failing class into a passing one can make it fail.
   */
  readonly monotonicWithSuppression?: boolean;
  /** Classes smaller than this always fail; k for k-anonymity, ⌈ℓ⌉ for ℓ-diversity. */
  readonly minClassSize: number;
  /** The sensitive column the model reads, if any; classes then carry its value frequencies. */
  readonly sensitive?: string;
  /** Whether one class satisfies the model. */
  isSatisfied(cls: ClassStats): boolean;
}

/** What a criterion may read about one equivalence class. */
export interface ClassStats {
  readonly size: number;
  /**
   * Frequencies of the sensitive attribute's values in the class, sparse: `codes[i]` (a code in the sensitive column's
   * dictionary) occurs `counts[i]` times. Present when the criterion names a sensitive column.
   */
  readonly sensitive?: { readonly codes: ArrayLike<number>; readonly counts: ArrayLike<number> };
}
