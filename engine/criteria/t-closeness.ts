import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import type { WeightedColumn } from '../table/frequency-table-of.js';
import { TableError } from '../table/table.js';
import type { ClassStats, Criterion } from './criterion.js';

/*
 * t-closeness: the distribution of the sensitive attribute in every class is within Earth Mover's Distance t of its
 * distribution in the whole table, with one of the three ground distances of the paper, computed as ARX computes them.
 *
 * Published in: Li N, Li T, Venkatasubramanian S. t-Closeness: privacy beyond k-anonymity and ℓ-diversity.
 * 23rd International Conference on Data Engineering (ICDE). 2007:106–115.
 *
 * The EMD to a fixed distribution is convex in the class distribution, so a merge of two passing classes passes and the
 * model is monotonic without suppression. With suppression it is not: a failing class merged into a passing one can
 * fail, and then suppression grows (ARX treats it the same way).
 */

abstract class TCloseness implements Criterion {
  readonly monotonic = true;
  readonly monotonicWithSuppression = false;
  readonly minClassSize = 1;
  readonly sensitive: string;
  /** Row count of each sensitive code in the whole table. */
  protected readonly global: Float64Array;
  protected readonly rows: number;

  constructor(
    column: WeightedColumn,
    readonly t: number,
    readonly name: string,
  ) {
    if (!(t >= 0 && t <= 1)) throw new TableError(`t-closeness: t must be a number in [0, 1], got ${t}`);
    this.sensitive = column.name;
    this.global = new Float64Array(column.dictionary.length);
    // A table's column counts one per row; a frequency table's counts each record's rows.
    const { codes, weights } = column;
    let rows = 0;
    for (let r = 0; r < codes.length; r++) {
      const w = weights ? weights[r] : 1;
      this.global[codes[r]] += w;
      rows += w;
    }
    this.rows = rows;
  }

  abstract distance(cls: ClassStats): number;

  isSatisfied(cls: ClassStats): boolean {
    return this.distance(cls) <= this.t;
  }
}

/** Equal ground distance: D = ½ Σ_i |p_i − q_i|, the total variation distance. */
export class EqualDistanceTCloseness extends TCloseness {
  constructor(column: WeightedColumn, t: number) {
    super(column, t, `${t}-closeness (equal distance) on ${column.name}`);
  }

  distance(cls: ClassStats): number {
    const s = cls.sensitive!;
    // ARX's rearrangement over the values present in the class only: ½ (1 + Σ_{i ∈ P} (|q_i − p_i| − q_i)),
    // since the values absent from the class contribute Σ_{i ∉ P} q_i = 1 − Σ_{i ∈ P} q_i.
    let val = 1;
    for (let i = 0; i < s.codes.length; i++) {
      if (s.counts[i] <= 0) continue;
      const q = this.global[s.codes[i]] / this.rows;
      val += Math.abs(q - s.counts[i] / cls.size) - q;
    }
    return val / 2;
  }
}

/**
 * Ordered distance, for attributes with a natural order of m values: D = 1/(m − 1) · Σ_i |Σ_{j ≤ i} (p_j − q_j)|.
 * The order is given by `order` (values in increasing order) or, by default, numeric when every value is a number and
 * lexicographic otherwise, as ARX orders strings and numbers.
 */
export class OrderedDistanceTCloseness extends TCloseness {
  /** Sensitive codes in increasing order of their values. */
  private readonly order: Int32Array;
  private readonly scratch: Float64Array;

  constructor(column: WeightedColumn, t: number, order?: readonly string[]) {
    super(column, t, `${t}-closeness (ordered distance) on ${column.name}`);
    const values = column.dictionary;
    const codes = values.map((_, c) => c);
    if (order) {
      const rank = new Map(order.map((v, i) => [v, i]));
      const unknown = values.find((v) => !rank.has(v));
      if (unknown !== undefined)
        throw new TableError(`t-closeness: the order given for '${column.name}' does not list '${unknown}'`);
      codes.sort((a, b) => rank.get(values[a])! - rank.get(values[b])!);
    } else if (values.every((v) => v.trim() !== '' && Number.isFinite(Number(v))))
      codes.sort((a, b) => Number(values[a]) - Number(values[b]));
    else codes.sort((a, b) => (values[a] < values[b] ? -1 : values[a] > values[b] ? 1 : 0));
    this.order = Int32Array.from(codes);
    this.scratch = new Float64Array(values.length);
  }

