/**
 * The per-row form of the microdata releases. The decision is taken on a frequency table the search can hold (the
 * source's, or the in-memory table's: decide-generalization.ts): the generalization levels and which generalized
 * classes pass the model. Writing only applies that decision row by row, the same transform for rows in memory and for
 * rows streamed from a source never held whole (engine/host/files/write-microdata-stream.ts), so both files hold the
 * same lines, in different random orders.
 */
import type { RandomSource } from '../core/random.js';
import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import { PrivacyError } from '../core/measures.js';
import { PramSampler } from '../pram/pram-sampler.js';
import { labelIndex, type TransitionMatrix } from '../pram/transition-matrix.js';
import type { Cells } from '../search/cells.js';
import type { AnonymizationProblem } from '../search/problem.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import type { Decided } from './decide-generalization.js';
import { ClassTally } from './class-tally.js';

/** A row of the stream's columns → the output row, or undefined when the row is suppressed. */
export type RowTransform = (row: readonly string[]) => readonly string[] | undefined;

/** A generalizing transform that tallies the rows it keeps per generalized class (class-tally.ts). */
export type ClassedRowTransform = RowTransform & { readonly tally: ClassTally };

/** The first class whose streamed rows differ from the decision's count, as a sentence; undefined when all agree. */
export function classMismatch(tally: ClassTally): string | undefined {
  return tally.mismatch();
}

/** A quasi-identifier's raw value → its generalized code at the chosen level (an index into `levelValues[level]`). */
function generalizer(
  dictionary: readonly string[],
  name: string,
  bound: BoundHierarchy,
  level: number,
): (value: string) => number {
  const codes = new Map(dictionary.map((v, code) => [v, code]));
  const up = bound.levelCodes[level];
  return (value) => {
    const code = codes.get(value);
    // The decision table holds every value of the source (it is its frequency table or the table itself).
    if (code === undefined)
      throw new PrivacyError(`the value '${value}' of '${name}' is not in the table the generalization was decided on`);
    return up[code];
  };
}

/**
 * The generalization decided on a frequency table (decide-generalization.ts) as a row transform over `columns` (the
 * rows' column order, which is the output's): quasi-identifiers generalized, other columns as they are, and rows whose
 * generalized class fails the model left out. Every generalized file is written through it: the in-memory and the
 * streamed `generalize` release, `pram` with an anonymity block, `privspec anonymize --out`.
 */
export function decisionRowTransform(decision: Decided, columns: readonly string[]): ClassedRowTransform {
  return searchRowTransform(decision.problem, decision.frequencies, columns, decision.levels, decision.evaluation);
}

/**
 * Any evaluated node of the search on a frequency table as a row transform: `cells` and `classPass` are the node's
 * evaluation; a class passes as the evaluation says, weighted by the records' row counts. The preview applies it to
 * nodes the user picks; `decisionRowTransform` to the decision's node.
 */
export function searchRowTransform(
  problem: AnonymizationProblem,
  frequencies: FrequencyTable,
  columns: readonly string[],
  levels: readonly number[],
  evaluation: { cells: Cells; classPass: Uint8Array },
): ClassedRowTransform {
  const quasi = problem.qi.map((q) => q.name);
  const bound = problem.qi.map((q) => q.hierarchy);
  const maps = problem.qi.map((q, i) =>
    generalizer(frequencies.columns.find((c) => c.name === q.name)!.dictionary, q.name, q.hierarchy, levels[i]),
  );
  const tally = tallyOf(bound, levels);
  // Each passing class once (from the first of its cells), with its row count as the search counted it.
  const { cells, classPass } = evaluation;
  const added = new Uint8Array(cells.classCount);
  for (let c = 0; c < cells.count; c++) {
    const k = cells.classOf[c];
    if (classPass[k] !== 1 || added[k] === 1) continue;
    added[k] = 1;
    const r = cells.rep[c];
    tally.add(
      problem.qi.map((q, i) => q.hierarchy.levelCodes[levels[i]][q.codes[r]]),
      cells.classSizes[k],
    );
  }
  return classTransform(columns, quasi, maps, bound, levels, tally.seal());
}

function tallyOf(bound: readonly BoundHierarchy[], levels: readonly number[]): ClassTally {
  return new ClassTally(
    bound.map((b, i) => b.levelValues[levels[i]].length),
    (i, g) => bound[i].levelValues[levels[i]][g],
  );
}

/**
 * Quasi-identifiers generalized by `maps`; a row whose generalized class is not one `tally` keeps is left out, and the
 * rows kept are counted per class.
 */
function classTransform(
  columns: readonly string[],
  quasi: readonly string[],
  maps: readonly ((value: string) => number)[],
  bound: readonly BoundHierarchy[],
  levels: readonly number[],
  tally: ClassTally,
): ClassedRowTransform {
  const at = quasi.map((q) => columns.indexOf(q));
  const missing = quasi.filter((_, i) => at[i] < 0);
  if (missing.length > 0)
    throw new PrivacyError(
      `a streamed generalization reads every quasi-identifier; not streamed: ${missing.join(', ')}`,
    );
  const labels = bound.map((b, i) => b.levelValues[levels[i]]);
  const codes = new Int32Array(quasi.length);
  const transform = (row: readonly string[]) => {
    for (let i = 0; i < at.length; i++) codes[i] = maps[i](row[at[i]]);
    const k = tally.find(codes);
    if (k < 0) return undefined;
    tally.count(k);
    const out = [...row];
    for (let i = 0; i < at.length; i++) out[at[i]] = labels[i][codes[i]];
    return out;
  };
  return Object.assign(transform, { tally });
}

/**
 * PRAM row by row: each column at `positions` drawn from its matrix's row for the value (Kooiman, Willenborg,
 * Gouweleeuw 1997), independently, from `rng` (the secure generator outside tests); `then` applies to the result (the
 * quasi-identifiers' generalization, and suppression) and may leave the row out.
 */
export function pramRowTransform(
  positions: readonly number[],
  matrices: readonly TransitionMatrix[],
  rng: RandomSource,
  then: RowTransform = (row) => row,
): RowTransform {
  const plans = matrices.map((m) => ({ index: labelIndex(m), sampler: new PramSampler(m), labels: m.labels }));
  return (row) => {
    const kept = then(row);
    if (kept === undefined) return undefined;
    const out = [...kept];
    positions.forEach((j, i) => {
      const p = plans[i];
      const u = p.index.get(row[j]);
      if (u === undefined)
        throw new PrivacyError(
          `PRAM: the value '${row[j]}' is not in the transition matrix's domain (${matrices[i].description})`,
        );
      out[j] = p.labels[p.sampler.sample(u, rng)];
    });
    return out;
  };
}
