/**
 * What a PRAM release reports: per attribute its matrix, local ε, keep probabilities and expected distortion
 * Σ_v |E[h′_v] − h_v|; the combined ε of all attributes (their sum, the Kronecker product's ε); and the expected
 * distortion of the joint histogram of the randomized attributes when that histogram is small enough to hold
 * (the marginal figures otherwise).
 */
import type { Column } from '../table/table.js';
import { applyKronecker, axisMapOf } from './kronecker.js';
import { combinedEpsilon, localEpsilon } from './local-epsilon.js';
import { expectedDistortion } from './pram-moments.js';
import { labelIndex, toRows, type TransitionMatrix } from './transition-matrix.js';

/** Joint histograms up to this many cells are expanded exactly. */
export const JOINT_LIMIT = 1 << 22;

export interface PramAttributeReport {
  readonly name: string;
  readonly description: string;
  readonly labels: readonly string[];
  readonly matrix: number[][];
  readonly epsilon: number;
  /** The smallest P(v → v): the least a value is kept. */
  readonly minKeep: number;
  /** Σ_v |E[h′_v] − h_v| over this attribute's histogram. */
  readonly expectedDistortion: number;
}

export interface PramReport {
  readonly attributes: readonly PramAttributeReport[];
  readonly combinedEpsilon: number;
  /** Σ over the joint domain of |E[h′] − h|, or null when the joint domain exceeds `JOINT_LIMIT` cells. */
  readonly jointExpectedDistortion: number | null;
}

/**
 * `weights`, when given, is the number of rows each position of the columns' codes stands for: the columns are then a
 * frequency table's (one entry per distinct record), as a streamed release reads them, and the counts h are the same
 * as over the rows.
 */
export function pramReport(
  columns: readonly Column[],
  matrices: readonly TransitionMatrix[],
  weights?: Int32Array,
): PramReport {
  const w = (r: number) => (weights ? weights[r] : 1);
  const codesOf = columns.map((c, i) => {
    const index = labelIndex(matrices[i]);
    return Int32Array.from(c.dictionary, (v) => index.get(v) ?? -1);
  });
  const attributes = columns.map((c, i): PramAttributeReport => {
    const m = matrices[i];
    const h = new Float64Array(m.size);
    for (let r = 0; r < c.codes.length; r++) {
      const u = codesOf[i][c.codes[r]];
      if (u >= 0) h[u] += w(r);
    }
    let minKeep = 1;
    for (let u = 0; u < m.size; u++) minKeep = Math.min(minKeep, m.p[u * m.size + u]);
    return {
      name: c.name,
      description: m.description,
      labels: m.labels,
      matrix: toRows(m),
      epsilon: localEpsilon(m),
      minKeep,
      expectedDistortion: expectedDistortion(m, h),
    };
  });
  const shape = matrices.map((m) => m.size);
  const cells = shape.reduce((p, n) => p * n, 1);
  let joint: number | null = null;
  if (cells <= JOINT_LIMIT && columns.length > 0) {
    const h = new Float64Array(cells);
    const rows = columns[0].codes.length;
    outer: for (let r = 0; r < rows; r++) {
      let k = 0;
      for (let i = 0; i < columns.length; i++) {
        const u = codesOf[i][columns[i].codes[r]];
        if (u < 0) continue outer;
        k = k * shape[i] + u;
      }
      h[k] += w(r);
    }
    const e = applyKronecker(h, shape, matrices.map(axisMapOf));
    joint = 0;
    for (let k = 0; k < cells; k++) joint += Math.abs(e[k] - h[k]);
  }
  return { attributes, combinedEpsilon: combinedEpsilon(matrices), jointExpectedDistortion: joint };
}
