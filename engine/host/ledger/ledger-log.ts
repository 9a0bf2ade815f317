/**
 * The ledger file as an append-only log, and its index.
 *
 * The log (`ledger-<sha256>.jsonl`) is JSON Lines: a header line (the ledger's random id and the data it belongs to),
 * then one record per line, never rewritten: `{"entry": …}` for a spend (with `"limit"` when it fixed the ledger's
 * limit), `{"raise": …}`, `{"files": …}` for the files an entry wrote, `{"imported": …}` where a ledger of an earlier
 * version was folded in. The log is the truth and the audit trail.
 *
 * The index (`ledger-<sha256>.index.json`) holds the log's running summary (engine/release/ledger-summary.ts) and
 * where it stands: the number of records, the log's length in bytes and the SHA-256 of its last line, with a checksum
 * of the whole. A spend reads the index and the log's last line, never the whole log, so its work does not grow with
 * the ledger. The index is rewritten atomically after each append; when it is missing, does not match the log's
 * length or last line, or fails its checksum (a crash between the two writes, a hand edit), it is rebuilt from the log.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isEntryShaped, type LedgerEntry, type LedgerFile, type LedgerLimit } from '../../release/ledger-entry.js';
import type { RaiseRecord, ReleasedFile } from '../../release/ledger-entry.js';
import { addEntry, addRaise, summaryOf, type LedgerSummary } from '../../release/ledger-summary.js';
import { appendSynced, readHead, readTail, truncateSynced } from '../files/append-synced.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { LedgerUnreadable } from './ledger-unreadable.js';

export const LOG_KIND = 'privspec spend ledger';
const INDEX_KIND = 'privspec spend ledger index';

export interface LogHeader {
  ledger: typeof LOG_KIND;
  version: 3;
  id: string;
  data?: { file: string; sha256: string };
}

export type LogRecord =
  | { entry: LedgerEntry; limit?: LedgerLimit }
  | { raise: RaiseRecord }
  | { limit: LedgerLimit }
  | { files: { id: string; files: string[]; released?: ReleasedFile[] } }
  | { imported: { file: string; sha256: string } };

/** Where the index says the log stands. */
interface LogPosition {
  records: number;
  bytes: number;
  /** The SHA-256 of the last line (newline included) and its length in bytes. */
  tail: string;
  tailBytes: number;
}

export interface LedgerIndex {
  kind: typeof INDEX_KIND;
  id: string;
  log: LogPosition;
  /** The SHA-256 of every earlier-version ledger folded in, so that none is folded in twice. */
  imported: string[];
  summary: LedgerSummary;
}

export const indexFileOf = (log: string) => `${log.replace(/\.jsonl$/, '')}.index.json`;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const checksum = (index: LedgerIndex) => sha256(JSON.stringify(index));

/** The log read whole: its header, its records in order, and whether its last line was torn (and where it starts). */
export interface ParsedLog {
  header: LogHeader;
  records: LogRecord[];
  lines: string[];
  /** Bytes up to the end of the last whole line; less than the file when a crash tore the last line. */
  bytes: number;
  torn: boolean;
}

function unreadable(file: string, line: number, why: string): LedgerUnreadable {
  return new LedgerUnreadable(
    `${file}: cannot read the spend ledger (line ${line}: ${why}); refusing to run without it — restore it from a backup`,
  );
}

function recordProblem(r: unknown): string | undefined {
  const x = r as Record<string, unknown> | null;
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return 'not a record';
  if ('entry' in x) return isEntryShaped(x.entry) ? undefined : 'an entry without an id, a release name or costs';
  if ('raise' in x) return typeof x.raise === 'object' && x.raise !== null ? undefined : 'a raise that is not a record';
  if ('files' in x) {
    const f = x.files as { id?: unknown; files?: unknown } | null;
    return f !== null && typeof f === 'object' && typeof f.id === 'string' && Array.isArray(f.files)
      ? undefined
      : 'a files record without an entry id or files';
  }
  if ('limit' in x || 'imported' in x) return undefined;
  return 'an unknown kind of record';
}

