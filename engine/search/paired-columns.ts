import type { ClassStats, Criterion } from '../criteria/criterion.js';
import type { Column } from '../table/table.js';

/** A sensitive column of the problem's records: its name, each record's code and the codes' values. */
export interface SensitiveAttribute {
  readonly name: string;
  /** Code of each record. */
  readonly codes: Int32Array;
  readonly dictionary: readonly string[];
}

/**
 * Two columns read per class as one: the privacy unit that k counts in (k-anonymity of distinct persons, Wang & Fung,
 * KDD 2006) and the sensitive attribute of ℓ-diversity or t-closeness. The search groups cells by (quasi-identifiers,
 * one read column), so the pair becomes that column — a code per distinct (unit, sensitive) pair — and each model reads
 * its own column's frequencies back through a projection. Each model keeps its own definition: k counts distinct units
 * per class, ℓ and t read the sensitive values of the class's rows.
 */
export function pairedColumns(
  first: Column,
  second: Column,
): { attribute: SensitiveAttribute; project: readonly [Int32Array, Int32Array] } {
  const n = first.codes.length;
  const radix = second.dictionary.length;
  const ids = new Map<number, number>();
  const codes = new Int32Array(n);
  const toFirst: number[] = [];
  const toSecond: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = first.codes[i];
    const b = second.codes[i];
    // Below 2^53 for any table that fits in memory: both dictionaries are at most the row count.
    const key = a * radix + b;
    let id = ids.get(key);
    if (id === undefined) {
      id = toFirst.length;
      ids.set(key, id);
      toFirst.push(a);
      toSecond.push(b);
    }
    codes[i] = id;
  }
  const dictionary = toFirst.map((a, i) => `${first.dictionary[a]}\u0000${second.dictionary[toSecond[i]]}`);
  return {
    attribute: { name: `${first.name} × ${second.name}`, codes, dictionary },
    project: [Int32Array.from(toFirst), Int32Array.from(toSecond)],
  };
}

/**
 * A model that reads one column of a pair: its class statistics are the pair's frequencies summed per value of its own
 * column. Everything else — name, monotonicity, minimum class size — is the model's own.
 */
export class ProjectedCriterion implements Criterion {
  readonly name: string;
  readonly monotonic: boolean;
  readonly monotonicWithSuppression?: boolean;
  readonly minClassSize: number;
  readonly sensitive: string;
  private readonly scratch: Int32Array;
  private readonly seen: Int32Array;
  private readonly summed: Int32Array;

  constructor(
    readonly inner: Criterion,
    pairName: string,
    private readonly project: Int32Array,
    radix: number,
  ) {
    this.name = inner.name;
    this.monotonic = inner.monotonic;
    this.monotonicWithSuppression = inner.monotonicWithSuppression;
    this.minClassSize = inner.minClassSize;
    this.sensitive = pairName;
    this.scratch = new Int32Array(radix);
    this.seen = new Int32Array(radix);
    this.summed = new Int32Array(radix);
  }

  isSatisfied(cls: ClassStats): boolean {
    const pairs = cls.sensitive;
    if (!pairs) return this.inner.isSatisfied(cls);
    // Sum the pair counts per own value in a reused counter; `seen` lists the values touched, in first-seen order. This
    // runs for every class of every node the search checks, so nothing is allocated: the inner model reads the views
    // during its call only.
    let distinct = 0;
    for (let i = 0; i < pairs.codes.length; i++) {
      const own = this.project[pairs.codes[i]];
      if (this.scratch[own] === 0) this.seen[distinct++] = own;
      this.scratch[own] += pairs.counts[i];
    }
    for (let i = 0; i < distinct; i++) {
      this.summed[i] = this.scratch[this.seen[i]];
      this.scratch[this.seen[i]] = 0;
    }
    return this.inner.isSatisfied({
      size: cls.size,
      sensitive: { codes: this.seen.subarray(0, distinct), counts: this.summed.subarray(0, distinct) },
    });
  }
}
