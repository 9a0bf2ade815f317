/**
 * The linkage attack on files, shared by `privspec attack` and the editor's Simulate Attack… (through the language
 * server), so both read, check and write the same way: every output is checked against every input before anything is
 * read (output-guard.ts), and the matching table is written atomically to a name that must not exist yet.
 */
import { existsSync } from 'node:fs';
import { link, readFile } from 'node:fs/promises';
import { evaluateAttack, type AttackEvaluation } from '../../attack/attack-evaluation.js';
import { attackSummary, matchTable, type AttackSummary } from '../../attack/attack-report.js';
import { linkageAttack, type AttackResult } from '../../attack/linkage-attack.js';
import type { AttributeModel } from '../../attack/linkage-edges.js';
import { PrivacyError } from '../../core/measures.js';
import type { RandomSource } from '../../core/random.js';
import { parseArxHierarchy } from '../../hierarchy/arx-hierarchy.js';
import { matrixFromCsv } from '../../pram/custom-matrix.js';
import { distinctValues } from '../../pram/pram-spec.js';
import { retentionMatrix } from '../../pram/retention-matrix.js';
import { column, TableError, type Table } from '../../table/table.js';
import { guardOutputs } from '../files/output-guard.js';
import { readTable, type EngineChoice } from '../sources/open-source.js';
import { databaseLocation } from '../sources/database-location.js';
import { formatCsv } from '../files/write-csv.js';
import { fromSpreadsheetSafe } from '../files/spreadsheet-safe-cell.js';
import { writeNewFileAtomic } from '../files/write-file-atomic.js';
import { checkRecordOrder, recordOrder, type RowAlignment } from '../../attack/row-alignment.js';
import { findRowKey, RowKeyProblem, type FoundRowKey } from '../ledger/row-key.js';
import { ledgerFor, LedgerUnreadable } from '../ledger/dataset-identity.js';
import { pramReportDomains } from './pram-report-domains.js';

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
  const inputs = [
    input.released,
    input.candidates,
    ...(input.truth && !databaseLocation(input.truth) ? [input.truth] : []),
    ...(input.hierarchies?.values() ?? []),
    ...(input.matrices?.values() ?? []),
  ];
  if (input.out) {
    guardOutputs([input.out], inputs);
    // Checked before the work and enforced again by the exclusive write: the table never replaces a file.
    if (existsSync(input.out)) throw exists(input.out);
  }
  if (input.truth && !input.id) throw new PrivacyError('attack: the truth needs its identifier column (--id COLUMN)');
  // Only the columns the attack reads, as rows: it links record by record (a database table's rows stream in).
  const read = (path: string, columns: readonly string[]) =>
    readTable(path, {
      columns,
      ...(input.delimiter ? { delimiter: input.delimiter } : {}),
      ...(input.engine ? { engine: input.engine } : {}),
    });
  const candidateId = input.candidateId ?? input.id;
  const [released, candidates, truth] = await Promise.all([
    read(input.released, input.qi).then(asWritten),
    read(input.candidates, [...new Set([...(candidateId ? [candidateId] : []), ...input.qi])]),
    input.truth ? read(input.truth, [...new Set([input.id!, ...input.qi])]) : Promise.resolve(undefined),
  ]);
  if (candidateId) uniqueIds(candidates, candidateId);
  await input.settle?.();
  input.signal?.throwIfAborted();
  const models = new Map<string, AttributeModel>();
  for (const [name, path] of input.hierarchies ?? [])
    models.set(name, { kind: 'generalized', hierarchy: parseArxHierarchy(await readText(path), path) });
  for (const [name, path] of input.matrices ?? [])
    models.set(name, { kind: 'pram', matrix: matrixFromCsv(await readText(path), { source: path }) });
  // The domains the release's report states (a PRAM over a hierarchy's values draws values the data need not hold).
  const stated = input.retain?.size ? await pramReportDomains(input.released) : new Map<string, readonly string[]>();
  for (const [name, retain] of input.retain ?? []) {
    // The matrix the release used: over the domain its report states; else over the original column's values when the
    // truth is at hand (privspec's default domain), otherwise over every value the attacker sees, released or
    // candidate.
    const values =
      stated.get(name) ??
      (truth
        ? distinctValues(column(truth, name))
        : [
            ...new Set([...distinctValues(column(released, name)), ...distinctValues(column(candidates, name))]),
          ].sort());
    models.set(name, { kind: 'pram', matrix: retentionMatrix(values, retain) });
  }
  // Which truth record each released record is, before any work: a wrong alignment would score nonsense.
  const aligned = truth ? await alignTruth(input.released, input.truth!, released, truth, input.qi, models) : undefined;
  const result = linkageAttack(released, candidates, {
    qi: input.qi,
    models,
    ...(candidateId ? { candidateId } : {}),
    ...(input.rng ? { rng: input.rng } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const evaluation = truth
    ? evaluateAttack(result, released, truth, { qi: input.qi, id: input.id!, models, alignment: aligned!.alignment })
    : undefined;
  if (input.out) {
    const table = matchTable(result, evaluation);
    // With the truth, the table says which released line is which person (the `correct` column): as sensitive as the
    // row key, so only its owner may read it.
    const mode = evaluation ? 0o600 : undefined;
    await writeNewFileAtomic(input.out, formatCsv(table.header, table.rows), link, mode).catch(
      (e: NodeJS.ErrnoException) => Promise.reject(e.code === 'EEXIST' ? exists(input.out!) : e),
    );
  }
  const summary = attackSummary(result, evaluation);
  return {
    summary: aligned?.verifiedOn ? { ...summary, verifiedOn: aligned.verifiedOn } : summary,
    result,
    ...(evaluation ? { evaluation } : {}),
  };
}

/**
 * The released table with the values privspec wrote as spreadsheet-safe text (a `'` before a formula-like cell,
 * spreadsheet-safe-cell.ts) read as the values they stand for, so that they compare equal to the candidates' and the
 * truth's. The file's bytes, and so its row key's digest, are unchanged.
 */
function asWritten(table: Table): Table {
  if (!table.columns.some((c) => c.dictionary.some((v) => v !== fromSpreadsheetSafe(v)))) return table;
  return {
    ...table,
    columns: table.columns.map((c) => ({ ...c, dictionary: c.dictionary.map(fromSpreadsheetSafe) })),
  };
}

/**
 * The alignment of the released records with the truth's. A file privspec wrote has a private row key beside the
 * ledger of the data it was released from (row-key.ts), found by the file's digest: it is used, after checking that
 * the truth is that data. Any other file must come with the truth in its own record order, and the order is checked on
 * every attribute whose model can tell (row-alignment.ts): a shuffled file fails, and is never scored.
 */
async function alignTruth(
  releasedFile: string,
  truthFile: string,
  released: Table,
  truth: Table,
  qi: readonly string[],
  models: ReadonlyMap<string, AttributeModel>,
): Promise<{ alignment: RowAlignment; verifiedOn?: readonly string[] }> {
  let found: FoundRowKey;
  try {
    found = await findRowKey(releasedFile, await ledgerFor(truthFile));
  } catch (e) {
    if (e instanceof RowKeyProblem || e instanceof LedgerUnreadable) throw new PrivacyError(e.message);
    throw e;
  }
  if (found.kind === 'unavailable')
    throw new PrivacyError(
      `no row key: ${found.reason}; the released records cannot be matched to the truth's, so the attack is not scored`,
    );
  if (found.kind === 'key') {
    const { key } = found;
    if (key.rows.length !== released.rowCount)
      throw new PrivacyError(
        `attack: the row key ${found.path} names ${key.rows.length} released records, ${releasedFile} has ${released.rowCount}`,
      );
    if (key.data.rows !== truth.rowCount)
      throw new PrivacyError(
        `attack: the truth ${truthFile} has ${truth.rowCount} records, the data the row key of ${releasedFile} names ${key.data.rows}; give the data it was released from`,
      );
    return { alignment: { truthRows: Int32Array.from(key.rows), basis: 'row key' } };
  }
  if (truth.rowCount !== released.rowCount) {
    throw new PrivacyError(
      `attack: the truth ${truthFile} has ${truth.rowCount} records but the release ${released.rowCount}, and privspec keeps no row key for ${releasedFile} beside the ledger of ${truthFile}; for a file privspec did not write, give the original records in the release's order`,
    );
  }
  const check = checkRecordOrder(released, truth, qi, models);
  if (check.verifiedOn.length === 0) {
    throw new PrivacyError(
      `the truth's record order cannot be checked: every quasi-identifier (${check.unverifiable.join(', ')}) could have become any value (PRAM with a retention below 1 over its whole domain), and privspec keeps no row key for ${releasedFile} beside the ledger of ${truthFile}; attack a file privspec wrote from that data (its row key aligns the records), or link on an attribute released unchanged or generalized as well`,
    );
  }
  if (check.incompatible > 0) {
    throw new PrivacyError(
      `the truth is not in the release's record order (${check.incompatible} of ${check.rows} rows incompatible): on ${check.verifiedOn.join(', ')}, ${truthFile} does not hold the original records of ${releasedFile} row by row, and privspec keeps no row key for it beside the ledger of ${truthFile}. A file privspec wrote is shuffled: give as --truth the data file it was released from`,
    );
  }
  return { alignment: recordOrder(released.rowCount), verifiedOn: check.verifiedOn };
}

const exists = (path: string) =>
  new TableError('already exists; the matching table is never written over a file, choose another name', path);

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new TableError(
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, expected a file' : 'cannot be read',
      path,
    );
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
      throw new TableError(
        `the identifier '${ids.dictionary[c]}' of column '${name}' is given twice (also on line ${line(first[c])})`,
        table.source ?? 'candidates',
        line(r),
      );
    }
    first[c] = r;
  }
}
