import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerFile } from '../../engine/release/ledger-entry.js';
import { testRegistry } from './ledger-registry.js';

/** The SHA-256 of the bytes of `data` (its real path followed). */
export function dataSha256(data: string): string {
  return createHash('sha256')
    .update(readFileSync(realpathSync(data)))
    .digest('hex');
}

/**
 * The path of the ledger of the data file `data`, computed here independently of the engine from what docs/dp.md
 * documents: the per-user registry (PRIVSPEC_LEDGER_DIR in tests: ledger-registry.ts), the file named by the SHA-256
 * of the data's bytes.
 */
export function ledgerFileSync(data: string): string {
  return join(testRegistry(), `ledger-${dataSha256(data)}.json`);
}

/** The ledger of `data` as written on disk, or undefined when none has been written. */
export function ledgerOf(data: string): LedgerFile | undefined {
  const file = ledgerFileSync(data);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LedgerFile) : undefined;
}
