/**
 * A microdata file written outside a spec, at a path of the user's choice (`privspec anonymize --out`, with or without
 * `--with-pram`, lattice or Mondrian): recorded in the data's ledger as a microdata run (it spends no DP budget; a PRAM
 * run states its local ε), with the file's digest and its private row key (row-key.ts), so that `privspec attack` can
 * score an attack on it although its rows are shuffled and suppressed records are left out.
 *
 * Order, as for a release: the rows are shuffled, the run recorded under the ledger's lock with the file's digest, the
 * key written (0600, beside the ledger), then the file created exclusively (release-files.ts `writeOwnFile`). Where no
 * ledger can be kept beside the data (a read-only folder), the file is still written, without a key, and the caller
 * is told why, to say so: such a file cannot be scored by `privspec attack`.
 */
import { basename } from 'node:path';
import type { RandomSource } from '../../core/random.js';
import type { LedgerEntry, ReleasedFile } from '../../release/ledger-entry.js';
import { appendToLedger, ledgerFor, newEntryId, type LedgerLocation } from './ledger-file.js';
import { writeOwnFile } from '../files/release-files.js';
import { sha256Text, writeRowKey } from './row-key.js';
import { keyRows, shuffledMicrodataCsv } from '../files/write-csv.js';

/** What the ledger records of the run. */
export interface OwnMicrodataRun {
  readonly kind: 'generalize' | 'pram';
  /** The quasi-identifiers it generalized or randomized. */
  readonly columns: readonly string[];
  readonly localEpsilon?: number;
}

/** Errors that mean the data's folder cannot hold a ledger (read-only, not ours): the file is written without a key. */
const NO_LEDGER_HERE = new Set(['EACCES', 'EPERM', 'EROFS']);

function entryFor(path: string, run: OwnMicrodataRun, released: ReleasedFile): LedgerEntry {
  return {
    id: newEntryId(),
    release: `anonymize --out ${basename(path)}`,
    at: new Date().toISOString(),
    costs: {},
    userLevel: false,
    microdata: {
      kind: run.kind,
      columns: [...run.columns],
      ...(run.localEpsilon !== undefined ? { localEpsilon: run.localEpsilon } : {}),
    },
    files: [path],
    released: [released],
  };
}

async function record(location: LedgerLocation, entry: LedgerEntry): Promise<void> {
  await appendToLedger(location, () => ({ entry }));
}

function noLedgerNote(
  path: string,
  location: LedgerLocation | undefined,
  data: string,
  e: NodeJS.ErrnoException,
): string {
  return `no row key kept for ${path}: the ledger of ${data} cannot be written${location ? ` (${location.file}: ${e.code})` : ` (${e.code})`}; privspec attack cannot score this shuffled file`;
}

/**
 * Shuffles `rows` (line j of the file is `rows[order[j]]`, from input row `sourceRows[order[j]]`, or `order[j]` when
 * every input row was written in order), records the run with the file's digest and key, and writes the file.
 * Returns a note for the terminal when no key could be kept.
 */
export async function writeOwnMicrodataFile(
  path: string,
  data: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: {
    rng: RandomSource;
    delimiter?: string;
    force?: boolean;
    sourceRows?: ArrayLike<number>;
    dataRows: number;
    run: OwnMicrodataRun;
  },
): Promise<{ note?: string }> {
  const { text, order } = shuffledMicrodataCsv(header, rows, options.rng, options.delimiter);
  const sourceRows = keyRows(order, options.sourceRows);
  let note: string | undefined;
  let location: LedgerLocation | undefined;
  try {
    location = await ledgerFor(data);
    const sha256 = sha256Text(text);
    const entry = entryFor(path, options.run, {
      file: path,
      sha256,
      rows: rows.length,
      rowKey: `row-keys/${sha256}.json`,
    });
    await record(location, entry);
    await writeRowKey(location, text, sourceRows, options.dataRows, entry.id);
  } catch (e) {
    if (!NO_LEDGER_HERE.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    note = noLedgerNote(path, location, data, e as NodeJS.ErrnoException);
  }
  await writeOwnFile(path, text, { force: options.force });
  return note === undefined ? {} : { note };
}

/**
 * Records a file streamed from a source (write-microdata-stream.ts) after it is written: its digest, and that it has
 * no key (the source's shuffled rows carry no input row numbers). Returns a note when the ledger cannot be written.
 */
export async function recordStreamedOwnFile(
  path: string,
  data: string,
  written: { sha256: string; rows: number },
  run: OwnMicrodataRun,
): Promise<{ note?: string }> {
  let location: LedgerLocation | undefined;
  try {
    location = await ledgerFor(data);
    const released = {
      file: path,
      sha256: written.sha256,
      rows: written.rows,
      noRowKey:
        "its rows were streamed from the source in the source's own shuffled order, which carries no input row numbers; anonymize a CSV read in memory (--engine memory) to attack it with a row key",
    };
    await record(location, entryFor(path, run, released));
    return {};
  } catch (e) {
    if (!NO_LEDGER_HERE.has((e as NodeJS.ErrnoException).code ?? '')) throw e;
    return { note: noLedgerNote(path, location, data, e as NodeJS.ErrnoException) };
  }
}
