import { TableError } from '../table/table.js';
import type { ClassStats, Criterion } from './criterion.js';

/**
 * k-anonymity: every equivalence class over the quasi-identifiers holds at least k records.
 *
 * Published in: Sweeney L. k-anonymity: a model for protecting privacy. International Journal of Uncertainty,
 * Fuzziness and Knowledge-Based Systems. 2002;10(5):557–570.
 *
 * Monotonic in every sense the search needs: merging a class of size ≥ k with any class gives one of size ≥ k, so
 * generalizing never adds suppressed rows.
 */
export class KAnonymity implements Criterion {
  readonly name: string;
  readonly monotonic = true;
  /** Merging a passing class with a failing one still passes, so a generalization never suppresses more rows. */
  readonly monotonicWithSuppression = true;
  readonly minClassSize: number;

  constructor(readonly k: number) {
    if (!Number.isSafeInteger(k) || k < 1) throw new TableError(`k must be an integer of at least 1, got ${k}`);
    this.name = `${k}-anonymity`;
    this.minClassSize = k;
  }

  isSatisfied(cls: ClassStats): boolean {
    return cls.size >= this.k;
  }
}
