/**
 * The linkage attack on files, shared by `privspec attack` and the editor's Simulate Attack… (through the language
 * server), so both read, check and write the same way: every output is checked against every input before anything is
 * read (output-guard.ts), and the matching table is written atomically to a name that must not exist yet.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { evaluateAttack, type AttackEvaluation } from '../attack/attack-evaluation.js';
import { attackSummary, matchTable, type AttackSummary } from '../attack/attack-report.js';
import { linkageAttack, type AttackResult } from '../attack/linkage-attack.js';
import type { AttributeModel } from '../attack/linkage-edges.js';
import { PrivacyError } from '../core/measures.js';
import type { RandomSource } from '../core/random.js';
import { parseArxHierarchy } from '../hierarchy/arx-hierarchy.js';
import { matrixFromCsv } from '../pram/custom-matrix.js';
import { distinctValues } from '../pram/pram-spec.js';
import { retentionMatrix } from '../pram/retention-matrix.js';
import { column, TableError, type Table } from '../table/table.js';
import { guardOutputs } from './output-guard.js';
import { readTable, type EngineChoice } from './open-source.js';
import { databaseLocation } from './database-location.js';
import { formatCsv } from './write-csv.js';
import { writeNewFileAtomic } from './write-file-atomic.js';

export interface AttackFilesInput {
  readonly released: string;
  readonly candidates: string;
  readonly qi: readonly string[];
  readonly hierarchies?: ReadonlyMap<string, string>;
  /** Retention of each PRAM'd attribute. */
  readonly retain?: ReadonlyMap<string, number>;
  /** A transition-matrix file for each PRAM'd attribute. */
  readonly matrices?: ReadonlyMap<string, string>;
  /** The original: a file, or a database table named as `postgres:schema.t` (database-location.ts). */
  readonly truth?: string;
  /** The identifier column of the truth (and of the candidates unless `candidateId` is given). */
  readonly id?: string;
  readonly candidateId?: string;
  readonly out?: string;
  readonly delimiter?: string;
  /** Which engine reads a file (open-source.ts); a Parquet file is always read by DuckDB. */
  readonly engine?: EngineChoice;
  readonly rng?: RandomSource;
  readonly signal?: AbortSignal;
  /** Lets a cancel that arrived while the thread was busy be seen (the language server's), before the attack runs. */
  readonly settle?: () => Promise<void>;
}

export interface AttackFilesOutput {
  readonly summary: AttackSummary;
  readonly result: AttackResult;
  readonly evaluation?: AttackEvaluation;
}

export async function runAttackFiles(input: AttackFilesInput): Promise<AttackFilesOutput> {
  // A database table is no file an output could replace.
  const inputs = [input.released, input.candidates, ...(input.truth && !databaseLocation(input.truth) ? [input.truth] : []), ...(input.hierarchies?.values() ?? []), ...(input.matrices?.values() ?? [])];
  if (input.out) {
    guardOutputs([input.out], inputs);
    // Checked before the work and enforced again by the exclusive write: the table never replaces a file.
    if (existsSync(input.out)) throw exists(input.out);
  }
  if (input.truth && !input.id) throw new PrivacyError('attack: the truth needs its identifier column (--id COLUMN)');
  // Only the columns the attack reads, as rows: it links record by record (a database table's rows stream in).
  const read = (path: string, columns: readonly string[]) => readTable(path, { columns, ...(input.delimiter ? { delimiter: input.delimiter } : {}), ...(input.engine ? { engine: input.engine } : {}) });
  const candidateId = input.candidateId ?? input.id;
  const [released, candidates, truth] = await Promise.all([
    read(input.released, input.qi),
    read(input.candidates, [...new Set([...(candidateId ? [candidateId] : []), ...input.qi])]),
    input.truth ? read(input.truth, [...new Set([input.id!, ...input.qi])]) : Promise.resolve(undefined),
  ]);
  if (candidateId) uniqueIds(candidates, candidateId);
  await input.settle?.();
  input.signal?.throwIfAborted();
  const models = new Map<string, AttributeModel>();
  for (const [name, path] of input.hierarchies ?? []) models.set(name, { kind: 'generalized', hierarchy: parseArxHierarchy(await readText(path), path) });
  for (const [name, path] of input.matrices ?? []) models.set(name, { kind: 'pram', matrix: matrixFromCsv(await readText(path), { source: path }) });
  for (const [name, retain] of input.retain ?? []) {
    // The matrix the release used: over the original column's values when the truth is at hand (privspec's default
    // domain), otherwise over every value the attacker sees, released or candidate.
    const values = truth ? distinctValues(column(truth, name)) : [...new Set([...distinctValues(column(released, name)), ...distinctValues(column(candidates, name))])].sort();
    models.set(name, { kind: 'pram', matrix: retentionMatrix(values, retain) });
  }
  const result = linkageAttack(released, candidates, { qi: input.qi, models, ...(candidateId ? { candidateId } : {}), ...(input.rng ? { rng: input.rng } : {}), ...(input.signal ? { signal: input.signal } : {}) });
  const evaluation = truth ? evaluateAttack(result, released, truth, { qi: input.qi, id: input.id!, models }) : undefined;
  if (input.out) {
    const table = matchTable(result, evaluation);
    await writeNewFileAtomic(input.out, formatCsv(table.header, table.rows)).catch((e: NodeJS.ErrnoException) => Promise.reject(e.code === 'EEXIST' ? exists(input.out!) : e));
  }
  return { summary: attackSummary(result, evaluation), result, ...(evaluation ? { evaluation } : {}) };
}

const exists = (path: string) => new TableError('already exists; the matching table is never written over a file, choose another name', path);

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new TableError(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, expected a file' : 'cannot be read', path);
  }
}

/** A candidate named twice could not be told apart from itself; the error names both lines. */
function uniqueIds(table: Table, name: string): void {
  const ids = column(table, name);
  const first = new Int32Array(ids.dictionary.length).fill(-1);
  for (let r = 0; r < table.rowCount; r++) {
    const c = ids.codes[r];
    if (first[c] >= 0) {
      const line = (row: number) => table.rowLines?.[row] ?? row + 2;
      throw new TableError(`the identifier '${ids.dictionary[c]}' of column '${name}' is given twice (also on line ${line(first[c])})`, table.source ?? 'candidates', line(r));
    }
    first[c] = r;
  }
}
