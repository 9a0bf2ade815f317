/**
 * Where a dataset's one spend ledger lives: found from the data itself, never from the spec that names it.
 *
 * The identity of a dataset is its content: the SHA-256 of the file's bytes, streamed. A path string is not an identity
 * (a symlinked, hard-linked, copied or renamed spec reaches the same data by another string), and size + mtime are not
 * either (a copy has a new mtime, `touch` sets any mtime, and two different files can share both). The ledger is kept
 * in a hidden folder beside the data's resolved (real) path, `.privspec-ledger/ledger-<sha256>.json`, so that every
 * spec reading those bytes from that folder shares it, however it names the file. A marker beside it,
 * `ledger-<sha256>.seen`, remembers how many records the ledger has held, so that a deleted or rolled-back ledger is
 * noticed (see docs/dp.md, "What a local ledger can and cannot promise").
 *
 * Hashing is linear in the file; the language server asks on every edit, so the digest is cached per file and reused
 * while the file's device, inode, size, mtime and ctime are unchanged (a rewrite of the file changes its ctime).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { databaseLocation, databaseServerKey } from '../sources/database-location.js';
import type { LedgerStore } from './ledger-store.js';
import { LedgerUnreadable } from './ledger-unreadable.js';

export interface LedgerLocation {
  /** The ledger file: `<folder of the real data file>/.privspec-ledger/ledger-<sha256>.json`. */
  readonly file: string;
  /** The marker that remembers how many records the ledger held. */
  readonly marker: string;
  /** The data file's resolved path and content digest. */
  readonly data: { readonly file: string; readonly sha256: string };
  /**
   * The ledger kept beside the spec by earlier versions (`<spec>.ledger.json`), read so that its spends still count.
   */
  readonly legacy?: string;
  /**
   * A database table's ledger kept in its database (database-ledger.ts): read and spent through the store; `file`
   * then only anchors the folder of the table's row keys.
   */
  readonly store?: LedgerStore;
}

export { LedgerUnreadable };

/** How messages and reports name a ledger: its file, or the store's name. */
export function ledgerName(location: LedgerLocation): string {
  return location.store?.name ?? location.file;
}

export { LEDGER_FOLDER } from '../files/ledger-folder.js';
import { LEDGER_FOLDER } from '../files/ledger-folder.js';

const digests = new Map<string, { key: string; sha256: string }>();

/** SHA-256 of a file's bytes, streamed. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function sha256OfText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A database table has no folder beside it, and its content changes while it remains the same data, so its ledger is
 * keyed by what the server says the table is (database-ledger.ts) and kept in the database (PostgreSQL with
 * PRIVSPEC_LEDGER_SCHEMA) or in $PRIVSPEC_LEDGER_DIR, else ~/.privspec-ledger: one folder for every spec on this
 * machine that reads the table.
 */
export function databaseLedgerFolder(): string {
  return process.env.PRIVSPEC_LEDGER_DIR || join(homedir(), LEDGER_FOLDER);
}

/** The data file's real path and content digest (cached while the file is unchanged). */
export async function dataIdentity(dataFile: string): Promise<{ file: string; sha256: string }> {
  let real: string;
  try {
    real = await realpath(dataFile);
  } catch (e) {
    throw new LedgerUnreadable(
      `${dataFile}: cannot read the data to find its ledger (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  const st = await stat(real);
  const key = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
  const known = digests.get(real);
  if (known?.key === key) return { file: real, sha256: known.sha256 };
  const sha256 = await sha256Of(real);
  if (digests.size > 1000) digests.clear();
  digests.set(real, { key, sha256 });
  return { file: real, sha256 };
}

/** The ledger of the data `dataFile` (and the spec's earlier ledger, when the spec is known). */
export async function ledgerFor(dataFile: string, specFile?: string): Promise<LedgerLocation> {
  const database = databaseLocation(dataFile);
  if (database) {
    const { databaseLedger } = await import('./database-ledger.js');
    const { data, store } = await databaseLedger(database);
    const folder = databaseLedgerFolder();
    const name = `ledger-${data.sha256}`;
    // The ledger earlier versions kept under the connection string's key still counts (read, never written).
    let legacy: string | undefined;
    try {
      legacy = join(folder, `ledger-${sha256OfText(`${databaseServerKey(database)}\n${database.table}`)}.json`);
    } catch {
      legacy = undefined;
    }
    return {
      file: join(folder, `${name}.json`),
      marker: join(folder, `${name}.seen`),
      data,
      ...(legacy !== undefined ? { legacy } : {}),
      ...(store ? { store } : {}),
    };
  }
  const data = await dataIdentity(dataFile);
  const folder = join(dirname(data.file), LEDGER_FOLDER);
  const name = `ledger-${data.sha256}`;
  return {
    file: join(folder, `${name}.json`),
    marker: join(folder, `${name}.seen`),
    data,
    ...(specFile !== undefined ? { legacy: `${specFile}.ledger.json` } : {}),
  };
}
