import { TableError } from '../table/table.js';
import type { ClassStats, Criterion } from './criterion.js';

/*
 * ℓ-diversity in its three variants, each a condition on the frequencies of the sensitive values within one class.
 *
 * Published in: Machanavajjhala A, Kifer D, Gehrke J, Venkitasubramaniam M. ℓ-diversity: privacy beyond k-anonymity.
 * ACM Transactions on Knowledge Discovery from Data (TKDD). 2007;1(1):3.
 *
 * All three are monotonic (the paper's Theorems on entropy and recursive ℓ-diversity): merging two passing classes
 * gives a passing class. Only distinct ℓ-diversity stays monotonic under suppression, though: merging a passing class
 * with a failing one can lower the entropy or raise the share of the most frequent value, so a generalization of a
 * valid node may suppress more rows (ARX flags these models as not monotonic with suppression for the same reason).
 *
 * `isSatisfied` allocates nothing, because the lattice search calls it for every class of every node it visits.
 */

function checkL(l: number, name: string): void {
  if (!Number.isFinite(l) || l < 1) throw new TableError(`${name}: ℓ must be a number of at least 1, got ${l}`);
}

/** The number of values that occur in the class (entries with a positive count). */
function distinctValues(counts: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i] > 0) m++;
  return m;
}

/** Distinct ℓ-diversity: the class holds at least ⌈ℓ⌉ distinct sensitive values. */
export class DistinctLDiversity implements Criterion {
  readonly name: string;
  readonly monotonic = true;
  readonly monotonicWithSuppression = true;
  readonly minClassSize: number;

  constructor(
    readonly sensitive: string,
    readonly l: number,
  ) {
    checkL(l, 'distinct ℓ-diversity');
    this.minClassSize = Math.ceil(l);
    this.name = `distinct-${l}-diversity on ${sensitive}`;
  }

  isSatisfied(cls: ClassStats): boolean {
    return cls.sensitive !== undefined && distinctValues(cls.sensitive.counts) >= this.minClassSize;
  }

  /** The class's distinct ℓ: how many sensitive values occur in it, for messages such as "1 value, below ℓ = 2". */
  measure(cls: ClassStats): number {
    return cls.sensitive === undefined ? 0 : distinctValues(cls.sensitive.counts);
  }
}

/**
 * Entropy ℓ-diversity: the entropy of the class's sensitive values is at least ln ℓ, and (as ARX requires) at least
 * ⌈ℓ⌉ distinct values occur. With value counts f and class size N the entropy is ln N − (Σ f ln f)/N, so the test is
 * Σ f·ln f ≤ N·(ln N − ln ℓ).
 */
export class EntropyLDiversity implements Criterion {
  readonly name: string;
  readonly monotonic = true;
  readonly monotonicWithSuppression = false;
  readonly minClassSize: number;
  private readonly lnL: number;
  private n = 0;

  constructor(
    readonly sensitive: string,
    readonly l: number,
  ) {
    checkL(l, 'entropy ℓ-diversity');
    this.minClassSize = Math.ceil(l);
    this.lnL = Math.log(l);
    this.name = `entropy-${l}-diversity on ${sensitive}`;
  }

  isSatisfied(cls: ClassStats): boolean {
    const s = cls.sensitive;
    if (s === undefined || distinctValues(s.counts) < this.minClassSize) return false;
    const sumFLnF = this.sums(s.counts);
    const n = this.n;
    // H = ln N − Σ f ln f / N ≥ ln ℓ  ⇔  Σ f ln f ≤ N (ln N − ln ℓ). The slack of 1e-9 nats per record lets a class
    // that is uniform over exactly ℓ values pass, as the definition says; rounding makes the plain comparison reject
    // some of them (counts 4, 4 with ℓ = 2 here, and counts 7, 7 in ARX's log2 form, where log2 14 − log2 7 rounds
    // below 1).
    return sumFLnF <= n * (Math.log(n) - this.lnL) + 1e-9 * n;
  }

