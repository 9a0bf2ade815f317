/**
 * The utility of one point of the generalization × PRAM space (Hasegawa & Miura §3): the L1 distance between the
 * original histogram h over the joint domain D of the quasi-identifiers and the released one, where
 *
 * - generalized counts are spread evenly over the original values they cover, h′(v) = h′(ĝ(v)) / Π_a |ĝ_a⁻¹(ĝ_a(v))|
 *   (eq. 9), as `metrics/l1.ts` does for generalization alone;
 * - PRAM'd attributes (each a retention matrix over its generalized values) contribute their exact expected histogram
 *   E[h′] = (⊗ P_a)ᵀh and variance (eqs. 12–13), and each released cell is read pessimistically at the edge of its
 *   Chebyshev interval E ± √(Var/θ) (eq. 11): per cell, the worst of the two edges adds √(Var/θ) to the L1;
 * - rows in classes that fail k-anonymity (over the attributes not PRAM'd) are suppressed and spread over all of D.
 *
 * The sum is over domain values v, not records (the eq. 10 question; see
 * `test/engine/pram/search/pram-utility.test.ts`). It is computed without visiting D: Σ_v h′(v) = N, so L1 = N +
 * Σ_cells √(Var/θ) + Σ_{v: h(v)>0} (|h(v) − y(v)| − y(v)), y(v) the released count spread to v. The released cells are
 * the generalized classes of the attributes kept as they are, crossed with the full generalized domains of the PRAM'd
 * ones: a dense grid to which the Kronecker product is applied one axis at a time.
 */
import { PrivacyError } from '../../core/measures.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import { makeProblem, problemOf, type AnonymizationProblem } from '../../search/problem.js';
import type { FrequencyTable } from '../../table/frequency-table.js';
import type { Table } from '../../table/table.js';
import { applyKronecker, axisMapOf, squaredAxisMap, type AxisMap } from '../kronecker.js';
import { retentionMatrix } from '../retention-matrix.js';

/** Grids larger than this are refused rather than allocated. */
export const MAX_GRID_CELLS = 1 << 23;

export interface PointEvaluation {
  /** The L1 utility loss (lower is better), or null when the point fails k-anonymity beyond the suppression limit. */
  readonly loss: number | null;
  readonly suppressed: number;
}

export class PramUtility {
  readonly problem: AnonymizationProblem;
  readonly rows: number;
  /** Distinct original tuples (level-0 codes per attribute) and their counts. */
  private readonly tuples: Int32Array[];
  private readonly counts: Float64Array;
  /** pre[a][l][g]: how many level-0 values of attribute a generalize to g at level l. */
  private readonly pre: Float64Array[][];
  private readonly domainSize: number;

  /** `table`: the rows, or their frequency table over (at least) the quasi-identifiers. */
  constructor(
    table: Table | FrequencyTable,
    qi: readonly string[],
    hierarchies: readonly Hierarchy[],
    readonly theta = 0.05,
  ) {
    if (!(theta > 0 && theta <= 1)) throw new PrivacyError(`the Chebyshev parameter θ must be in (0, 1], got ${theta}`);
    const spec = { qi, hierarchies, criteria: [] };
    // A problem without sensitive columns groups the records by the quasi-identifiers alone; a frequency table over
    // more columns is grouped further here, so that the tuples are distinct over the quasi-identifiers.
    const problem = 'weights' in table ? problemOf(table, spec) : makeProblem(table, spec);
    this.problem = problem;
    this.rows = problem.rowCount;
    const q = problem.qi;
    const index = new Map<string, number>();
    const tuples: number[][] = [];
    const counts: number[] = [];
    for (let r = 0; r < problem.recordCount; r++) {
      const t = q.map((a) => a.codes[r]);
      const key = t.join(',');
      const i = index.get(key);
      if (i === undefined) {
        index.set(key, tuples.length);
        tuples.push(t);
        counts.push(problem.weights[r]);
      } else counts[i] += problem.weights[r];
    }
    this.tuples = q.map((_, a) => Int32Array.from(tuples, (t) => t[a]));
    this.counts = Float64Array.from(counts);
    this.pre = q.map((a) =>
      a.hierarchy.levelCodes.map((codes, l) => {
        const out = new Float64Array(a.hierarchy.levelValues[l].length);
        for (let c = 0; c < codes.length; c++) out[codes[c]]++;
        return out;
      }),
    );
    this.domainSize = q.reduce((p, a) => p * a.hierarchy.levelValues[0].length, 1);
  }

  /** Number of generalized values of attribute a at level l. */
  valuesAt(a: number, l: number): readonly string[] {
    return this.problem.qi[a].hierarchy.levelValues[l];
  }

