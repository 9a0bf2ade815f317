import { NodeCells, type Cells } from './cells.js';
import { foldKeys } from './folded-keys.js';
import { KeyGrouper } from '../table/group-keys.js';
import type { AnonymizationProblem } from './problem.js';

/** Integer keys are exact in a double below 2^53. */
const EXACT = 2 ** 53;

/**
 * Roll-up (Incognito's and Flash's trick): the cells of a node are computed from the cells of any more specific node by
 * mapping each cell's codes one or more levels up and merging, instead of re-reading every record. A cell's codes at
 * the target node are its representative record's level-0 codes mapped straight to the target levels; the records'
 * codes are kept interleaved (all quasi-identifiers of a record side by side), so that reading them is one cache line.
 */
export class RollUp {
  /** The problem's records grouped at the bottom node: the source of last resort. */
  readonly base: Cells;
  /** Whether each hierarchy is a tree (every value at a level has one parent), without which only level 0 rolls up. */
  private readonly functional: boolean[];
  /**
   * Whether every hierarchy is a tree, so that each generalization merges classes. Without it, monotonicity of the
   * model and of the metric along the lattice does not hold, and the search must not rely on it.
   */
  readonly treeShaped: boolean;
  /** `records[t · d + i]`: record t's level-0 code of quasi-identifier i. */
  private readonly records: Int32Array;
  /**
   * The weight of quasi-identifier i in a class key, Π_{j>i} (number of level-0 values of j): one radix at every level
   * (no level has more values than level 0), so that a roll-up that changes one attribute adjusts the source key by one
   * term instead of folding every attribute again. Undefined when the level-0 key space passes 2^53.
   */
  private readonly strides?: Float64Array;
  /** The size of that key space. */
  private readonly keySpace: number = 0;
  private readonly deltas = new Map<number, Float64Array>();
  private readonly grouper = new KeyGrouper();
  private keys = new Float64Array(0);
  private sensitiveKeys = new Float64Array(0);
  private ids = new Int32Array(0);
  private cellIds = new Int32Array(0);
  private first = new Int32Array(0);

  constructor(private readonly problem: AnonymizationProblem) {
    this.functional = problem.qi.map((q) => isFunctional(q.hierarchy.levelCodes));
    this.treeShaped = this.functional.every((f) => f);
    const d = problem.qi.length;
    const n = problem.recordCount;
    this.records = new Int32Array(n * d);
    problem.qi.forEach((q, i) => {
      for (let t = 0; t < n; t++) this.records[t * d + i] = q.codes[t];
    });
    let space = 1;
    const strides = new Float64Array(d);
    for (let i = d - 1; i >= 0; i--) {
      strides[i] = space;
      space *= Math.max(1, problem.qi[i].hierarchy.levelValues[0].length);
    }
    let baseKeys: Float64Array | undefined;
    if (space <= EXACT) {
      this.strides = strides;
      this.keySpace = space;
      baseKeys = new Float64Array(n);
      for (let t = 0; t < n; t++) {
        let k = 0;
        for (let i = 0; i < d; i++) k += this.records[t * d + i] * strides[i];
        baseKeys[t] = k;
      }
    }
    // The records are cells already, weighted by their rows; grouping them at level 0 merges the records that differ
    // only in columns the problem does not read per class.
    const rep = new Int32Array(n);
    for (let t = 0; t < n; t++) rep[t] = t;
    const levels = problem.qi.map(() => 0);
    this.base = this.roll(
      new NodeCells(problem, levels, n, rep, problem.weights, new Int32Array(n), 0, new Int32Array(0), baseKeys),
      levels,
    );
  }

  /** Whether cells at `from` can be rolled up to `to`. */
  canRoll(from: readonly number[], to: readonly number[]): boolean {
    for (let i = 0; i < from.length; i++) {
      if (from[i] > to[i]) return false;
      if (from[i] !== to[i] && from[i] !== 0 && !this.functional[i]) return false;
    }
    return true;
  }

