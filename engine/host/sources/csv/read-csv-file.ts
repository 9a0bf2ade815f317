import { open, type FileHandle } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { assembleTable, type RangePart } from '../../../table/assemble-table.js';
import { CsvRecordParser } from '../../../table/csv-record-parser.js';
import { selectFields, withSource } from '../../../table/parse-csv.js';
import { TableError, type Table } from '../../../table/table.js';
import { parseFileRange, type RangeRead } from './csv-file-range.js';
import { readHeaderRecord } from './csv-header-record.js';
import { csvWorkerEntry, runCsvWorker } from './csv-worker-pool.js';
import type { CsvWorkerDone } from './csv-worker-protocol.js';
import { splitAtLineBreaks } from './split-csv-file.js';

export interface ReadCsvOptions {
  /** One of `,` `;` tab `|` (or any ASCII character); detected from the first 64 KiB when omitted. */
  delimiter?: string;
  signal?: AbortSignal;
  /** Called with the fraction of the file parsed so far, once per chunk. */
  onProgress?: (fraction: number) => void;
  /**
   * Threads to parse with, this one included (2 = this thread and one worker). By default one per idle core, at most 8
   * and with at least 4 MiB each, so files under 8 MiB are read on this thread alone (see `defaultThreads`).
   */
  workers?: number;
  /** False when the file has no header row; the columns are then named `column1`, `column2`, … */
  header?: boolean;
  /**
   * Only these columns (the table keeps file order). The other fields are still read and checked for structure, but get
   * no codes, take no memory and are not checked for UTF-8: a command that needs three columns of a wide file reads it
   * about as fast as a three-column file.
   */
  columns?: readonly string[];
}

/** A thread, once started, should have at least this many bytes to parse; below 8 MiB one thread does it all. */
const BYTES_PER_THREAD = 4 << 20;
/**
 * The main thread's range is this much larger than a worker's, because a worker first takes some tens of milliseconds
 * to start, during which the main thread is already parsing.
 */
const FIRST_RANGE_WEIGHT = 1.15;
/** More threads than this gain little: merging their dictionaries and copying their codes is done on one thread. */
const MAX_THREADS = 8;

/**
 * Reads a CSV file into a table, streaming it from disk in chunks, with worker threads over byte ranges for big files.
 * The result is identical to `parseCsv` on the file's text, line numbers included. Input errors are `TableError`s
 * naming the file and line; a missing or unreadable file is a `TableError` too.
 */
export async function readCsvFile(path: string, options: ReadCsvOptions = {}): Promise<Table> {
  return withCsvFile(path, options.signal, (file) => readOpenFile(file, path, options));
}

/**
 * Opens the file, runs `read` on it and closes it; every input or I/O error comes out as a `TableError` naming the
 * file.
 */
export async function withCsvFile<T>(
  path: string,
  signal: AbortSignal | undefined,
  read: (file: FileHandle) => Promise<T>,
): Promise<T> {
  signal?.throwIfAborted();
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (e) {
    throw new TableError(describeIoError(e), path);
  }
  try {
    return await read(file);
  } catch (e) {
    // A read that fails midway (a disk error, a file on a vanished network share) is an input error too.
    if (!(e instanceof TableError) && typeof (e as NodeJS.ErrnoException)?.code === 'string')
      throw new TableError(describeIoError(e), path);
    throw withSource(e, path);
  } finally {
    await file.close();
  }
}

async function readOpenFile(file: FileHandle, path: string, options: ReadCsvOptions): Promise<Table> {
  const read = await readRanges(file, path, options, false);
  const table = assembleTable(read.parts, {
    names: read.names,
    delimiter: read.delimiter,
    source: path,
    error: read.error,
  });
  options.onProgress?.(1);
  return table;
}

/** The parsed ranges of a file, in file order, with what assembling them needs. */
export interface RangesRead {
  parts: RangePart[];
  names: string[];
  delimiter: string;
  /** The first input error, with its absolute line. */
  error?: { message: string; line: number };
  /** With an error, the line on which the record it stopped in starts. */
  stoppedAt?: number;
}

/**
 * Parses the file's data over byte ranges, on this thread and worker threads, each range with its own dictionaries
 * (and, with `tally`, its own counts of distinct records); the caller merges them.
 */
