import { TableError } from '../table/table.js';
import type { ClassStats, Criterion } from './criterion.js';

/**
 * k-anonymity: every equivalence class over the quasi-identifiers holds at least k records — or, when the data has a
 * privacy unit (a person with several rows: visits, transactions), at least k distinct units. Rows of one person do not
 * hide each other: five visits of one patient in a class are one person, re-identified with certainty. Counting units
 * is (X,Y)-anonymity with Y the unit column (Wang K, Fung BCM. Anonymizing sequential releases. KDD 2006: 414–423);
 * the class then reads the unit column as its "sensitive" attribute and counts its distinct values.
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
  /** The unit column whose distinct values are counted, when the data has one. */
  readonly sensitive?: string;

  constructor(
    readonly k: number,
    readonly unit?: string,
  ) {
    if (!Number.isSafeInteger(k) || k < 1) throw new TableError(`k must be an integer of at least 1, got ${k}`);
    this.name = unit === undefined ? `${k}-anonymity` : `${k}-anonymity of distinct ${unit}`;
    this.minClassSize = k;
    if (unit !== undefined) this.sensitive = unit;
  }

  isSatisfied(cls: ClassStats): boolean {
    return this.unit === undefined ? cls.size >= this.k : this.measure(cls) >= this.k;
  }

  /** The class's size as this model counts it: rows, or distinct units. */
  measure(cls: ClassStats): number {
    if (this.unit === undefined) return cls.size;
    if (cls.sensitive === undefined) return 0;
    let m = 0;
    for (let i = 0; i < cls.sensitive.counts.length; i++) if (cls.sensitive.counts[i] > 0) m++;
    return m;
  }
}