export function parseLog(file: string, text: string): ParsedLog {
  const parts = text.split('\n');
  // The piece after the last newline is empty for a whole log; otherwise a crash tore the last write.
  const last = parts.pop()!;
  let torn = false;
  let bytes = Buffer.byteLength(text);
  if (last !== '') {
    let whole: boolean;
    try {
      JSON.parse(last);
      whole = true;
    } catch {
      whole = false;
    }
    // A last line that parses is whole and only lacks its newline; one that does not was never acknowledged.
    if (whole) parts.push(last);
    else {
      torn = true;
      bytes -= Buffer.byteLength(last);
    }
  }
  if (parts.length === 0) throw unreadable(file, 1, 'the header line is missing');
  let header: LogHeader;
  try {
    header = JSON.parse(parts[0]) as LogHeader;
  } catch (e) {
    throw unreadable(file, 1, (e as Error).message);
  }
  if (header?.ledger !== LOG_KIND || header.version !== 3 || typeof header.id !== 'string')
    throw unreadable(file, 1, 'unknown ledger format');
  const records: LogRecord[] = [];
  for (let i = 1; i < parts.length; i++) {
    let r: unknown;
    try {
      r = JSON.parse(parts[i]);
    } catch (e) {
      throw unreadable(file, i + 1, (e as Error).message);
    }
    const problem = recordProblem(r);
    if (problem) throw unreadable(file, i + 1, `${problem}: ${parts[i].slice(0, 40)}`);
    records.push(r as LogRecord);
  }
  return { header, records, lines: parts, bytes, torn };
}

/** The ledger the log's records make, as the rest of privspec reads a ledger. */
export function ledgerOfLog(log: Pick<ParsedLog, 'header' | 'records'>): LedgerFile {
  const ledger: LedgerFile = {
    version: 2,
    id: log.header.id,
    ...(log.header.data ? { data: log.header.data } : {}),
    raises: [],
    entries: [],
  };
  const byId = new Map<string, LedgerEntry>();
  for (const r of log.records) {
    if ('entry' in r) {
      ledger.entries.push(r.entry);
      byId.set(r.entry.id, r.entry);
      if (r.limit) ledger.limit ??= r.limit;
    } else if ('raise' in r) {
      ledger.raises!.push(r.raise);
      ledger.limit = r.raise.to;
    } else if ('limit' in r) ledger.limit ??= r.limit;
    else if ('files' in r) {
      const entry = byId.get(r.files.id);
      if (!entry) continue;
      entry.files = [...r.files.files];
      if (r.files.released && r.files.released.length > 0) entry.released = r.files.released.map((x) => ({ ...x }));
    }
  }
  return ledger;
}

function position(lines: readonly string[], bytes: number): LogPosition {
  const tail = `${lines[lines.length - 1]}\n`;
  return { records: lines.length - 1, bytes, tail: sha256(tail), tailBytes: Buffer.byteLength(tail) };
}

/** The index of a whole log: what appending its records one by one gives. */
export function indexOfLog(log: ParsedLog): LedgerIndex {
  return {
    kind: INDEX_KIND,
    id: log.header.id,
    log: position(log.lines, log.bytes),
    imported: log.records.flatMap((r) => ('imported' in r ? [r.imported.sha256] : [])),
    summary: summaryOf(ledgerOfLog(log)),
  };
}

/** The log's index when it is there, whole and in step with the log of `size` bytes; undefined otherwise. */
async function indexInStep(log: string, size: number): Promise<LedgerIndex | undefined> {
  let stored: (LedgerIndex & { check?: string }) | undefined;
  try {
    stored = JSON.parse(await readFile(indexFileOf(log), 'utf8')) as LedgerIndex & { check?: string };
  } catch {
    return undefined;
  }
  if (stored?.kind !== INDEX_KIND || typeof stored.check !== 'string') return undefined;
  const { check, ...index } = stored;
  if (checksum(index) !== check) return undefined;
  if (index.log.bytes !== size || index.log.tailBytes > size) return undefined;
  const tail = await readTail(log, size, index.log.tailBytes);
  return sha256(tail) === index.log.tail ? index : undefined;
}

export async function writeIndex(log: string, index: LedgerIndex): Promise<void> {
  await writeFileAtomic(indexFileOf(log), `${JSON.stringify({ ...index, check: checksum(index) }, null, 1)}\n`);
}

/**
 * Under the ledger's lock: the log's index, or undefined when there is no log (`repair: false` for a reader outside the
 * lock: nothing is written). An index out of step with the log is
 * rebuilt from it (and a torn last line cut away), so the figures always follow the log.
 */