export async function readRanges(
  file: FileHandle,
  path: string,
  options: ReadCsvOptions,
  tally: boolean,
): Promise<RangesRead> {
  const {
    size,
    delimiter,
    delimiterByte: d,
    fieldCount,
    names: all,
    dataStart,
    dataLine,
  } = await readHeaderRecord(file, path, options);
  const fields = selectFields(all, options.columns, path);
  const names = fields ? fields.map((j) => all[j]) : all;
  if (fieldCount === 0) return { parts: [], names: [], delimiter };

  const progress = progressReporter(size - dataStart, options.onProgress);
  const wanted = options.workers ?? defaultThreads(size - dataStart);
  const threads = wanted > 1 && csvWorkerEntry() ? wanted : 1;
  const task = { path, delimiter: d, fieldCount, fields, tally };
  // The main thread parses the first range itself (in chunks, between which it serves other events) while worker
  // threads parse the others; that hides the time a worker takes to start behind useful work.
  const bounds =
    threads > 1 ? await splitAtLineBreaks(file, dataStart, size, threads, FIRST_RANGE_WEIGHT) : [dataStart, size];
  const parserFor = () => new CsvRecordParser({ delimiter: d, fieldCount, firstLine: 1, fields, tally });
  const mainParser = parserFor();
  const here = parseHere(
    file,
    mainParser,
    { start: bounds[0], end: bounds[1], final: bounds[1] === size, onChunk: progress },
    options.signal,
  );
  const results = await Promise.all([
    here,
    ...bounds
      .slice(2)
      .map((end, k) =>
        runCsvWorker({ ...task, start: bounds[k + 1], end, final: end === size }, progress, options.signal),
      ),
  ]);

  const parts: RangePart[] = [];
  let error: { message: string; line: number } | undefined;
  let stoppedAt: number | undefined;
  let line = dataLine;
  // Where the next range really starts when its split point fell inside a record (a quoted field that spans lines):
  // that range's result is wrong, so parsing goes on from the end of the last good record with one parser, range after
  // range, until a range ends exactly at its split point. The main thread's own parser simply continues (its record
  // is half read already); a worker's range is parsed again only from its last record's start. No byte is parsed more
  // than twice, whatever the record lengths.
  let restart: number | undefined;
  for (let k = 0; k < results.length;) {
    let done = results[k];
    let next = k + 1;
    const continueMain = k === 0 && !done.error && done.endOffset < bounds[1];
    if (continueMain || restart !== undefined) {
      ({ done, next } = await parseOn(
        file,
        continueMain ? mainParser : parserFor(),
        continueMain ? bounds[1] : restart!,
        bounds,
        k + (continueMain ? 1 : 0),
        options.signal,
      ));
    }
    const { range, endOffset, error: failed } = done;
    parts.push({ range, lineShift: line - 1 });
    if (failed) {
      if (failed.internal) throw new Error(`CSV worker failed: ${failed.message}`);
      error = { message: failed.message, line: failed.line + line - 1 };
      stoppedAt = range.endLine + line - 1;
      break;
    }
    line += range.endLine - 1;
    restart = endOffset < bounds[next] ? endOffset : undefined;
    k = next;
  }
  return { parts, names, delimiter, error, stoppedAt };
}

/** Parses one range on this thread with `parser`; the result has the shape of a worker's. */
async function parseHere(
  file: FileHandle,
  parser: CsvRecordParser,
  range: RangeRead,
  signal?: AbortSignal,
): Promise<CsvWorkerDone> {
  try {
    const endOffset = await parseFileRange(file, parser, range, signal);
    return { kind: 'done', range: parser.result(), endOffset };
  } catch (e) {
    if (!(e instanceof TableError)) throw e;
    return {
      kind: 'done',
      range: parser.result(),
      endOffset: -1,
      error: { message: e.message, line: e.line ?? parser.line },
    };
  }
}

/**
 * Feeds `parser` the ranges from `bounds[k]` on, starting at file offset `from`, until one ends exactly at its split
 * point (the next range's result is right from there) or the file ends. Returns the result and the next range's index.
 */
async function parseOn(
  file: FileHandle,
  parser: CsvRecordParser,
  from: number,
  bounds: readonly number[],
  k: number,
  signal?: AbortSignal,
): Promise<{ done: CsvWorkerDone; next: number }> {
  let start = from;
  for (;;) {
    const end = bounds[k + 1];
    const final = k + 2 === bounds.length;
    const done = await parseHere(file, parser, { start, end, final }, signal);
    k++;
    if (done.error || final || done.endOffset >= end) return { done, next: k };
    start = end;
  }
}

/**
 * How many threads to parse `bytes` of data with when the caller does not say: one per idle core, at most 8, and each
 * with at least 4 MiB. Idle cores are the cores minus the load average, plus one for this thread's own share of it:
 * threads beyond the idle cores cannot run in parallel, and the second thread costs CPU of its own (starting a worker,
 * merging dictionaries, copying codes), so on a busy machine one thread finishes first.
 */
export function defaultThreads(bytes: number): number {
  const cores = availableParallelism();
  const idle = Math.round(cores - loadavg()[0] + 1);
  return Math.max(1, Math.min(cores, idle, MAX_THREADS, Math.floor(bytes / BYTES_PER_THREAD)));
}

/** Turns per-chunk byte counts (from any thread) into fractions of the data. */
function progressReporter(total: number, onProgress?: (fraction: number) => void): (bytes: number) => void {
  let done = 0;
  return (bytes) => {
    done += bytes;
    onProgress?.(total > 0 ? Math.min(1, done / total) : 1);
  };
}

function describeIoError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied: cannot read the file';
  if (code === 'EISDIR') return 'cannot read a directory as CSV';
  return `cannot read the file: ${(e as Error)?.message ?? String(e)}`;
}
