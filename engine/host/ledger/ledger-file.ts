/**
 * The ledger on disk: one per dataset, in the per-user registry, found from the data's bytes (dataset-identity.ts),
 * kept as an append-only log with an index of running totals (ledger-log.ts). Every read-check-append runs under an
 * exclusive lock (file-lock.ts), so concurrent runs — from any spec, any copy of the data — see each other's spends;
 * under it a spend reads the index, appends one line flushed to disk and updates the index, so the time the lock is
 * held does not grow with the ledger. After each write the marker beside the ledger records how many records it
 * holds; a ledger that is then missing or shorter was deleted or rolled back, and is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LedgerEntry, LedgerFile, LedgerLimit, RaiseRecord, ReleasedFile } from '../../release/ledger-entry.js';
import { emptySummary, summaryOf, type LedgerSummary } from '../../release/ledger-summary.js';
import { LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';
import { withFileLock } from './file-lock.js';
import {
  appendRecords,
  LOG_KIND,
  readIndex,
  readLog,
  sha256OfText,
  type LedgerIndex,
  type LogHeader,
  type LogRecord,
} from './ledger-log.js';
import {
  checkedLedger,
  markedRecords,
  mergeLedger,
  readBesideLedger,
  readJson,
  readSpecLedger,
  recordCount,
  renameKept,
  retireBesideLedger,
} from './ledger-migration.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';

export { ledgerFor, LedgerUnreadable, type LedgerLocation } from './dataset-identity.js';

/**
 * The dataset's ledger from the registry (its log, or the whole-JSON file of earlier versions not yet migrated), with
 * the spends of the ledgers earlier versions kept (beside the data, beside the spec) merged in by id, so that they keep
 * counting; the next spend folds them into the log. Reads the whole log: for readers (the editor's ledger view,
 * `privspec attack`'s row keys), never for the spend, which reads the index (ledger-log.ts).
 */
export async function readLedger(location: LedgerLocation): Promise<LedgerFile> {
  let ledger: LedgerFile;
  if (location.store) {
    ledger = await location.store.read();
    return await withLegacy(location, ledger);
  }
  try {
    const logged = await readLog(location.file);
    const whole = await readJson(wholeJsonOf(location));
    const parsed = logged ?? whole;
    ledger =
      parsed === undefined
        ? { version: 2, data: { ...location.data }, raises: [], entries: [] }
        : (logged ?? checkedLedger(wholeJsonOf(location), parsed));
    // A whole-JSON ledger beside the log (not folded in yet) still counts, merged by id as the next spend folds it in.
    if (logged && whole !== undefined) mergeLedger(ledger, checkedLedger(wholeJsonOf(location), whole));
    await refuseRolledBack(location, parsed === undefined ? undefined : recordCount(ledger));
  } catch (e) {
    if (e instanceof LedgerUnreadable) throw e;
    throw new LedgerUnreadable(
      `${location.file}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`,
    );
  }
  return await withLegacy(location, ledger);
}

/** The whole-JSON ledger file earlier versions kept in the registry, in place of the log. */
const wholeJsonOf = (location: LedgerLocation) => location.file.replace(/\.jsonl$/, '.json');

