/**
 * The ledger on disk: one per dataset, found from the data (dataset-identity.ts). Every read-check-append runs under an
 * exclusive lock (file-lock.ts), so concurrent runs — from any spec reading the same data — see each other's spends,
 * and every write is durable before it returns (write-file-atomic.ts). After each write the marker beside the ledger
 * records how many records it holds; a ledger that is then missing or shorter was deleted or rolled back, and is
 * refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  ledgerShapeProblem,
  type LedgerEntry,
  type LedgerFile,
  type ReleasedFile,
} from '../../release/ledger-entry.js';
import { LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';
import { withFileLock } from './file-lock.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';

export { ledgerFor, LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';

/** How many records (entries and raises) a ledger holds: what the marker remembers. */
const recordCount = (l: LedgerFile) => l.entries.length + (l.raises?.length ?? 0);

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function checked(file: string, parsed: unknown): LedgerFile {
  const problem = ledgerShapeProblem(parsed);
  if (problem)
    throw new LedgerUnreadable(
      `${file}: cannot read the spend ledger (${problem}); refusing to run without it — restore it from a backup`,
    );
  return parsed as LedgerFile;
}

/**
 * The dataset's ledger. Spends recorded in the spec's former ledger (`<spec>.ledger.json`) are merged in by id, so
 * that they keep counting; the next write stores them in the dataset's ledger.
 */
export async function readLedger(location: LedgerLocation): Promise<LedgerFile> {
  let ledger: LedgerFile;
  if (location.store) {
    ledger = await location.store.read();
    return await withLegacy(location, ledger);
  }
  try {
    const parsed = await readJson(location.file);
    ledger =
      parsed === undefined
        ? { version: 2, data: { ...location.data }, raises: [], entries: [] }
        : checked(location.file, parsed);
    const seen = (await readJson(location.marker).catch(() => undefined)) as { records?: unknown } | undefined;
    const records = typeof seen?.records === 'number' ? seen.records : 0;
    if (records > recordCount(ledger)) {
      throw new LedgerUnreadable(
        `${location.file}: the spend ledger of ${location.data.file} ${parsed === undefined ? 'is missing' : `holds ${recordCount(ledger)} records`}, but ${location.marker} says it held ${records}; it was deleted or rolled back — restore it from a backup (privspec refuses to spend as if nothing had been spent)`,
      );
    }
  } catch (e) {
    if (e instanceof LedgerUnreadable) throw e;
    throw new LedgerUnreadable(
      `${location.file}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`,
    );
  }
  return await withLegacy(location, ledger);
}

/** The ledger with the spends of its former ledger (`location.legacy`) merged in by id. */
async function withLegacy(location: LedgerLocation, ledger: LedgerFile): Promise<LedgerFile> {
  if (location.legacy !== undefined) {
    let old: unknown;
    try {
      old = await readJson(location.legacy);
    } catch (e) {
      throw new LedgerUnreadable(
        `${location.legacy}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`,
      );
    }
    if (old !== undefined) {
      const known = new Set(ledger.entries.map((e) => e.id));
      ledger.entries.push(...checked(location.legacy, old).entries.filter((e) => !known.has(e.id)));
    }
  }
  return ledger;
}

async function writeLedger(location: LedgerLocation, ledger: LedgerFile): Promise<void> {
  await mkdir(dirname(location.file), { recursive: true });
  ledger.id ??= randomBytes(8).toString('hex');
  await writeFileAtomic(location.file, `${JSON.stringify({ ...ledger, version: 2 }, null, 2)}\n`);
  await writeFileAtomic(location.marker, `${JSON.stringify({ ledger: ledger.id, records: recordCount(ledger) })}\n`);
}

/**
 * Under the lock: reads the ledger, lets `decide` look at it and return the entry to append (or undefined to append
 * nothing, e.g. when the budget is exhausted) and, optionally, a change to the ledger itself (the limit recorded with
 * the first central spend, a raise); writes durably, and returns what `decide` returned with the ledger.
 */
export async function appendToLedger<T extends { entry?: LedgerEntry; update?: (ledger: LedgerFile) => void }>(
  location: LedgerLocation,
  decide: (ledger: LedgerFile) => T,
  options: { timeoutMs?: number } = {},
): Promise<T & { ledger: LedgerFile }> {
  if (location.store) {
    const store = location.store;
    // The former ledger's spends are read inside the store's lock, so the decision sees them as it sees the others.
    return await store.append(async (ledger) => decide(await withLegacy(location, ledger)), options);
  }
  await mkdir(dirname(location.file), { recursive: true });
  return withFileLock(
    location.file,
    async () => {
      const ledger = await readLedger(location);
      const decision = decide(ledger);
      if (decision.entry || decision.update) {
        decision.update?.(ledger);
        if (decision.entry) ledger.entries.push(decision.entry);
        await writeLedger(location, ledger);
      }
      return { ...decision, ledger };
    },
    options,
  );
}

/**
 * Records the files a spend produced and, for a microdata file, its digest and row key (best effort: the spend itself
 * is already durable, and the row key is on disk under the file's digest before the file is).
 */
export async function recordFiles(
  location: LedgerLocation,
  id: string,
  files: readonly string[],
  released?: readonly ReleasedFile[],
): Promise<void> {
  if (location.store) return await location.store.recordFiles(id, files, released);
  await withFileLock(location.file, async () => {
    const ledger = await readLedger(location);
    const entry = ledger.entries.find((e) => e.id === id);
    if (!entry) return;
    entry.files = [...files];
    if (released && released.length > 0) entry.released = released.map((r) => ({ ...r }));
    await writeLedger(location, ledger);
  });
}

export function newEntryId(): string {
  return randomBytes(6).toString('hex');
}
