/**
 * The generalized classes a decision keeps, each with the number of rows the decision counted in it, and the rows a
 * stream has let through so far. A streamed release compares the two before its file is put in place: a source whose
 * rows changed between the decision and the stream would otherwise write classes the anonymity model never checked (a
 * class of 5 that is now 2), which a total row count alone can miss when rows move between classes.
 *
 * A class is its quasi-identifiers' generalized codes (each an index into its hierarchy level's values). With millions
 * of classes (a 10^8-row file has 2.5·10^6) the tally must stay small next to the 1 GB a run may take: a class is one
 * number in the mixed radix of the levels' sizes, the classes sit in a sorted Float64Array with two Int32Arrays of
 * counts (16 bytes a class), and a row finds its class by binary search. Only when the radix overflows 2^53 (very many
 * quasi-identifiers with large levels) are the codes joined as text in a Map instead.
 */
export class ClassTally {
  private readonly radix: readonly number[];
  private readonly exact: boolean;
  private keys = new Float64Array(0);
  private readonly byText = new Map<string, number>();
  private pendingKeys: (number | string)[] = [];
  private pendingRows: number[] = [];
  /** Rows per class as the decision counted them, and as streamed, in the order of the sorted keys. */
  expected = new Int32Array(0);
  seen = new Int32Array(0);

  /** `sizes[i]`: the number of values at quasi-identifier i's chosen level; `labels(i, g)` the value of code g. */
  constructor(
    sizes: readonly number[],
    private readonly labels: (i: number, code: number) => string,
  ) {
    const radix: number[] = [];
    let product = 1;
    for (let i = sizes.length - 1; i >= 0; i--) {
      radix[i] = product;
      product *= Math.max(1, sizes[i]);
    }
    this.radix = radix;
    this.exact = product <= Number.MAX_SAFE_INTEGER;
  }

  private keyOf(codes: ArrayLike<number>): number | string {
    if (!this.exact) return Array.prototype.join.call(codes, ',');
    let k = 0;
    for (let i = 0; i < this.radix.length; i++) k += codes[i] * this.radix[i];
    return k;
  }

  /** Adds a kept class (once per class) while the decision is read; `seal` before the stream. */
  add(codes: ArrayLike<number>, rows: number): void {
    this.pendingKeys.push(this.keyOf(codes));
    this.pendingRows.push(rows);
  }

  seal(): this {
    const n = this.pendingKeys.length;
    this.expected = new Int32Array(n);
    this.seen = new Int32Array(n);
    // The keys sorted on their own (a typed array's numeric sort), then each class's rows placed by its key's position.
    if (this.exact) this.keys = Float64Array.from(this.pendingKeys as number[]).sort();
    else this.pendingKeys.forEach((k, i) => this.byText.set(k as string, i));
    for (let i = 0; i < n; i++) {
      const at = this.exact ? this.search(this.pendingKeys[i] as number) : i;
      this.expected[at] = this.pendingRows[i];
    }
    this.pendingKeys = [];
    this.pendingRows = [];
    return this;
  }

  private search(key: number): number {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = keys[mid];
      if (k === key) return mid;
      if (k < key) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The class of these codes, or −1 when the decision does not keep it. */
  find(codes: ArrayLike<number>): number {
    const key = this.keyOf(codes);
    return this.exact ? this.search(key as number) : (this.byText.get(key as string) ?? -1);
  }

  /** Counts one streamed row of class `index` (from `find`). */
  count(index: number): void {
    this.seen[index]++;
  }

  /** The first class whose streamed rows differ from the decision's count, as a sentence; undefined when all agree. */
  mismatch(): string | undefined {
    for (let c = 0; c < this.expected.length; c++) {
      if (this.seen[c] !== this.expected[c])
        return `the generalized class ${this.describe(c)} holds ${this.seen[c]} streamed rows, the decision counted ${this.expected[c]}`;
    }
    return undefined;
  }

  /** A class's generalized values, for a message. */
  private describe(c: number): string {
    let codes: number[];
    if (this.exact) {
      let rest = this.keys[c];
      codes = this.radix.map((r) => {
        const g = Math.floor(rest / r);
        rest -= g * r;
        return g;
      });
    } else {
      codes = [...this.byText]
        .find(([, i]) => i === c)![0]
        .split(',')
        .map(Number);
    }
    return JSON.stringify(codes.map((g, i) => this.labels(i, g)));
  }
}