/** Refuses a ledger that holds fewer records than its marker says it held (`held` undefined: there is none). */
async function refuseRolledBack(location: LedgerLocation, held: number | undefined): Promise<void> {
  const records = await markedRecords(location.marker);
  if (records > (held ?? 0)) {
    throw new LedgerUnreadable(
      `${location.file}: the spend ledger of ${location.data.file} ${held === undefined ? 'is missing' : `holds ${held} records`}, but ${location.marker} says it held ${records}; it was deleted or rolled back — restore it from a backup (privspec refuses to spend as if nothing had been spent)`,
    );
  }
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

/** What a decision adds to the ledger: a spend, the limit fixed by the first central spend, a raise. */
export interface LedgerChange {
  entry?: LedgerEntry;
  limit?: LedgerLimit;
  raise?: RaiseRecord;
}

/** What a decision reads: the ledger's id and its running summary (engine/release/ledger-summary.ts). */
export interface LedgerView {
  readonly id?: string;
  readonly summary: LedgerSummary;
}

const recordsOf = (s: LedgerSummary) => s.entries + s.raises;

/**
 * The ledgers of earlier versions that the log has not folded in yet (each with the digest that names it), and whether
 * the registry's whole-JSON ledger exists.
 */
async function pendingLegacy(location: LedgerLocation, index: LedgerIndex | undefined) {
  const whole = await readJson(wholeJsonOf(location)).then((p) =>
    p === undefined ? undefined : checkedLedger(wholeJsonOf(location), p),
  );
  const sources = [
    { file: wholeJsonOf(location), ledger: whole },
    { file: location.beside?.ledger ?? '', ledger: await readBesideLedger(location) },
    { file: location.legacy ?? '', ledger: await readSpecLedger(location) },
  ].flatMap((s) => {
    if (!s.ledger) return [];
    const digest = sha256OfText(JSON.stringify(s.ledger));
    return index?.imported.includes(digest) ? [] : [{ ...s, ledger: s.ledger, digest }];
  });
  return { sources, whole: whole !== undefined };
}

/**
 * The ledger's id and summary for a reader outside the lock (a run's checks before it spends, its report after), from
 * the index when it is in step with the log, and `holds`, which reads the whole ledger only when asked.
 */
export async function readLedgerView(
  location: LedgerLocation,
): Promise<LedgerView & { holds: (entry: string) => Promise<boolean> }> {
  let ids: Promise<Set<string>> | undefined;
  const holds = async (entry: string) =>
    (await (ids ??= readLedger(location).then((l) => new Set(l.entries.map((e) => e.id))))).has(entry);
  const whole = async () => {
    const ledger = await readLedger(location);
    return { ...(ledger.id !== undefined ? { id: ledger.id } : {}), summary: summaryOf(ledger), holds };
  };
  if (location.store) return await whole();
  let index: LedgerIndex | undefined;
  try {
    index = await readIndex(location.file, { repair: false });
  } catch (e) {
    if (e instanceof LedgerUnreadable) throw e;
    throw new LedgerUnreadable(
      `${location.file}: cannot read the spend ledger (${(e as Error).message}); refusing to run without it`,
    );
  }
  // Ledgers of earlier versions not folded in yet are merged by the whole read, as the next spend will fold them in.
  if (!index || (await pendingLegacy(location, index)).sources.length > 0) return await whole();
  await refuseRolledBack(location, recordsOf(index.summary));
  return { id: index.id, summary: index.summary, holds };
}

/**
 * Ledgers of earlier versions not yet in the log (the registry's whole-JSON file, the ledger beside the data, the
 * spec's), as records to append: their entries and raises the log does not hold, their limit when the log has none,
 * and a note of each, so that none is folded in twice. Reads the whole log only when there is something to fold in.
 */
async function legacyRecords(
  location: LedgerLocation,
  index: LedgerIndex | undefined,
): Promise<{ records: LogRecord[]; id?: string; whole: boolean; beside: boolean }> {
  const { sources, whole } = await pendingLegacy(location, index);
  const out = {
    records: [] as LogRecord[],
    whole: whole !== undefined,
    beside: sources.some((s) => s.file === location.beside?.ledger),
  };
  if (sources.length === 0) return out;
  const known: LedgerFile = (index && index.summary.entries + index.summary.raises > 0
    ? await readLog(location.file)
    : undefined) ?? { version: 2, entries: [], raises: [] };
  if (index?.summary.limit) known.limit = index.summary.limit;
  let id: string | undefined;
  for (const s of sources) {
    const before = { entries: known.entries.length, raises: known.raises?.length ?? 0, limit: known.limit };
    mergeLedger(known, s.ledger);
    id ??= s.ledger.id;
    for (const raise of known.raises!.slice(before.raises)) out.records.push({ raise });
    for (const entry of known.entries.slice(before.entries)) out.records.push({ entry });
    if (!before.limit && known.limit) out.records.push({ limit: known.limit });
    out.records.push({ imported: { file: s.file, sha256: s.digest } });
  }
  return { ...out, ...(id !== undefined ? { id } : {}) };
}

/**
 * Under the lock: reads the ledger's index (never the whole log), folds in the ledgers of earlier versions, lets
 * `decide` look at the summary and return what to append (nothing, e.g. when the budget is exhausted), appends it as
 * one line flushed to disk, then brings the index and the marker up to date. Returns what `decide` returned with the
 * ledger's id.
 */
export async function appendToLedger<T extends LedgerChange>(
  location: LedgerLocation,
  decide: (ledger: LedgerView) => T,
  options: { timeoutMs?: number } = {},
): Promise<T & { ledgerId?: string }> {
  if (location.store) {
    const store = location.store;
    // The former ledger's spends are read inside the store's lock, so the decision sees them as it sees the others.
    // The store reads every row and summarizes them here; a summary row kept by the store is not done yet.
    const result = await store.append(async (ledger) => {
      const full = await withLegacy(location, ledger);
      const decision = decide({ id: full.id, summary: summaryOf(full) });
      const update =
        decision.limit || decision.raise
          ? (l: LedgerFile) => {
              if (decision.limit) l.limit ??= decision.limit;
              if (decision.raise) {
                l.raises = [...(l.raises ?? []), decision.raise];
                l.limit = decision.raise.to;
              }
            }
          : undefined;
      return { ...decision, update };
    }, options);
    return { ...result, ledgerId: result.ledger.id };
  }
  await mkdir(dirname(location.file), { recursive: true });
  return withFileLock(
    location.file,
    async () => {
      let index = await readIndex(location.file);
      const header = (id?: string): LogHeader => ({
        ledger: LOG_KIND,
        version: 3,
        id: index?.id ?? id ?? randomBytes(8).toString('hex'),
        data: { ...location.data },
      });
      const legacy = await legacyRecords(location, index);
      // The rollback check comes before the fold: folding rewrites the marker, so a log deleted beside an old ledger
      // that is never retired (the spec's) would otherwise be re-folded and its marker lowered to match (the review of
      // issue 36: a deleted log came back as the old ledger's one spend). The pending records count toward what the
      // marker may have seen, as the whole-JSON ledger they come from counted.
      const pending = legacy.records.filter((r) => 'entry' in r || 'raise' in r).length;
      await refuseRolledBack(
        location,
        index || pending > 0 ? (index ? recordsOf(index.summary) : 0) + pending : undefined,
      );
      if (legacy.records.length > 0) {
        index = await appendRecords(location.file, index, header(legacy.id), legacy.records);
        await writeMarker(location, index);
        await retireWholeJson(location, legacy.whole);
      }
      await refuseRolledBack(location, index ? recordsOf(index.summary) : undefined);
      const decision = decide({ ...(index ? { id: index.id } : {}), summary: index?.summary ?? emptySummary() });
      const records: LogRecord[] = [];
      if (decision.raise) records.push({ raise: decision.raise });
      if (decision.entry) records.push({ entry: decision.entry, ...(decision.limit ? { limit: decision.limit } : {}) });
      else if (decision.limit) records.push({ limit: decision.limit });
      if (records.length > 0) {
        index = await appendRecords(location.file, index, header(), records);
        await writeMarker(location, index);
      }
      if (index) await retireBesideLedger(location, legacy.beside);
      return { ...decision, ...(index ? { ledgerId: index.id } : {}) };
    },
    options,
  );
}

async function writeMarker(location: LedgerLocation, index: LedgerIndex): Promise<void> {
  await writeFileAtomic(
    location.marker,
    `${JSON.stringify({ ledger: index.id, records: recordsOf(index.summary) })}\n`,
  );
}

/** Once the log holds what the registry's whole-JSON ledger held, that file is kept as `….migrated.json`. */
async function retireWholeJson(location: LedgerLocation, had: boolean): Promise<void> {
  if (!had) return;
  const from = wholeJsonOf(location);
  await renameKept(from, from.replace(/\.json$/, '.migrated.json'));
}

/**
 * Records the files a spend produced and, for a microdata file, its digest and row key (best effort: the spend itself
 * is already durable, and the row key is on disk under the file's digest before the file is): one line appended.
 */
export async function recordFiles(
  location: LedgerLocation,
  id: string,
  files: readonly string[],
  released?: readonly ReleasedFile[],
): Promise<void> {
  if (location.store) return await location.store.recordFiles(id, files, released);
  await withFileLock(location.file, async () => {
    const index = await readIndex(location.file);
    if (!index) return;
    const record: LogRecord = {
      files: {
        id,
        files: [...files],
        ...(released && released.length > 0 ? { released: released.map((r) => ({ ...r })) } : {}),
      },
    };
    await appendRecords(location.file, index, { ledger: LOG_KIND, version: 3, id: index.id }, [record]);
  });
}

export function newEntryId(): string {
  return randomBytes(6).toString('hex');
}
