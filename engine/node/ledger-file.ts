/**
 * The ledger on disk. Every read-check-append runs under an exclusive lock (file-lock.ts), so concurrent runs see each
 * other's spends, and every write is durable before it returns: temporary file, fsync, rename, fsync of the folder.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LedgerEntry, LedgerFile } from '../release/ledger-entry.js';
import { withFileLock } from './file-lock.js';
import { removeStaleTemporaries, temporaryName } from './write-file-atomic.js';

export function ledgerPath(specPath: string): string {
  return `${specPath}.ledger.json`;
}

/** The ledger exists but cannot be read or parsed: a refusal the user acts on (restore it), not an internal error. */
export class LedgerUnreadable extends Error {
  override readonly name = 'LedgerUnreadable';
}

export async function readLedger(specPath: string): Promise<LedgerFile> {
  try {
    const parsed = JSON.parse(await readFile(ledgerPath(specPath), 'utf8')) as LedgerFile;
    if (parsed.version !== 1 || !Array.isArray(parsed.entries)) throw new Error('unknown ledger format');
    return parsed;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, spec: specPath, entries: [] };
    throw new LedgerUnreadable(`${ledgerPath(specPath)}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`);
  }
}

async function writeDurably(path: string, text: string): Promise<void> {
  // Named like every other temporary file, so that one left by a killed run is removed by the next.
  await removeStaleTemporaries(dirname(path)).catch(() => undefined);
  const tmp = join(dirname(path), temporaryName(basename(path)));
  try {
    const file = await open(tmp, 'wx');
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  // The rename is durable only once the folder's entry is on disk.
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is then as durable as they make it.
  } finally {
    await folder.close();
  }
}

/**
 * Under the lock: reads the ledger, lets `decide` look at it and return the entry to append (or undefined to append
 * nothing, e.g. when the budget is exhausted), appends it durably, and returns what `decide` returned with the ledger.
 */
export async function appendToLedger<T extends { entry?: LedgerEntry }>(specPath: string, decide: (ledger: LedgerFile) => T, options: { timeoutMs?: number } = {}): Promise<T & { ledger: LedgerFile }> {
  return withFileLock(ledgerPath(specPath), async () => {
    const ledger = await readLedger(specPath);
    const decision = decide(ledger);
    if (decision.entry) {
      ledger.entries.push(decision.entry);
      await writeDurably(ledgerPath(specPath), `${JSON.stringify(ledger, null, 2)}\n`);
    }
    return { ...decision, ledger };
  }, options);
}

/** Records the files a spend produced (best effort: the spend itself is already durable). */
export async function recordFiles(specPath: string, id: string, files: readonly string[]): Promise<void> {
  await withFileLock(ledgerPath(specPath), async () => {
    const ledger = await readLedger(specPath);
    const entry = ledger.entries.find((e) => e.id === id);
    if (!entry) return;
    entry.files = [...files];
    await writeDurably(ledgerPath(specPath), `${JSON.stringify(ledger, null, 2)}\n`);
  });
}

export function newEntryId(): string {
  return randomBytes(6).toString('hex');
}