  /** The class's entropy ℓ, e^H = N / e^(Σ f ln f / N): the largest ℓ whose entropy condition it meets. */
  measure(cls: ClassStats): number {
    if (cls.sensitive === undefined) return 0;
    const sumFLnF = this.sums(cls.sensitive.counts);
    return this.n === 0 ? 0 : this.n / Math.exp(sumFLnF / this.n);
  }

  /** Σ f ln f over the positive counts, leaving N = Σ f in `n` (a field, so that nothing is allocated per call). */
  private sums(counts: ArrayLike<number>): number {
    let n = 0;
    let sumFLnF = 0;
    for (let i = 0; i < counts.length; i++) {
      const f = counts[i];
      if (f > 0) {
        n += f;
        sumFLnF += f * Math.log(f);
      }
    }
    this.n = n;
    return sumFLnF;
  }
}

/**
 * Recursive (c, ℓ)-diversity: with the class's value counts sorted so that r1 ≥ r2 ≥ … ≥ rm, the most frequent value is
 * rarer than c times the sum of the counts from the ℓ-th on, r1 < c·(rℓ + … + rm); at least ℓ distinct values must
 * occur.
 */
export class RecursiveCLDiversity implements Criterion {
  readonly name: string;
  readonly monotonic = true;
  readonly monotonicWithSuppression = false;
  readonly minClassSize: number;
  /** The ℓ − 1 largest counts seen so far, largest first; scratch space reused by every call. */
  private readonly top: Float64Array;
  /** r1 and rℓ + … + rm of the class last scanned. */
  private r1 = 0;
  private tail = 0;

  constructor(
    readonly sensitive: string,
    readonly c: number,
    readonly l: number,
  ) {
    if (!Number.isSafeInteger(l) || l < 1)
      throw new TableError(`recursive (c, ℓ)-diversity: ℓ must be an integer of at least 1, got ${l}`);
    if (!Number.isFinite(c) || c <= 0)
      throw new TableError(`recursive (c, ℓ)-diversity: c must be a positive number, got ${c}`);
    this.minClassSize = l;
    this.top = new Float64Array(l - 1);
    this.name = `recursive-(${c},${l})-diversity on ${sensitive}`;
  }

  isSatisfied(cls: ClassStats): boolean {
    const s = cls.sensitive;
    if (s === undefined || !this.scan(s.counts)) return false;
    return this.r1 < this.c * this.tail;
  }

  /**
   * r1 / (rℓ + … + rm), the ratio that c must exceed for the class to pass; infinite when fewer than ℓ values occur.
   */
  measure(cls: ClassStats): number {
    const s = cls.sensitive;
    if (s === undefined || !this.scan(s.counts)) return Infinity;
    return this.r1 / this.tail;
  }

  /** Finds r1 and rℓ + … + rm of `counts` into `r1` and `tail`; false when fewer than ℓ values occur. */
  private scan(counts: ArrayLike<number>): boolean {
    const top = this.top;
    top.fill(0);
    let m = 0;
    let total = 0;
    let r1 = 0;
    for (let i = 0; i < counts.length; i++) {
      const f = counts[i];
      if (f <= 0) continue;
      m++;
      total += f;
      if (f > r1) r1 = f;
      // Insertion into the short sorted list of the ℓ − 1 largest counts.
      let j = top.length - 1;
      if (j < 0 || f <= top[j]) continue;
      while (j > 0 && top[j - 1] < f) {
        top[j] = top[j - 1];
        j--;
      }
      top[j] = f;
    }
    if (m < this.l) return false;
    let head = 0;
    for (let j = 0; j < top.length; j++) head += top[j];
    this.r1 = r1;
    // r_ℓ + … + r_m is everything but the ℓ − 1 largest counts.
    this.tail = total - head;
    return true;
  }
}
