/**
 * Where a dataset's one spend ledger lives: found from the data itself, never from the spec that names it.
 *
 * The identity of a dataset is its content: the SHA-256 of the file's bytes, streamed. A path string is not an identity
 * (a symlinked, hard-linked, copied, renamed or moved file reaches the same bytes by another string), and size + mtime
 * are not either (a copy has a new mtime, `touch` sets any mtime, and two different files can share both). The ledger
 * is kept in one registry per user, `$PRIVSPEC_LEDGER_DIR` (a team folder) or `$XDG_DATA_HOME/privspec/ledgers`
 * (`~/.local/share/privspec/ledgers` when XDG_DATA_HOME is unset), as `ledger-<sha256>.jsonl` (a log with its index,
 * ledger-log.ts), so that every copy of those bytes on this machine shares one budget wherever it lies and however a
 * spec names it. A marker beside it,
 * `ledger-<sha256>.seen`, remembers how many records the ledger has held, so that a deleted or rolled-back ledger is
 * noticed (see docs/dp.md, "What a local ledger cannot promise"). The folder beside the data keeps only a pointer for
 * humans, `.privspec-ledger/ledger-<sha256>.where.json`, naming the registry file; earlier versions kept the ledger
 * itself there, and such a ledger is merged into the registry on first use (ledger-migration.ts).
 *
 * Hashing is linear in the file; the language server asks on every edit, so the digest is cached per file and reused
 * while the file's device, inode, size, mtime and ctime are unchanged (a rewrite of the file changes its ctime).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { databaseLocation } from '../sources/database-location.js';
import { databaseServerKey } from '../sources/database-server-key.js';
import type { LedgerStore } from './ledger-store.js';
import { LedgerUnreadable } from './ledger-unreadable.js';

export interface LedgerLocation {
  /** The ledger's log: `<registry>/ledger-<sha256>.jsonl` (ledgerRegistry(); ledger-log.ts). */
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
  /**
   * The folder beside the data (`.privspec-ledger`) that earlier versions kept the ledger in, and now holds only the
   * pointer to the registry (undefined for a database table, which has no folder).
   */
  readonly beside?: {
    readonly folder: string;
    readonly ledger: string;
    readonly marker: string;
    readonly pointer: string;
  };
}

export { LedgerUnreadable };

/** How messages and reports name a ledger: its file, or the store's name. */
export function ledgerName(location: LedgerLocation): string {
  return location.store?.name ?? location.file;
}

export { LEDGER_FOLDER, ledgerRegistry } from '../files/ledger-folder.js';
import { LEDGER_FOLDER, ledgerRegistry } from '../files/ledger-folder.js';

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
 * PRIVSPEC_LEDGER_SCHEMA) or in the registry with the files' ledgers (ledgerRegistry()): one folder for every spec on
 * this machine that reads the table.
 */
export function databaseLedgerFolder(): string {
  return ledgerRegistry();
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
    const { data, store, registryName } = await databaseLedger(database);
    const folder = databaseLedgerFolder();
    const name = `ledger-${data.sha256}`;
    // A ledger of the table kept before, still counted (read, never written): with the ledger in the database, the
    // one this user's registry kept while PRIVSPEC_LEDGER_SCHEMA was not set; else the one earlier versions kept under
    // the connection string's key, in the folder they kept it in.
    let legacy: string | undefined;
    // The registry's log (`.jsonl`), or its whole-JSON ledger of before the log.
    const inRegistry =
      registryName !== undefined
        ? [`ledger-${registryName}.jsonl`, `ledger-${registryName}.json`].map((f) => join(folder, f)).find(existsSync)
        : undefined;
    if (inRegistry !== undefined) legacy = inRegistry;
    else
      try {
        legacy = join(
          process.env.PRIVSPEC_LEDGER_DIR || join(homedir(), LEDGER_FOLDER),
          `ledger-${sha256OfText(`${databaseServerKey(database)}\n${database.table}`)}.json`,
        );
      } catch {
        legacy = undefined;
      }
    return {
      file: join(folder, `${name}.jsonl`),
      marker: join(folder, `${name}.seen`),
      data,
      ...(legacy !== undefined ? { legacy } : {}),
      ...(store ? { store } : {}),
    };
  }
  const data = await dataIdentity(dataFile);
  const folder = ledgerRegistry();
  const name = `ledger-${data.sha256}`;
  const besideFolder = join(dirname(data.file), LEDGER_FOLDER);
  return {
    file: join(folder, `${name}.jsonl`),
    marker: join(folder, `${name}.seen`),
    data,
    ...(specFile !== undefined ? { legacy: `${specFile}.ledger.json` } : {}),
    beside: {
      folder: besideFolder,
      ledger: join(besideFolder, `${name}.json`),
      marker: join(besideFolder, `${name}.seen`),
      pointer: join(besideFolder, `${name}.where.json`),
    },
  };
}
