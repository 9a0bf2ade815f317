/**
 * A ledger kept somewhere other than a file beside the data or in the registry: today, a PostgreSQL table's ledger in
 * its own database (postgres-ledger-store.ts). The three operations are those of ledger-file.ts, so a run, `budget
 * raise` and the editor read and spend through either the same way.
 */
import type { LedgerEntry, LedgerFile, ReleasedFile } from '../../release/ledger-entry.js';

export interface LedgerStore {
  /** How messages and reports name the ledger. */
  readonly name: string;
  /** The whole ledger (its entries are the audit log), without taking the lock. */
  read(): Promise<LedgerFile>;
  /**
   * Under the store's lock: reads the ledger, lets `decide` look at it, appends the entry it returns and applies its
   * update, durably, before the lock is released.
   */
  append<T extends { entry?: LedgerEntry; update?: (ledger: LedgerFile) => void }>(
    decide: (ledger: LedgerFile) => T | Promise<T>,
    options: { timeoutMs?: number },
  ): Promise<T & { ledger: LedgerFile }>;
  /** Records the files an entry produced (best effort, after the spend). */
  recordFiles(id: string, files: readonly string[], released?: readonly ReleasedFile[]): Promise<void>;
}