  /** The cells at `to`, from cells at a more specific node (or at the same node, to merge cells). */
  roll(src: Cells, to: readonly number[]): Cells {
    const n = src.count;
    if (this.keys.length < n) {
      this.keys = new Float64Array(n);
      this.sensitiveKeys = new Float64Array(n);
      this.ids = new Int32Array(n);
      this.cellIds = new Int32Array(n);
      this.first = new Int32Array(n);
    }
    const keys = this.keys;
    const srcRep = src.rep;
    const product =
      this.strides && src.keys
        ? this.shiftKeys(src, to, keys)
        : foldKeys(this.problem, this.records, this.grouper, this.ids, src, to, keys);
    const classOfSrc = this.ids;
    const sens = this.problem.sensitive?.codes;
    let cellOf = classOfSrc;
    const first = this.first;
    const classCount = this.grouper.group(keys, n, classOfSrc, product, sens ? undefined : first);
    let count = classCount;
    if (sens) {
      const radix = this.problem.sensitive.dictionary.length;
      const pairKeys = this.sensitiveKeys;
      for (let j = 0; j < n; j++) pairKeys[j] = classOfSrc[j] * radix + sens[srcRep[j]];
      cellOf = this.cellIds;
      count = this.grouper.group(pairKeys, n, cellOf, classCount * radix, first);
    }
    // Representative, class and key are the same for every source cell merged into a cell: read them once, at the first
    // source cell of each; only the counts need every source cell.
    const rep = new Int32Array(count);
    const classOf = new Int32Array(count);
    for (let c = 0; c < count; c++) {
      const f = first[c];
      rep[c] = srcRep[f];
      classOf[c] = classOfSrc[f];
    }
    let outKeys: Float64Array | undefined;
    if (this.strides) {
      outKeys = new Float64Array(count);
      for (let c = 0; c < count; c++) outKeys[c] = keys[first[c]];
    }
    const counts = new Int32Array(count);
    const srcCounts = src.counts;
    for (let j = 0; j < n; j++) counts[cellOf[j]] += srcCounts[j];
    // Without a sensitive attribute cells are classes, and their counts the class sizes.
    let classSizes = counts;
    if (sens) {
      classSizes = new Int32Array(classCount);
      for (let j = 0; j < n; j++) classSizes[classOfSrc[j]] += srcCounts[j];
    }
    return new NodeCells(this.problem, [...to], count, rep, counts, classOf, classCount, classSizes, outKeys);
  }

  /**
   * keys[j] = the class key at `to` of source cell j: its source key plus, for each attribute whose level changes, the
   * change of its code times its stride. Returns the key space.
   */
  private shiftKeys(src: Cells, to: readonly number[], keys: Float64Array): number {
    const n = src.count;
    const qi = this.problem.qi;
    const d = qi.length;
    const records = this.records;
    const rep = src.rep;
    const srcKeys = src.keys!;
    const changed: number[] = [];
    const deltas: Float64Array[] = [];
    for (let a = 0; a < d; a++) {
      if (src.levels[a] === to[a]) continue;
      changed.push(a);
      deltas.push(this.delta(a, src.levels[a], to[a]));
    }
    if (changed.length === 0) {
      keys.set(srcKeys.subarray(0, n));
    } else if (changed.length === 1) {
      const a = changed[0];
      const delta = deltas[0];
      for (let j = 0; j < n; j++) keys[j] = srcKeys[j] + delta[records[rep[j] * d + a]];
    } else {
      // Several attributes change: one pass over the cells, each reading its representative's codes side by side.
      const m = changed.length;
      for (let j = 0; j < n; j++) {
        const row = rep[j] * d;
        let k = srcKeys[j];
        for (let s = 0; s < m; s++) k += deltas[s][records[row + changed[s]]];
        keys[j] = k;
      }
    }
    return this.keySpace;
  }

  /**
   * What a record's class key gains when attribute a goes from level `from` to level `to`, by its level-0 code:
   * (code at `to` − code at `from`) · stride, kept per (attribute, from, to).
   */
  private delta(a: number, from: number, to: number): Float64Array {
    const key = (a * 4096 + from) * 4096 + to;
    let delta = this.deltas.get(key);
    if (!delta) {
      const h = this.problem.qi[a].hierarchy;
      const stride = this.strides![a];
      delta = Float64Array.from(
        h.levelCodes[0],
        (_, code) => (h.levelCodes[to][code] - h.levelCodes[from][code]) * stride,
      );
      this.deltas.set(key, delta);
    }
    return delta;
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
