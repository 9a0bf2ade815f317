import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LedgerFile } from '../../engine/release/ledger-entry.js';

/**
 * The path of the ledger of the data file `data`, computed here independently of the engine from what docs/dp.md
 * documents: the folder `.privspec-ledger` beside the data's real path, the file named by the SHA-256 of its bytes.
 */
export function ledgerFileSync(data: string): string {
  const real = realpathSync(data);
  return join(
    dirname(real),
    '.privspec-ledger',
    `ledger-${createHash('sha256').update(readFileSync(real)).digest('hex')}.json`,
  );
}

/** The ledger of `data` as written on disk, or undefined when none has been written. */
export function ledgerOf(data: string): LedgerFile | undefined {
  const file = ledgerFileSync(data);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LedgerFile) : undefined;
}
