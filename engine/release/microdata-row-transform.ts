/**
 * The per-row form of the microdata releases, for rows streamed from a source that is never held whole
 * (engine/node/write-microdata-stream.ts). The decision is taken as before, on a table the search can hold (the
 * frequency table over the quasi-identifiers, or the in-memory table): the generalization levels and which generalized
 * classes pass the model. Streaming only applies that decision row by row, so a streamed file holds the same lines as
 * the in-memory writer (generalized-rows.ts) would, in another random order.
 */
import type { RandomSource } from '../core/random.js';
import type { BoundHierarchy } from '../hierarchy/bound-hierarchy.js';
import { PrivacyError } from '../core/measures.js';
import { PramSampler } from '../pram/pram-sampler.js';
import { labelIndex, type TransitionMatrix } from '../pram/transition-matrix.js';
import type { Cells } from '../search/cells.js';
import type { AnonymizationProblem } from '../search/problem.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { column, type Table } from '../table/table.js';
import type { TransformationCheck } from './generalize-transformation.js';

/** A row of the stream's columns → the output row, or undefined when the row is suppressed. */
export type RowTransform = (row: readonly string[]) => readonly string[] | undefined;

/**
 * The generalized classes a decision keeps, with the number of rows the decision counted in each (`expected`), and
 * the rows the transform has let through so far (`seen`). A streamed release compares the two before its file is put
 * in place: a source whose rows changed between the decision and the stream would otherwise write classes the
 * anonymity model never checked (a class of 5 that is now 2), which a total row count alone can miss.
 */
export interface ClassTally {
  readonly expected: ReadonlyMap<string, number>;
  readonly seen: Map<string, number>;
}

/** A generalizing transform that tallies the rows it keeps per generalized class. */
export type ClassedRowTransform = RowTransform & { readonly tally: ClassTally };

/** The first class whose streamed rows differ from the decision's count, as a sentence; undefined when all agree. */
export function classMismatch(tally: ClassTally): string | undefined {
  for (const [key, n] of tally.expected) {
    const seen = tally.seen.get(key) ?? 0;
    if (seen !== n) return `the generalized class ${key} holds ${seen} streamed rows, the decision counted ${n}`;
  }
  for (const [key, seen] of tally.seen) if (!tally.expected.has(key)) return `the generalized class ${key} holds ${seen} streamed rows, the decision counted none`;
  return undefined;
}

/** A quasi-identifier's raw value → its generalization at the chosen level. */
function generalizer(dictionary: readonly string[], name: string, bound: BoundHierarchy, level: number): (value: string) => string {
  const codes = new Map(dictionary.map((v, code) => [v, code]));
  return (value) => {
    const code = codes.get(value);
    // The decision table holds every value of the source (it is its frequency table or the table itself).
    if (code === undefined) throw new PrivacyError(`the value '${value}' of '${name}' is not in the table the generalization was decided on`);
    return bound.levelValues[level][bound.levelCodes[level][code]];
  };
}

/**
 * The generalization decided on `table` (levels, passing classes) as a row transform over `columns` (the stream's
 * column order, which is the output's): quasi-identifiers generalized, other columns as they are, and rows whose
 * generalized class fails the model left out.
 */
export function generalizeRowTransform(table: Table, columns: readonly string[], quasi: readonly string[], bound: readonly BoundHierarchy[], levels: readonly number[], check: Pick<TransformationCheck, 'classes' | 'passes'>): ClassedRowTransform {
  const maps = quasi.map((q, i) => generalizer(column(table, q).dictionary, q, bound[i], levels[i]));
  const quasiCodes = quasi.map((q) => column(table, q).codes);
  // The classes that pass, by their generalized values (a class is one tuple of generalized quasi-identifiers), with
  // their row counts.
  const passing = new Map<string, number>();
  for (let r = 0; r < table.rowCount; r++) {
    if (check.passes[check.classes.classOf[r]] !== 1) continue;
    const key = JSON.stringify(quasiCodes.map((_, i) => bound[i].levelValues[levels[i]][bound[i].levelCodes[levels[i]][quasiCodes[i][r]]]));
    passing.set(key, (passing.get(key) ?? 0) + 1);
  }
  return classTransform(columns, quasi, maps, passing);
}