export async function readIndex(log: string, options: { repair?: boolean } = {}): Promise<LedgerIndex | undefined> {
  const repair = options.repair ?? true;
  const size = await stat(log).then(
    (st) => st.size,
    (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    },
  );
  if (size === undefined) return undefined;
  const index = await indexInStep(log, size);
  if (index) return index;
  const text = await readFile(log, 'utf8');
  if (headerless(text)) {
    // Empty, or a header torn by a crash or a full disk: nothing was ever acknowledged in it (the marker is written
    // after a record's line), so it is no ledger — the marker's check refuses it if records were.
    if (repair) await truncateSynced(log, 0);
    return undefined;
  }
  const parsed = parseLog(log, text);
  // Outside the lock (a reader), the figures come from the log as it is and nothing is written.
  if (!repair) return indexOfLog(parsed);
  if (parsed.torn) await truncateSynced(log, parsed.bytes);
  else if (parsed.bytes === size && !(await readTail(log, size, 1)).equals(Buffer.from('\n')))
    // A whole last line without its newline: the newline goes first, so that the next record starts a line.
    await appendSynced(log, '\n');
  const rebuilt = indexOfLog({ ...parsed, bytes: parsed.torn ? parsed.bytes : (await stat(log)).size });
  await writeIndex(log, rebuilt);
  return rebuilt;
}

/**
 * Under the ledger's lock: appends the records (after the header, when the log is new), flushed to disk, then brings
 * the index up to date by taking in the records as they read back from their lines.
 */
export async function appendRecords(
  log: string,
  index: LedgerIndex | undefined,
  header: LogHeader,
  records: readonly LogRecord[],
): Promise<LedgerIndex> {
  const lines = records.map((r) => JSON.stringify(r));
  const all = index ? lines : [JSON.stringify(header), ...lines];
  const text = `${all.join('\n')}\n`;
  await appendSynced(log, text);
  const next: LedgerIndex = index ?? {
    kind: INDEX_KIND,
    id: header.id,
    log: { records: 0, bytes: 0, tail: '', tailBytes: 0 },
    imported: [],
    summary: summaryOf({ entries: [] }),
  };
  for (const line of lines) {
    const r = JSON.parse(line) as LogRecord;
    if ('entry' in r) {
      addEntry(next.summary, r.entry);
      if (r.limit) next.summary.limit ??= r.limit;
    } else if ('raise' in r) addRaise(next.summary, r.raise);
    else if ('limit' in r) next.summary.limit ??= r.limit;
    else if ('imported' in r) next.imported.push(r.imported.sha256);
  }
  const tail = `${all[all.length - 1]}\n`;
  next.log = {
    records: next.log.records + lines.length,
    bytes: next.log.bytes + Buffer.byteLength(text),
    tail: sha256(tail),
    tailBytes: Buffer.byteLength(tail),
  };
  await writeIndex(log, next);
  return next;
}

/** The whole log as a ledger, or undefined when there is none (outside the lock: readers, never the spend). */
export async function readLog(log: string): Promise<LedgerFile | undefined> {
  let text: string;
  try {
    text = await readFile(log, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return headerless(text) ? undefined : ledgerOfLog(parseLog(log, text));
}

/**
 * A log without a whole header line: empty, or its first write torn before its newline (the review of issue 36) — a
 * beginning of a header line as privspec writes it, never other text (which is a damaged ledger, refused).
 */
function headerless(text: string): boolean {
  if (text.includes('\n')) return false;
  const start = `{"ledger":${JSON.stringify(LOG_KIND)},"version":3`;
  if (!(start.startsWith(text) || text.startsWith(start))) return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

export { sha256 as sha256OfText };

/** The id in a log's header line, read from the head of the file only; undefined when it cannot be read. */
export async function readLogId(log: string): Promise<string | undefined> {
  try {
    const head = (await readHead(log, 4096)).toString('utf8');
    const line = head.slice(0, head.indexOf('\n') < 0 ? head.length : head.indexOf('\n'));
    const header = JSON.parse(line) as Partial<LogHeader> | null;
    return header?.ledger === LOG_KIND && typeof header.id === 'string' ? header.id : undefined;
  } catch {
    return undefined;
  }
}
