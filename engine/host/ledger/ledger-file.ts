/**
 * The ledger on disk: one per dataset, in the per-user registry, found from the data's bytes (dataset-identity.ts).
 * Every read-check-append runs under an exclusive lock (file-lock.ts), so concurrent runs — from any spec, any copy of
 * the data — see each other's spends, and every write is durable before it returns (write-file-atomic.ts). After each
 * write the marker beside the ledger records how many records it holds; a ledger that is then missing or shorter was
 * deleted or rolled back, and is refused.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LedgerEntry, LedgerFile, ReleasedFile } from '../../release/ledger-entry.js';
import { LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';
import { withFileLock } from './file-lock.js';
import {
  checkedLedger,
  markedRecords,
  mergeLedger,
  readBesideLedger,
  readJson,
  readSpecLedger,
  recordCount,
  retireBesideLedger,
} from './ledger-migration.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';

export { ledgerFor, LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';

/**
 * The dataset's ledger from the registry, with the spends of the ledgers earlier versions kept (beside the data,
 * beside the spec) merged in by id, so that they keep counting; the next write stores them in the registry.
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
        : checkedLedger(location.file, parsed);
    const records = await markedRecords(location.marker);
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

/**
 * The ledger with the spends of the ledgers earlier versions kept (beside the data, beside the spec, or under a
 * database's connection string) merged in by id.
 */
async function withLegacy(location: LedgerLocation, ledger: LedgerFile): Promise<LedgerFile> {
  mergeLedger(ledger, await readBesideLedger(location));
  mergeLedger(ledger, await readSpecLedger(location));
  return ledger;
}

async function writeLedger(location: LedgerLocation, ledger: LedgerFile): Promise<void> {
  await mkdir(dirname(location.file), { recursive: true });
  ledger.id ??= randomBytes(8).toString('hex');
  await writeFileAtomic(location.file, `${JSON.stringify({ ...ledger, version: 2 }, null, 2)}\n`);
  await writeFileAtomic(location.marker, `${JSON.stringify({ ledger: ledger.id, records: recordCount(ledger) })}\n`);
  await retireBesideLedger(location, location.beside !== undefined && (await exists(location.beside.ledger)));
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
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
