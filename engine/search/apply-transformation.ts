import { cell, type Table } from '../table/table.js';
import type { NodeEvaluation } from './node-evaluator.js';
import type { AnonymizationProblem } from './problem.js';

export interface ReleaseOptions {
  /** `remove` drops the suppressed records; `star` keeps them with `*` in every quasi-identifier and a flag column. */
  readonly suppressed?: 'remove' | 'star';
  /** Name of the flag column in `star` mode. */
  readonly flagColumn?: string;
}

export interface Release {
  readonly header: readonly string[];
  readonly rows: string[][];
  /** Records suppressed (removed or starred). */
  readonly suppressed: number;
}

/**
 * The released table of a transformation: every column as in the input, quasi-identifiers replaced by their
 * generalizations at the node's levels, and the records of failing classes suppressed. The node must be valid.
 */
export function applyTransformation(table: Table, problem: AnonymizationProblem, e: NodeEvaluation, options: ReleaseOptions = {}): Release {
  if (!e.valid) throw new RangeError(`node ${e.levels.join(',')} does not satisfy the model and is not a release`);
  const mode = options.suppressed ?? 'remove';
  const qiIndex = problem.qi.map((q) => table.columns.findIndex((c) => c.name === q.name));
  const gen = problem.qi.map((q, i) => ({ codes: q.hierarchy.levelCodes[e.levels[i]], values: q.hierarchy.levelValues[e.levels[i]] }));
  // Which generalized tuples are kept: a key from the node's cells, in mixed radix over the generalized domains.
  const radix = gen.map((g) => g.values.length);
  const exact = radix.reduce((p, r) => p * r, 1) < 2 ** 53;
  const keyOf = (codeAt: (i: number) => number): number | string => {
    if (!exact) return gen.map((_, i) => codeAt(i)).join(',');
    let k = 0;
    for (let i = 0; i < gen.length; i++) k = k * radix[i] + codeAt(i);
    return k;
  };
  const kept = new Map<number | string, boolean>();
  const { cells } = e;
  for (let j = 0; j < cells.count; j++) kept.set(keyOf((i) => cells.codes[i][j]), e.classPass[cells.classOf[j]] === 1);

  const header = table.columns.map((c) => c.name);
  const flag = options.flagColumn ?? 'suppressed';
  if (mode === 'star') header.push(flag);
  const rows: string[][] = [];
  let suppressed = 0;
  for (let r = 0; r < table.rowCount; r++) {
    const pass = kept.get(keyOf((i) => gen[i].codes[problem.qi[i].codes[r]]))!;
    const out = table.columns.map((c) => cell(c, r));
    if (!pass) {
      suppressed++;
      if (mode === 'remove') continue;
      for (const j of qiIndex) out[j] = '*';
    } else qiIndex.forEach((j, i) => (out[j] = gen[i].values[gen[i].codes[problem.qi[i].codes[r]]]));
    if (mode === 'star') out.push(pass ? '0' : '1');
    rows.push(out);
  }
  return { header, rows, suppressed };
}
