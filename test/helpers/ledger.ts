import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ledgerFor } from '../../engine/node/ledger-file.js';
import type { LedgerFile } from '../../engine/release/ledger-entry.js';

/** The path of the ledger of the data file `data` (one per dataset, beside the data: engine/node/dataset-identity.ts). */
export async function ledgerPathOf(data: string): Promise<string> {
  return (await ledgerFor(data)).file;
}

/** The ledger of `data` as written on disk, or undefined when none has been written. */
export async function ledgerOf(data: string): Promise<LedgerFile | undefined> {
  const file = await ledgerPathOf(data);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LedgerFile) : undefined;
}

/**
 * The same path computed here, synchronously and independently of the engine, from what docs/dp.md documents: the
 * folder `.privspec-ledger` beside the data's real path, the file named by the SHA-256 of the data's bytes.
 */
export function ledgerFileSync(data: string): string {
  const real = realpathSync(data);
  return join(dirname(real), '.privspec-ledger', `ledger-${createHash('sha256').update(readFileSync(real)).digest('hex')}.json`);
}
