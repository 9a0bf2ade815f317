import { statSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { detectDelimiter } from '../../../table/detect-delimiter.js';
import { parseCsv } from '../../../table/parse-csv.js';
import type { Table } from '../../../table/table.js';
import type { FrequencyTable } from '../../../table/frequency-table.js';
import { fileFormat } from '../file-format.js';
import { DUCKDB_ABOVE_BYTES, readFrequencies, readTable } from '../open-source.js';
import { readCsvFile } from './read-csv-file.js';
import { databaseLocation } from '../database-location.js';
import { lendingSource, openDataSource, withOpenedSource, type OpenDataSource } from '../open-data-source.js';
import { blankUnitsAt } from '../blank-units-at.js';
import type { BlankUnits } from '../../../anonymity/blank-units.js';

/** The first record of a CSV file and the delimiter it uses. */
export interface CsvHeader {
  readonly header: readonly string[];
  readonly delimiter: string;
}

/** Why a file could not be read, in words a diagnostic can show. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly reason: 'missing' | 'unreadable' | 'malformed',
    readonly line?: number,
  ) {
    super(message);
    this.name = 'CsvFileError';
  }
}

interface Entry<T> {
  readonly stamp: string;
  readonly value: Promise<T>;
}

const HEADER_BYTES = 64 * 1024;
const STAT_MS = 250;
const DATABASE_MS = 30_000;
/** Lists of columns whose frequency tables are kept per dataset (the checks' list and a few previews'). */
const FREQUENCY_LISTS = 6;

/**
 * Reads the CSV files a spec names, once per modification: headers for column checks and completion, whole tables
 * for the checks that scan data. Entries are keyed by path and stamped with (mtime, size), so an edit to the CSV is
 * seen at the next validation while unchanged files cost one `stat`.
 *
 * Table reads are shared between validations and are not aborted when one validation is cancelled: the next
 * validation, which follows the edit that cancelled this one, almost always needs the same table.
 */
export class CsvStore {
  private readonly headers = new Map<string, Entry<CsvHeader>>();
  private readonly tables = new Map<string, Entry<Table>>();
  private readonly texts = new Map<string, Entry<string>>();
  private readonly frequencyTables = new Map<string, Entry<FrequencyTable>>();
  private readonly blanks = new Map<string, Entry<BlankUnits>>();
  /**
   * Runs `body` with its reads of `path` at its source (a header, a frequency table, a blank-unit count, a table)
   * going through `open`: a release lends its one source to the spec's data checks (engine/host/run/run-spec.ts).
   * The lending is open-data-source.ts's, seen only by the run's own asynchronous calls: an editor validation running
   * at the same time opens its own, and never sends a request to the run's source while the run reads it.
   */
  lending<T>(path: string, open: OpenDataSource, body: () => Promise<T>): Promise<T> {
    return lendingSource(path, open, body);
  }

  /** Whether the file exists; a directory or an unreadable path counts as missing. */
  async exists(path: string): Promise<boolean> {
    try {
      await this.stamp(path);
      return true;
    } catch {
      return false;
    }
  }

  async header(path: string, delimiter?: string): Promise<CsvHeader> {
    const stamp = `${await this.stamp(path)}|${delimiter ?? ''}`;
    const cached = this.headers.get(path);
    if (cached && cached.stamp === stamp) return cached.value;
    const value = databaseLocation(path)
      ? databaseHeader(path, openDataSource)
      : fileFormat(path) === 'parquet'
        ? parquetHeader(path, openDataSource)
        : readHeader(path, delimiter);
    this.headers.set(path, { stamp, value });
    value.catch(() => this.headers.get(path)?.value === value && this.headers.delete(path));
    return value;
  }

  async table(path: string, delimiter?: string): Promise<Table> {
    const stamp = `${await this.stamp(path)}|${delimiter ?? ''}`;
    const cached = this.tables.get(path);
    if (cached && cached.stamp === stamp) return cached.value;
    // A Parquet file or a database table is read through its source (engine/host/sources/open-source.ts); a CSV by the
    // engine's own reader.
    const open = openDataSource;
    const value = databaseLocation(path)
      ? readTable(path, { open })
      : fileFormat(path) === 'parquet'
        ? readTable(path, { open }).catch(asFileError)
        : readCsvFile(path, { delimiter: delimiter ?? (await this.header(path)).delimiter });
    this.tables.set(path, { stamp, value });
    // A failed read is not cached beyond its own round: the user will fix the file and expect a fresh look.
    value.catch(() => this.tables.get(path)?.value === value && this.tables.delete(path));
    return value;
  }

  /**
   * The frequency table over `columns` of a Parquet file or a database table: the source groups its rows where they lie
   * (DuckDB, PostgreSQL, ClickHouse) and only the distinct records with their counts come back, which is all the
   * spec's data checks and the previews read. Cached like the tables, per list of columns.
   */
  async frequencies(path: string, columns: readonly string[], delimiter?: string): Promise<FrequencyTable> {
    const stamp = await this.stamp(path);
    const key = JSON.stringify([path, columns, delimiter ?? '']);
    const cached = this.frequencyTables.get(key);
    if (cached && cached.stamp === stamp) {
      // Most recently used last: the oldest list of a dataset is the one dropped.
      this.frequencyTables.delete(key);
      this.frequencyTables.set(key, cached);
      return cached.value;
    }
    const options = { ...(delimiter === undefined ? {} : { delimiter }), open: openDataSource };
    const value = databaseLocation(path)
      ? readFrequencies(path, columns, options)
      : readFrequencies(path, columns, options).catch(asFileError);
    // A few lists of columns per dataset are kept: the spec's checks ask for one, each previewed release for its own,
    // and an edit changes them; the least recently used beyond FREQUENCY_LISTS is dropped.
    const mine = [...this.frequencyTables.keys()].filter((k) => (JSON.parse(k) as unknown[])[0] === path);
    for (const k of mine.slice(0, Math.max(0, mine.length - FREQUENCY_LISTS + 1))) this.frequencyTables.delete(k);
    this.frequencyTables.set(key, { stamp, value });
    value.catch(() => this.frequencyTables.get(key)?.value === value && this.frequencyTables.delete(key));
    return value;
  }

  /**
   * The rows of a dataset read at its source whose `unit` is blank: one count the source answers
   * (blank-units-check.ts), as the release asks it before its first aggregate, so that check and the preview refuse
   * what the release refuses.
   */
  async blankUnits(path: string, unit: string, delimiter?: string): Promise<BlankUnits> {
    const stamp = await this.stamp(path);
    const key = JSON.stringify([path, unit, delimiter ?? '']);
    const cached = this.blanks.get(key);
    if (cached && cached.stamp === stamp) return cached.value;
    const value = blankUnitsAt(path, unit, {
      ...(delimiter === undefined ? {} : { delimiter }),
      engine: 'duckdb',
      open: openDataSource,
    });
    this.blanks.set(key, { stamp, value });
    value.catch(() => this.blanks.get(key)?.value === value && this.blanks.delete(key));
    return value;
  }

  /** The whole text of a small file (a hierarchy), cached like the tables. */
  async text(path: string): Promise<string> {
    const stamp = await this.stamp(path);
    const cached = this.texts.get(path);
    if (cached && cached.stamp === stamp) return cached.value;
    const value = readFile(path, 'utf8');
    this.texts.set(path, { stamp, value });
    value.catch(() => this.texts.get(path)?.value === value && this.texts.delete(path));
    return value;
  }

  /**
   * What identifies the file's content as the store sees it: (mtime, size) for a file, a time window for a database
   * table. Results computed from the file can be kept under it (language/data-check-cache.ts).
   */
  identity(path: string): Promise<string> {
    return this.stamp(path);
  }

  /** The table if it is already read and current, without waiting for a read; for hover and completion. */
  async peekTable(path: string): Promise<Table | undefined> {
    const cached = this.tables.get(path);
    if (!cached) return undefined;
    try {
      if (cached.stamp.split('|')[0] !== (await this.stamp(path))) return undefined;
      return await Promise.race([cached.value, new Promise<undefined>((r) => setTimeout(() => r(undefined), 0))]);
    } catch {
      return undefined;
    }
  }

  private readonly stamps = new Map<string, { at: number; value: Promise<string> }>();

  /**
   * (mtime, size) of a file. One validation asks several times (existence, header, table); a stat younger than
   * STAT_MS is reused, which keeps a burst of validations to one system call while an edit to the file is still seen
   * within a fraction of a second.
   */
  private stamp(path: string): Promise<string> {
    const now = Date.now();
    const cached = this.stamps.get(path);
    if (cached && now - cached.at < STAT_MS) return cached.value;
    const value = this.statStamp(path);
    this.stamps.set(path, { at: now, value });
    return value;
  }

  private async statStamp(path: string): Promise<string> {
    // A database table has no modification time to ask for: what was read is reused for DATABASE_MS, then read again.
    if (databaseLocation(path)) return `db:${Math.floor(Date.now() / DATABASE_MS)}`;
    try {
      const s = await stat(path);
      if (!s.isFile()) throw new CsvFileError(`${path} is a directory, expected a CSV file`, 'unreadable');
      return `${s.mtimeMs}:${s.size}`;
    } catch (e) {
      if (e instanceof CsvFileError) throw e;
      throw new CsvFileError(`file not found: ${path}`, 'missing');
    }
  }
}

/**
 * Whether a dataset is read at its source (a Parquet file, a database table, a CSV above the size at which the CLI
 * hands it to DuckDB: open-source.ts) rather than as a CSV in memory. The editor follows the CLI's rule, so that a spec
 * over a CSV too large to hold is checked and previewed on aggregates, as `privspec release` runs it.
 */
export function readsAtSource(path: string): boolean {
  if (databaseLocation(path) !== undefined || fileFormat(path) === 'parquet') return true;
  try {
    return statSync(path).size > DUCKDB_ABOVE_BYTES;
  } catch {
    // A missing file is reported by the CSV reader in its own words.
    return false;
  }
}

/** A database table's column names (`postgres:schema.t`, `clickhouse:db.t`): the server's, not a file's. */
async function databaseHeader(path: string, open: OpenDataSource): Promise<CsvHeader> {
  const opening: OpenDataSource = (p, o) =>
    open(p, o).catch((e: Error) => {
      throw new CsvFileError(e.message, 'unreadable');
    });
  return withOpenedSource(opening, path, {}, async (source) => ({ header: await source.columns(), delimiter: ',' }));
}

/** A Parquet file's column names, from its schema (DuckDB reads the footer, not the rows). */
async function parquetHeader(path: string, open: OpenDataSource): Promise<CsvHeader> {
  const opening: OpenDataSource = (p, o) => open(p, o).catch(asFileError);
  return withOpenedSource(opening, path, {}, async (source) => ({
    header: await source.columns().catch(asFileError),
    delimiter: ',',
  }));
}

/** A DuckDB failure on a Parquet file, in the store's words (a corrupt file is malformed, not a crash). */
function asFileError(e: unknown): never {
  throw new CsvFileError((e as Error).message, 'malformed');
}

/** Reads only the first record: enough to check column names without scanning the file. */
async function readHeader(path: string, delimiter?: string): Promise<CsvHeader> {
  const handle = await open(path, 'r').catch(() => {
    throw new CsvFileError(`cannot open ${path}`, 'unreadable');
  });
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const line = firstRecord(text);
    if (line.trim() === '') throw new CsvFileError(`${path} is empty: expected a header line`, 'malformed', 1);
    const d = delimiter ?? detectDelimiter(text);
    // The engine's own parser reads the header, so names compare exactly as the table will have them (no trimming).
    try {
      return { header: parseCsv(`${line}\n`, { delimiter: d, source: path }).columns.map((c) => c.name), delimiter: d };
    } catch (e) {
      throw new CsvFileError((e as Error).message, 'malformed', 1);
    }
  } finally {
    await handle.close();
  }
}

/** The text up to the first line break that is not inside quotes. */
function firstRecord(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) return text.slice(0, i);
  }
  return text;
}
