import type { Lattice } from './lattice.js';

const UNKNOWN = 0;
const VALID = 1;
const INVALID = 2;

/**
 * What the search knows about each node's validity. With monotonic validity, recording a check tags the whole
 * up-set (valid) or down-set (invalid) of the node; each node is tagged once, so tagging costs O(nodes) in total.
 */
export class TagState {
  private readonly state: Uint8Array;
  /** Nodes whose validity is known. */
  resolved = 0;

  constructor(
    private readonly lattice: Lattice,
    readonly monotone: boolean,
  ) {
    this.state = new Uint8Array(lattice.size);
  }

  isKnown(id: number): boolean {
    return this.state[id] !== UNKNOWN;
  }

  isValid(id: number): boolean {
    return this.state[id] === VALID;
  }

  isInvalid(id: number): boolean {
    return this.state[id] === INVALID;
  }

  record(id: number, valid: boolean): void {
    if (!this.monotone) {
      if (this.state[id] === UNKNOWN) this.resolved++;
      this.state[id] = valid ? VALID : INVALID;
      return;
    }
    const tag = valid ? VALID : INVALID;
    const table = this.lattice.levelTable();
    const { heights, strides } = this.lattice;
    const d = heights.length;
    const stack = [id];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (this.state[n] === tag) continue;
      this.state[n] = tag;
      this.resolved++;
      // Valid spreads to the direct generalizations, invalid to the direct specializations.
      for (let i = 0; i < d; i++) {
        const level = table[n * d + i];
        if (valid ? level < heights[i] : level > 0) {
          const m = valid ? n + strides[i] : n - strides[i];
          if (this.state[m] !== tag) stack.push(m);
        }
      }
    }
  }
}
