/**
 * The private row key of a microdata file privspec wrote: for each record of the file, in file order, the input row it
 * was written from (0-based, in the data's record order); input rows it does not name were suppressed.
 *
 * Every microdata file is written in a fresh random row order (write-csv.ts) and suppressed records are left out, so a
 * released record cannot be matched to its original by position. Scoring an attack on one's own release needs that
 * match, and only the data owner may hold it: the key is kept beside the data's ledger, in `<ledger folder>/row-keys/`,
 * never in the output folder or a report, created with mode 0600 in a folder of mode 0700, and written atomically
 * before the file it describes is put in place. It is named by the SHA-256 of the file's bytes, which the ledger entry
 * of the run records too, so `privspec attack` finds it from the released file itself (a copy anywhere has the same
 * bytes) and the original data, whose digest the key names.
 *
 * A file whose rows were streamed from a source (DuckDB, a database) has no key: the source shuffles its rows and they
 * carry no input row numbers. Its ledger entry says so, and the attack refuses to score it rather than guess.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { chmod, lstat, mkdir } from 'node:fs/promises';
import type { ReleasedFile } from '../../release/ledger-entry.js';
import { readLedger, type LedgerLocation } from './ledger-file.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';

/** The folder inside the ledger folder that holds row keys. */
export const ROW_KEY_FOLDER = 'row-keys';

export interface RowKeyFile {
  readonly version: 1;
  /** The released file: the SHA-256 of its bytes and its number of records. */
  readonly released: { readonly sha256: string; readonly rows: number };
  /** The data it was released from: its content digest (the ledger's identity) and number of records. */
  readonly data: { readonly sha256: string; readonly rows: number };
  readonly ledgerEntry?: string;
  /** Released record j (0-based, file order) → input record, 0-based in the data's record order. */
  readonly rows: readonly number[];
}

export function sha256Text(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function rowKeyFolder(location: LedgerLocation): string {
  return join(dirname(location.file), ROW_KEY_FOLDER);
}

/**
 * Writes the key of a file whose bytes are `text` (before the file itself is put in place) and returns what the
 * ledger entry records of it.
 */
export async function writeRowKey(
  location: LedgerLocation,
  text: string | Uint8Array,
  sourceRows: ArrayLike<number>,
  dataRows: number,
  ledgerEntry?: string,
): Promise<Omit<ReleasedFile, 'file'>> {
  const sha256 = sha256Text(text);
  const folder = rowKeyFolder(location);
  await privateFolder(folder);
  const key: RowKeyFile = {
    version: 1,
    released: { sha256, rows: sourceRows.length },
    data: { sha256: location.data.sha256, rows: dataRows },
    ...(ledgerEntry ? { ledgerEntry } : {}),
    rows: Array.from(sourceRows),
  };
  const name = `${sha256}.json`;
  await writeFileAtomic(join(folder, name), `${JSON.stringify(key)}\n`, { mode: 0o600 });
  return { sha256, rows: sourceRows.length, rowKey: `${ROW_KEY_FOLDER}/${name}` };
}

/** What the ledger entry records of a file whose rows carried no input row numbers. */
export function noRowKey(text: string | Uint8Array, rows: number, reason: string): Omit<ReleasedFile, 'file'> {
  return { sha256: sha256Text(text), rows, noRowKey: reason };
}

/** A key found, a file privspec wrote without one (and why), or a file privspec did not write beside this data. */
export type FoundRowKey =
  | { readonly kind: 'key'; readonly key: RowKeyFile; readonly path: string }
  | { readonly kind: 'unavailable'; readonly reason: string }
  | { readonly kind: 'none' };

/** A row key that cannot be used: the attack stops with this message (exit 2). */
export class RowKeyProblem extends Error {
  override readonly name = 'RowKeyProblem';
}

/**
 * The row key of `released`, looked up beside the ledger of the data at `location` (the truth's): by the file's
 * digest among the keys, then among the ledger's records of files written without one. A key that names other data
 * than the truth, or that does not fit the released file, is refused.
 */
export async function findRowKey(released: string, location: LedgerLocation): Promise<FoundRowKey> {
  const sha256 = await sha256File(released);
  const path = join(rowKeyFolder(location), `${sha256}.json`);
  let text: string | undefined;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new RowKeyProblem(
        `${path}: cannot read the row key of ${released} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      );
  }
  if (text !== undefined) {
    const key = parseKey(text, path);
    if (key.data.sha256 !== location.data.sha256) {
      throw new RowKeyProblem(
        `${released}: privspec wrote it from other data than ${location.data.file} (its row key ${path} names data of SHA-256 ${key.data.sha256.slice(0, 12)}…, this file's is ${location.data.sha256.slice(0, 12)}…); give as --truth the data it was released from`,
      );
    }
    if (key.released.sha256 !== sha256)
      throw new RowKeyProblem(`${path}: the row key is not the key of ${released} (it names another file's digest)`);
    return { kind: 'key', key, path };
  }
  const ledger = await readLedger(location);
  for (const entry of ledger.entries) {
    const record = entry.released?.find((r) => r.sha256 === sha256);
    if (!record) continue;
    if (record.noRowKey !== undefined)
      return {
        kind: 'unavailable',
        reason: `privspec wrote ${released} (ledger entry ${entry.id}, release '${entry.release}') without a row key: ${record.noRowKey}`,
      };
    throw new RowKeyProblem(
      `${released}: privspec wrote it (ledger entry ${entry.id}, release '${entry.release}'), but its row key ${path} is missing; restore it from a backup`,
    );
  }
  return { kind: 'none' };
}

function parseKey(text: string, path: string): RowKeyFile {
  let key: RowKeyFile;
  try {
    key = JSON.parse(text) as RowKeyFile;
  } catch (e) {
    throw new RowKeyProblem(`${path}: the row key is not JSON (${(e as Error).message})`);
  }
  const ok =
    key !== null &&
    typeof key === 'object' &&
    key.version === 1 &&
    typeof key.released?.sha256 === 'string' &&
    typeof key.data?.sha256 === 'string' &&
    Number.isInteger(key.data?.rows) &&
    Array.isArray(key.rows) &&
    key.rows.length === key.released.rows &&
    key.rows.every((r) => Number.isInteger(r) && r >= 0 && r < key.data.rows);
  if (!ok)
    throw new RowKeyProblem(
      `${path}: not a row key privspec can read (version 1: released, data, rows within the data's records)`,
    );
  return key;
}

/**
 * The keys' folder, made 0700 — and one that was already there checked: a symlink (which would put the keys elsewhere)
 * or a folder of another user is refused, and a looser mode of the user's own is tightened, so nobody else can plant,
 * replace or delete a key (`mkdir`'s mode applies only to folders it creates).
 */
async function privateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const st = await lstat(folder);
  if (!st.isDirectory())
    throw new Error(`${folder} is not a folder (a symlink?): privspec keeps its row keys only in a folder of its own`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) {
    throw new Error(`${folder} belongs to another user: privspec keeps its row keys only in a folder of yours`);
  }
  if ((st.mode & 0o077) !== 0) await chmod(folder, 0o700);
}
