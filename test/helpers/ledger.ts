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
 * documents: the per-user registry (PRIVSPEC_LEDGER_DIR in tests: ledger-registry.ts), the log named by the SHA-256
 * of the data's bytes.
 */
export function ledgerFileSync(data: string): string {
  return join(testRegistry(), `ledger-${dataSha256(data)}.jsonl`);
}

/**
 * The ledger a log's text holds, read as docs/dp.md documents the format (independently of the engine): a header line
 * with the ledger's id, then one record per line — `entry` (with `limit` when it fixed the ledger's limit), `raise`,
 * `limit`, `files` (the files of an earlier entry), `imported`.
 */
export function ledgerOfLogText(text: string): LedgerFile {
  const [head, ...lines] = text.split('\n').filter((l) => l !== '');
  const header = JSON.parse(head) as { id: string; data?: LedgerFile['data'] };
  const ledger: LedgerFile = { version: 2, id: header.id, data: header.data, raises: [], entries: [] };
  for (const line of lines) {
    const r = JSON.parse(line) as {
      entry?: LedgerFile['entries'][number];
      raise?: NonNullable<LedgerFile['raises']>[number];
      limit?: LedgerFile['limit'];
      files?: { id: string; files: string[]; released?: LedgerFile['entries'][number]['released'] };
    };
    if (r.entry) {
      ledger.entries.push(r.entry);
      if (r.limit) ledger.limit ??= r.limit;
    } else if (r.raise) {
      ledger.raises!.push(r.raise);
      ledger.limit = r.raise.to;
    } else if (r.limit) ledger.limit ??= r.limit;
    else if (r.files) {
      const files = r.files;
      const entry = ledger.entries.find((e) => e.id === files.id);
      if (entry) {
        entry.files = files.files;
        if (files.released?.length) entry.released = files.released;
      }
    }
  }
  return ledger;
}

/** The ledger of `data` as written on disk, or undefined when none has been written. */
export function ledgerOf(data: string): LedgerFile | undefined {
  const file = ledgerFileSync(data);
  return existsSync(file) ? ledgerOfLogText(readFileSync(file, 'utf8')) : undefined;
}
