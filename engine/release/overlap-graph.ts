/**
 * The overlap graph of boxed releases, grown one release at a time: vertex i is the i-th boxed release, and an edge
 * joins two whose `where` regions can hold a common row. Each vertex keeps its neighbours as a row of bits, so the
 * clique search intersects neighbourhoods 32 vertices per machine word, and adding a release tests its region once
 * against each earlier one (linear per release, quadratic for a spec; never re-tested as the walk goes on).
 */
export class OverlapGraph {
  private readonly rows: Uint32Array[] = [];
  private capacity = 1;
  size = 0;

  /** Adds a vertex adjacent to every earlier vertex j for which `overlaps(j)` holds; returns its index. */
  add(overlaps: (j: number) => boolean): number {
    const v = this.size;
    if (v >= this.capacity * 32) this.grow();
    const row = new Uint32Array(this.capacity);
    for (let j = 0; j < v; j++) {
      if (!overlaps(j)) continue;
      row[j >>> 5] |= 1 << (j & 31);
      this.rows[j][v >>> 5] |= 1 << (v & 31);
    }
    this.rows.push(row);
    this.size++;
    return v;
  }

  /** The neighbours of `v` as bits (shared, not a copy: callers never write to it). */
  row(v: number): Uint32Array {
    return this.rows[v];
  }

  has(i: number, j: number): boolean {
    return (this.rows[i][j >>> 5] & (1 << (j & 31))) !== 0;
  }

  /** Machine words that hold every vertex so far. */
  get words(): number {
    return (this.size + 31) >>> 5;
  }

  private grow(): void {
    this.capacity *= 2;
    for (let i = 0; i < this.rows.length; i++) {
      const wider = new Uint32Array(this.capacity);
      wider.set(this.rows[i]);
      this.rows[i] = wider;
    }
  }
}

/** The members of a bit set, in increasing order. */
export function bitsOf(bits: Uint32Array, words = bits.length): number[] {
  const out: number[] = [];
  for (let w = 0; w < words; w++) {
    let x = bits[w];
    while (x !== 0) {
      const low = x & -x;
      out.push((w << 5) + 31 - Math.clz32(low));
      x ^= low;
    }
  }
  return out;
}

export function countBits(bits: Uint32Array, words = bits.length): number {
  let c = 0;
  for (let w = 0; w < words; w++) {
    let x = bits[w] - ((bits[w] >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    c += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return c;
}
