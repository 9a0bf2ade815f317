/**
 * Ledgers kept where earlier versions kept them, folded into the registry (dataset-identity.ts) so that no spend is
 * lost: the ledger beside the data (`<data folder>/.privspec-ledger/ledger-<sha256>.json`, one per folder the bytes
 * were used from, so a copy used before this version has one of its own) and the even older ledger beside a spec
 * (`<spec>.ledger.json`). Their entries are merged by id on every read; once the registry holds them durably, the
 * ledger beside the data is renamed `….migrated.json` (with its marker) and a pointer naming the registry file is left
 * in its place for whoever looks there. A folder privspec cannot write keeps its old ledger, which is then merged on
 * every read: slower, never wrong.
 */
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import { ledgerShapeProblem, type LedgerFile } from '../../release/ledger-entry.js';
import { LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';
import { readLog } from './ledger-log.js';

/** How many records (entries and raises) a ledger holds: what a marker remembers. */
export const recordCount = (l: LedgerFile) => l.entries.length + (l.raises?.length ?? 0);

export async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export function checkedLedger(file: string, parsed: unknown): LedgerFile {
  const problem = ledgerShapeProblem(parsed);
  if (problem)
    throw new LedgerUnreadable(
      `${file}: cannot read the spend ledger (${problem}); refusing to run without it — restore it from a backup`,
    );
  return parsed as LedgerFile;
}

/** The records a marker says its ledger held (0 when there is no marker). */
export async function markedRecords(marker: string): Promise<number> {
  const seen = (await readJson(marker).catch(() => undefined)) as { records?: unknown } | undefined;
  return typeof seen?.records === 'number' ? seen.records : 0;
}

/**
 * The ledger earlier versions kept beside the data, or undefined. Its own marker still guards it: a ledger beside the
 * data that is missing or shorter than its marker says was deleted or rolled back, and is refused as before.
 */
export async function readBesideLedger(location: LedgerLocation): Promise<LedgerFile | undefined> {
  const beside = location.beside;
  if (!beside) return undefined;
  let parsed: unknown;
  try {
    parsed = await readJson(beside.ledger);
  } catch (e) {
    throw new LedgerUnreadable(
      `${beside.ledger}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`,
    );
  }
  const ledger = parsed === undefined ? undefined : checkedLedger(beside.ledger, parsed);
  const records = await markedRecords(beside.marker);
  const held = ledger ? recordCount(ledger) : 0;
  if (records > held)
    throw new LedgerUnreadable(
      `${beside.ledger}: the spend ledger of ${location.data.file} ${ledger ? `holds ${held} records` : 'is missing'}, but ${beside.marker} says it held ${records}; it was deleted or rolled back — restore it from a backup (privspec refuses to spend as if nothing had been spent)`,
    );
  return ledger;
}

/** The spec's former ledger (`<spec>.ledger.json`), or undefined. */
export async function readSpecLedger(location: LedgerLocation): Promise<LedgerFile | undefined> {
  if (location.legacy === undefined) return undefined;
  let old: unknown;
  try {
    // A registry log of this table, kept before its ledger moved into the database (database-ledger.ts).
    if (location.legacy.endsWith('.jsonl')) return await readLog(location.legacy);
    old = await readJson(location.legacy);
  } catch (e) {
    throw new LedgerUnreadable(
      `${location.legacy}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`,
    );
  }
  return old === undefined ? undefined : checkedLedger(location.legacy, old);
}

/**
 * Merges an older ledger into `into`: entries and raises it does not hold (by id; raises by time and reason), the
 * limit when `into` has none yet, and the older ledger's random id, so that reports keep citing one ledger.
 */
export function mergeLedger(into: LedgerFile, from: LedgerFile | undefined): void {
  if (!from) return;
  const known = new Set(into.entries.map((e) => e.id));
  into.entries.push(...from.entries.filter((e) => !known.has(e.id)));
  if (from.raises?.length) {
    const key = (r: { at: string; reason: string }) => `${r.at}\u0000${r.reason}`;
    const raised = new Set((into.raises ?? []).map(key));
    into.raises = [...(into.raises ?? []), ...from.raises.filter((r) => !raised.has(key(r)))];
  }
  into.limit ??= from.limit;
  into.id ??= from.id;
}

/** Renames a ledger file that the log now holds, keeping it (never deleted); a file already gone is no error. */
export async function renameKept(from: string, to: string): Promise<void> {
  await rename(from, to).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

/**
 * Once the registry durably holds what the ledger beside the data held: that ledger and its marker are renamed
 * `….migrated.json` / `….migrated.seen` (kept, never deleted), and the pointer is written. Best effort: a folder that
 * cannot be written keeps its ledger, merged again on the next read.
 */
export async function retireBesideLedger(location: LedgerLocation, hadBeside: boolean): Promise<void> {
  const beside = location.beside;
  if (!beside) return;
  try {
    if (hadBeside) {
      await rename(beside.marker, beside.marker.replace(/\.seen$/, '.migrated.seen')).catch(() => undefined);
      await rename(beside.ledger, beside.ledger.replace(/\.json$/, '.migrated.json'));
    }
    if ((await readJson(beside.pointer).catch(() => undefined)) !== undefined) return;
    await mkdir(beside.folder, { recursive: true });
    await writeFile(
      beside.pointer,
      `${JSON.stringify(
        {
          note: 'privspec keeps the spend ledger of this data in the per-user registry named below, keyed by the SHA-256 of the bytes, so that every copy, hard link or move of them shares one budget. This file is only a pointer; deleting it changes nothing.',
          ledger: location.file,
          data: { file: location.data.file, sha256: location.data.sha256 },
        },
        null,
        2,
      )}\n`,
    );
  } catch {
    // The registry holds every spend; a pointer or a rename that fails costs only a slower read.
  }
}