  /**
   * The classes over the attributes not randomized, and the rows in classes smaller than k. This is all that
   * k-anonymity needs, and much cheaper than the loss: the search uses it to know which points are feasible before
   * evaluating any.
   */
  classes(
    levels: readonly number[],
    randomized: readonly boolean[],
    k: number,
  ): { classOf: Int32Array; classSize: number[]; suppressed: number } {
    const q = this.problem.qi;
    const distinct = this.counts.length;
    const maps = q.map((a, i) => a.hierarchy.levelCodes[levels[i]]);
    const classOf = new Int32Array(distinct);
    const classSize: number[] = [];
    const classIndex = new Map<string, number>();
    for (let t = 0; t < distinct; t++) {
      let key = '';
      for (let i = 0; i < q.length; i++) if (!randomized[i]) key += `${maps[i][this.tuples[i][t]]},`;
      let c = classIndex.get(key);
      if (c === undefined) {
        c = classSize.length;
        classIndex.set(key, c);
        classSize.push(0);
      }
      classOf[t] = c;
      classSize[c] += this.counts[t];
    }
    let suppressed = 0;
    for (const s of classSize) if (s < k) suppressed += s;
    return { classOf, classSize, suppressed };
  }

  /** Whether k-anonymity of the attributes not randomized holds with at most floor(S·N) rows suppressed. */
  feasible(levels: readonly number[], randomized: readonly boolean[], k: number, suppression: number): boolean {
    return k <= 1 || this.classes(levels, randomized, k).suppressed <= Math.floor(suppression * this.rows);
  }

  /**
   * The loss at `levels`, with `retain[a]` the retention of PRAM'd attribute a (null: kept as generalized), and
   * k-anonymity required of the classes over the kept attributes (k = 1: none) with at most floor(S·N) rows suppressed.
   */
  evaluate(levels: readonly number[], retain: readonly (number | null)[], k = 1, suppression = 0): PointEvaluation {
    const q = this.problem.qi;
    const d = q.length;
    const distinct = this.counts.length;
    const maps = q.map((a, i) => a.hierarchy.levelCodes[levels[i]]);
    const pramAxes = q.map((_, i) => i).filter((i) => retain[i] !== null);
    const { classOf, classSize, suppressed } = this.classes(
      levels,
      retain.map((r) => r !== null),
      k,
    );
    if (suppressed > Math.floor(suppression * this.rows)) return { loss: null, suppressed };
    const shape = [classSize.length, ...pramAxes.map((i) => q[i].hierarchy.levelValues[levels[i]].length)];
    const cells = shape.reduce((p, n) => p * n, 1);
    if (cells > MAX_GRID_CELLS)
      throw new PrivacyError(
        `the released histogram has ${cells} cells at levels [${levels.join(', ')}], more than the ${MAX_GRID_CELLS} the search evaluates exactly; generalize more or randomize fewer attributes`,
      );
    const cellOf = new Int32Array(distinct);
    const grid = new Float64Array(cells);
    for (let t = 0; t < distinct; t++) {
      let cell = classOf[t];
      for (let j = 0; j < pramAxes.length; j++)
        cell = cell * shape[j + 1] + maps[pramAxes[j]][this.tuples[pramAxes[j]][t]];
      cellOf[t] = cell;
      if (classSize[classOf[t]] >= k) grid[cell] += this.counts[t];
    }
    const axisMaps: (AxisMap | null)[] = [
      null,
      ...pramAxes.map((i) => axisMapOf(retentionMatrix(this.valuesAt(i, levels[i]), retain[i]!))),
    ];
    let widening = 0;
    let expected: Float64Array = grid;
    if (pramAxes.length > 0) {
      expected = applyKronecker(grid, shape, axisMaps);
      const squared = applyKronecker(
        grid,
        shape,
        axisMaps.map((m) => (m ? squaredAxisMap(m) : null)),
      );
      // Var = Σ_u h_u P(1 − P) = E − (P∗P)ᵀh per cell; its Chebyshev half-width √(Var/θ) is added once per cell.
      for (let c = 0; c < cells; c++) widening += Math.sqrt(Math.max(0, expected[c] - squared[c]) / this.theta);
    }
    const spread = suppressed / this.domainSize;
    let sum = this.rows + widening;
    for (let t = 0; t < distinct; t++) {
      let size = 1;
      for (let i = 0; i < d; i++) size *= this.pre[i][levels[i]][maps[i][this.tuples[i][t]]];
      const y = expected[cellOf[t]] / size + spread;
      sum += Math.abs(this.counts[t] - y) - y;
    }
    return { loss: sum, suppressed };
  }
}