  distance(cls: ClassStats): number {
    const m = this.order.length;
    return m > 1 ? this.unnormalized(cls) / (m - 1) : 0;
  }

  override isSatisfied(cls: ClassStats): boolean {
    // As ARX: the unnormalized sum against t·(m − 1), which saves the rounding of a division.
    return this.unnormalized(cls) <= this.t * (this.order.length - 1);
  }

  /** Σ_i |Σ_{j ≤ i} (p_j − q_j)| over the values in order. */
  private unnormalized(cls: ClassStats): number {
    const s = cls.sensitive!;
    const p = this.scratch;
    for (let i = 0; i < s.codes.length; i++) p[s.codes[i]] += s.counts[i] / cls.size;
    let sum = 0;
    let distance = 0;
    for (let i = 0; i < this.order.length; i++) {
      const v = this.order[i];
      sum += p[v] - this.global[v] / this.rows;
      distance += Math.abs(sum);
    }
    for (let i = 0; i < s.codes.length; i++) p[s.codes[i]] = 0;
    return distance;
  }
}

/**
 * Hierarchical distance, using the sensitive attribute's generalization hierarchy of height H: moving mass between two
 * values costs level(lowest common ancestor)/H. The EMD is Σ over inner nodes N of level(N)/H · min(pos(N), neg(N)),
 * where pos and neg add up the positive and negative net surpluses p − q of N's children.
 */
export class HierarchicalDistanceTCloseness extends TCloseness {
  /** `parents[l][c]`: the level-l node above node c of level l − 1 (index 0 unused). */
  private readonly parents: Int32Array[];
  private readonly nets: Float64Array[];

  constructor(
    column: WeightedColumn,
    t: number,
    private readonly hierarchy: BoundHierarchy,
  ) {
    super(column, t, `${t}-closeness (hierarchical distance) on ${column.name}`);
    if (hierarchy.column !== column.name)
      throw new TableError(`t-closeness: the hierarchy is for '${hierarchy.column}', not '${column.name}'`);
    const lc = hierarchy.levelCodes;
    // The EMD below is exact for the tree-shaped hierarchies the paper assumes. A node with two parents has no single
    // lowest common ancestor; taking one of its parents would shorten some distances and let classes pass that should
    // fail, so such a hierarchy is refused.
    this.parents = lc.map((codes, l) => {
      const out = new Int32Array(l === 0 ? 0 : hierarchy.levelValues[l - 1].length).fill(-1);
      for (let v = 0; l > 0 && v < codes.length; v++) {
        const node = lc[l - 1][v];
        if (out[node] < 0) out[node] = codes[v];
        else if (out[node] !== codes[v]) {
          const name = (level: number, code: number) => `'${hierarchy.levelValues[level][code]}'`;
          throw new TableError(
            `t-closeness: the hierarchy for '${column.name}' is not a tree: ${name(l - 1, node)} at level ${l - 1} generalizes to both ${name(l, out[node])} and ${name(l, codes[v])} at level ${l}`,
          );
        }
      }
      return out;
    });
    this.nets = hierarchy.levelValues.map((values) => new Float64Array(values.length));
  }

  distance(cls: ClassStats): number {
    const s = cls.sensitive!;
    const height = this.hierarchy.height;
    if (height === 0) return 0;
    const P = this.rows;
    const Q = cls.size;
    // Leaf surpluses scaled by P·Q so that they are integers, as in ARX: p_i·Q − q_i·P with p global, q in the class.
    const leaves = this.nets[0];
    for (let v = 0; v < leaves.length; v++) leaves[v] = this.global[v] * Q;
    for (let i = 0; i < s.codes.length; i++) leaves[s.codes[i]] -= s.counts[i] * P;
    let cost = 0;
    for (let l = 1; l <= height; l++) {
      const below = this.nets[l - 1];
      const here = this.nets[l];
      const parent = this.parents[l];
      here.fill(0);
      const pos = new Float64Array(here.length);
      const neg = new Float64Array(here.length);
      for (let c = 0; c < below.length; c++) {
        const e = below[c];
        here[parent[c]] += e;
        if (e > 0) pos[parent[c]] += e;
        else neg[parent[c]] -= e;
      }
      for (let g = 0; g < here.length; g++) cost += (l / height) * Math.min(pos[g], neg[g]);
    }
    return cost / (P * Q);
  }
}
