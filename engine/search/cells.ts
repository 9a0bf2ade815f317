import { KeyGrouper } from './group-keys.js';
import type { AnonymizationProblem } from './problem.js';

/**
 * The data at one lattice node, compressed: one cell per distinct (generalized quasi-identifiers, sensitive value),
 * with its row count, and the equivalence class (distinct generalized quasi-identifiers) each cell belongs to.
 * Without a sensitive attribute, cells and classes coincide.
 */
export interface Cells {
  readonly levels: readonly number[];
  readonly count: number;
  /** `codes[i][c]`: cell c's code for quasi-identifier i at `levels[i]`. */
  readonly codes: readonly Int32Array[];
  /** Cell → sensitive code, when the problem has a sensitive attribute. */
  readonly sensitive?: Int32Array;
  /** Cell → number of rows. */
  readonly counts: Int32Array;
  /** Cell → class id. */
  readonly classOf: Int32Array;
  readonly classCount: number;
  /** Class id → number of rows. */
  readonly classSizes: Int32Array;
}

/** Keys stay exact in a double below 2^53; a running product beyond that is renumbered first. */
const EXACT = 2 ** 53;

/**
 * Roll-up (Incognito's and Flash's trick): the cells of a node are computed from the cells of any more specific node by
 * mapping each cell's codes one or more levels up and merging, instead of re-reading every row.
 */
export class RollUp {
  /** The problem's records grouped at the bottom node: the source of last resort. */
  readonly base: Cells;
  private readonly maps: Map<number, Int32Array>[];
  /** Whether each hierarchy is a tree (every value at a level has one parent), without which only level 0 rolls up. */
  private readonly functional: boolean[];
  /**
   * Whether every hierarchy is a tree, so that each generalization merges classes. Without it, monotonicity of the
   * model and of the metric along the lattice does not hold, and the search must not rely on it.
   */
  readonly treeShaped: boolean;
  private readonly grouper = new KeyGrouper();
  private keys = new Float64Array(0);
  private ids = new Int32Array(0);
  private cellIds = new Int32Array(0);
  private first = new Int32Array(0);

  constructor(private readonly problem: AnonymizationProblem) {
    this.maps = problem.qi.map(() => new Map());
    this.functional = problem.qi.map((q) => isFunctional(q.hierarchy.levelCodes));
    this.treeShaped = this.functional.every((f) => f);
    // The records are cells already, weighted by their rows; grouping them at level 0 merges the records that differ
    // only in columns the problem does not read per class.
    const n = problem.recordCount;
    const rows: Cells = {
      levels: problem.qi.map(() => 0),
      count: n,
      codes: problem.qi.map((q) => q.codes),
      sensitive: problem.sensitive?.codes,
      counts: problem.weights,
      classOf: new Int32Array(n),
      classCount: 0,
      classSizes: new Int32Array(0),
    };
    this.base = this.roll(rows, rows.levels);
  }

  /** Whether cells at `from` can be rolled up to `to`. */
  canRoll(from: readonly number[], to: readonly number[]): boolean {
    for (let i = 0; i < from.length; i++) {
      if (from[i] > to[i]) return false;
      if (from[i] !== to[i] && from[i] !== 0 && !this.functional[i]) return false;
    }
    return true;
  }

  /** The cells at `to`, from cells at a more specific node. */
  roll(src: Cells, to: readonly number[]): Cells {
    const n = src.count;
    if (this.keys.length < n) {
      this.keys = new Float64Array(n);
      this.ids = new Int32Array(n);
      this.cellIds = new Int32Array(n);
      this.first = new Int32Array(n);
    }
    const keys = this.keys;
    const qi = this.problem.qi;
    const mapped: (Int32Array | undefined)[] = [];
    let product = 1;
    let folded = false;
    for (let i = 0; i < qi.length; i++) {
      const radix = qi[i].hierarchy.levelValues[to[i]].length;
      const codes = src.codes[i];
      const map = src.levels[i] === to[i] ? undefined : this.upMap(i, src.levels[i], to[i]);
      mapped.push(map);
      // An attribute with a single value at this level (its top, usually) does not split anything.
      if (radix <= 1) continue;
      if (product * radix > EXACT) {
        product = this.grouper.group(keys, n, this.ids, product);
        for (let j = 0; j < n; j++) keys[j] = this.ids[j];
      }
      if (!folded) {
        if (map) for (let j = 0; j < n; j++) keys[j] = map[codes[j]];
        else for (let j = 0; j < n; j++) keys[j] = codes[j];
        folded = true;
      } else if (map) for (let j = 0; j < n; j++) keys[j] = keys[j] * radix + map[codes[j]];
      else for (let j = 0; j < n; j++) keys[j] = keys[j] * radix + codes[j];
      product *= radix;
    }
    if (!folded) keys.fill(0, 0, n);
    const classOfSrc = this.ids;
    const sens = src.sensitive;
    let cellOf = classOfSrc;
    const first = this.first;
    const classCount = this.grouper.group(keys, n, classOfSrc, product, sens ? undefined : first);
    let count = classCount;
    if (sens) {
      const radix = this.problem.sensitive!.dictionary.length;
      for (let j = 0; j < n; j++) keys[j] = classOfSrc[j] * radix + sens[j];
      cellOf = this.cellIds;
      count = this.grouper.group(keys, n, cellOf, classCount * radix, first);
    }
    // Codes, class and sensitive value are the same for every source cell merged into a cell: read them once, at the
    // first source cell of each; only the counts need every source cell.
    const codes = qi.map((_, i) => {
      const out = new Int32Array(count);
      const from = src.codes[i];
      const map = mapped[i];
      if (map) for (let c = 0; c < count; c++) out[c] = map[from[first[c]]];
      else for (let c = 0; c < count; c++) out[c] = from[first[c]];
      return out;
    });
    const classOf = new Int32Array(count);
    for (let c = 0; c < count; c++) classOf[c] = classOfSrc[first[c]];
    const sensitive = sens ? Int32Array.from({ length: count }, (_, c) => sens[first[c]]) : undefined;
    const counts = new Int32Array(count);
    const classSizes = new Int32Array(classCount);
    const srcCounts = src.counts;
    for (let j = 0; j < n; j++) {
      counts[cellOf[j]] += srcCounts[j];
      classSizes[classOfSrc[j]] += srcCounts[j];
    }
    return { levels: [...to], count, codes, sensitive, counts, classOf, classCount, classSizes };
  }

  /** Code at level `from` → code at level `to` of quasi-identifier i. */
  private upMap(i: number, from: number, to: number): Int32Array {
    const key = from * 1024 + to;
    let map = this.maps[i].get(key);
    if (!map) {
      const lc = this.problem.qi[i].hierarchy.levelCodes;
      map = new Int32Array(this.problem.qi[i].hierarchy.levelValues[from].length);
      for (let c = 0; c < lc[0].length; c++) map[lc[from][c]] = lc[to][c];
      this.maps[i].set(key, map);
    }
    return map;
  }
}

/** True when every generalized value at each level has exactly one generalization at every higher level. */
function isFunctional(levelCodes: readonly Int32Array[]): boolean {
  for (let a = 1; a < levelCodes.length; a++) {
    const parent = new Map<number, number>();
    for (let c = 0; c < levelCodes[0].length; c++) {
      const p = parent.get(levelCodes[a][c]);
      const next = levelCodes[a + 1]?.[c] ?? -1;
      if (p === undefined) parent.set(levelCodes[a][c], next);
      else if (p !== next) return false;
    }
  }
  return true;
}