/**
 * The optimum of the anonymity search on a frequency table (`privspec anonymize`) as a row transform: `cells` and
 * `classPass` are the optimum's evaluation; a class passes as the search decided, weighted by the records' row counts.
 */
export function searchRowTransform(problem: AnonymizationProblem, frequencies: FrequencyTable, columns: readonly string[], levels: readonly number[], evaluation: { cells: Cells; classPass: Uint8Array }): ClassedRowTransform {
  const quasi = problem.qi.map((q) => q.name);
  const maps = problem.qi.map((q, i) => generalizer(frequencies.columns.find((c) => c.name === q.name)!.dictionary, q.name, q.hierarchy, levels[i]));
  const passing = new Set<string>();
  const { cells, classPass } = evaluation;
  for (let c = 0; c < cells.count; c++) {
    if (classPass[cells.classOf[c]] !== 1) continue;
    const r = cells.rep[c];
    passing.add(JSON.stringify(problem.qi.map((q, i) => q.hierarchy.levelValues[levels[i]][q.hierarchy.levelCodes[levels[i]][q.codes[r]]])));
  }
  // Each passing class's row count, from the frequency table's records (every record's weight is its rows).
  const expected = new Map<string, number>();
  const at = quasi.map((q) => frequencies.columns.findIndex((c) => c.name === q));
  for (let t = 0; t < frequencies.count; t++) {
    const key = JSON.stringify(quasi.map((_, i) => maps[i](frequencies.columns[at[i]].dictionary[frequencies.codes[at[i]][t]])));
    if (passing.has(key)) expected.set(key, (expected.get(key) ?? 0) + frequencies.weights[t]);
  }
  return classTransform(columns, quasi, maps, expected);
}

/**
 * Quasi-identifiers generalized by `maps`; a row whose generalized class is not in `passing` (the passing classes with
 * their row counts) is left out, and the rows kept are tallied per class.
 */
function classTransform(columns: readonly string[], quasi: readonly string[], maps: readonly ((value: string) => string)[], passing: ReadonlyMap<string, number>): ClassedRowTransform {
  const at = quasi.map((q) => columns.indexOf(q));
  const missing = quasi.filter((_, i) => at[i] < 0);
  if (missing.length > 0) throw new PrivacyError(`a streamed generalization reads every quasi-identifier; not streamed: ${missing.join(', ')}`);
  const tally: ClassTally = { expected: passing, seen: new Map() };
  const transform = (row: readonly string[]) => {
    const out = [...row];
    at.forEach((j, i) => {
      out[j] = maps[i](row[j]);
    });
    const key = JSON.stringify(at.map((j) => out[j]));
    if (!passing.has(key)) return undefined;
    tally.seen.set(key, (tally.seen.get(key) ?? 0) + 1);
    return out;
  };
  return Object.assign(transform, { tally });
}

/**
 * PRAM row by row: each column at `positions` drawn from its matrix's row for the value (Kooiman, Willenborg,
 * Gouweleeuw 1997), independently, from `rng` (the secure generator outside tests); `then` applies to the result (the
 * quasi-identifiers' generalization, and suppression) and may leave the row out.
 */
export function pramRowTransform(positions: readonly number[], matrices: readonly TransitionMatrix[], rng: RandomSource, then: RowTransform = (row) => row): RowTransform {
  const plans = matrices.map((m) => ({ index: labelIndex(m), sampler: new PramSampler(m), labels: m.labels }));
  return (row) => {
    const kept = then(row);
    if (kept === undefined) return undefined;
    const out = [...kept];
    positions.forEach((j, i) => {
      const p = plans[i];
      const u = p.index.get(row[j]);
      if (u === undefined) throw new PrivacyError(`PRAM: the value '${row[j]}' is not in the transition matrix's domain (${matrices[i].description})`);
      out[j] = p.labels[p.sampler.sample(u, rng)];
    });
    return out;
  };
}
