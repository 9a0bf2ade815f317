/**
 * DuckDB, embedded: the source for Parquet files, and for CSV files too large to read into memory. Every request of
 * engine/source/data-source.ts runs as the SQL of engine/source/sql/ (dialect `duckdb`), so only its answer — distinct
 * records or per-group figures — comes into privspec's memory; DuckDB streams the file under its own memory limit and
 * spills to a temporary folder beyond it.
 *
 * `@duckdb/node-api` is loaded on first use (a dynamic import), so the commands and the language server that never meet
 * a Parquet file or a large CSV never load its 68 MB native library. A CSV is read with every column as text
 * (`all_varchar`), a blank cell as '' and the delimiter privspec detects, so its cells are the strings the in-memory
 * reader gives.
 */
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { detectDelimiter } from '../../../table/detect-delimiter.js';
import { TableError, type Table } from '../../../table/table.js';
import type { FrequencyTable } from '../../../table/frequency-table.js';
import { canonicalFrequencyTable } from '../../../table/canonical-frequency-table.js';
import { encodeChunks, type EncodedColumns } from './duckdb-chunks.js';
import { codedGroups } from './duckdb-coded-groups.js';
import { globFreePath } from './glob-free-path.js';
import { fileFormat } from '../file-format.js';
import { readCsvHeader } from '../csv/read-csv-header.js';
import type {
  AggregateAnswer,
  AggregateGroup,
  AggregateRequest,
  DataSource,
  FrequencyRequest,
  RowBatch,
} from '../../../source/data-source.js';
import {
  relationText,
  sqlSyntax,
  sqlWriter,
  type SqlRelation,
  type SqlStatement,
  type SqlTarget,
  type SqlWriter,
} from '../../../source/sql/dialect.js';
import { aggregateSql, selectedRowsSql } from '../../../source/sql/aggregate-sql.js';
import { frequencySql } from '../../../source/sql/frequency-sql.js';
import { shuffledRowsSql } from '../../../source/sql/shuffled-rows-sql.js';
import { rowsSql } from '../../../source/sql/rows-sql.js';
import { r2tSql } from '../../../source/sql/r2t-sql.js';
import {
  truncatedSumsFromRows,
  type TruncatedSumsAnswer,
  type TruncatedSumsRequest,
  truncatedSumsColumns,
} from '../../../source/truncated-sums.js';
import type { GeneralizedRows } from '../../../source/generalized-rows.js';
import { copyGeneralized, type CopyFormat, type CopyOutcome } from './duckdb-generalized-copy.js';
import { isOutOfMemory } from './out-of-memory.js';
import { timedPhase, timedPhaseSync } from '../../../core/phase-times.js';

/**
 * DuckDB's memory limit unless PRIVSPEC_DUCKDB_MEMORY says otherwise. DuckDB's own accounting is conservative: with
 * 800 MB the 10^8-row bench (2.56·10^6 groups) peaked at 467 MB resident for the whole process, while 512 MB failed
 * the GROUP BY (DuckDB 1.5 counted 488 MB in use at 630 MB resident). The bench checks the 1 GB target on every run.
 */
const DEFAULT_MEMORY = '800MB';

/**
 * DuckDB's settings: the memory limit, a folder to spill to beyond it (an in-memory database spills nowhere by default
 * and would fail a GROUP BY whose groups outgrow the limit), and every core unless PRIVSPEC_DUCKDB_THREADS says how
 * many threads. Several threads return groups in an order that changes from run to run; the frequency table is put in
 * its one canonical order (canonical-frequency-table.ts), so every figure is the same on any number of threads. Each
 * thread keeps its own partial hash tables, which DuckDB does not all spill: risk over 2.56·10^6 classes of a
 * 2·10^7-row Parquet file peaked at 403 MB resident on one thread and 971 MB on two (DuckDB 1.5), so a machine short
 * of memory sets PRIVSPEC_DUCKDB_THREADS=1.
 */
export function duckdbSettings(spill = join(tmpdir(), `privspec-duckdb-${process.pid}`)): Record<string, string> {
  return {
    memory_limit: process.env.PRIVSPEC_DUCKDB_MEMORY ?? DEFAULT_MEMORY,
    threads: process.env.PRIVSPEC_DUCKDB_THREADS ?? String(availableParallelism()),
    temp_directory: spill,
  };
}

/**
 * DuckDB's package, required rather than imported: the package is CommonJS, and Node's `import()` of it first scans
 * the source of every module it re-exports for their names (cjs-module-lexer), about half a second of a cold process
 * on a shared machine, where `require` only runs them.
 */
function loadDuckDb(): typeof import('@duckdb/node-api') {
  try {
    return createRequire(import.meta.url)('@duckdb/node-api') as typeof import('@duckdb/node-api');
  } catch {
    throw new TableError("reading Parquet or large files needs DuckDB: install it with 'npm install @duckdb/node-api'");
  }
}

/** DuckDB binds every value of a statement it runs ($1, …), the file's path and delimiter included. */
const BOUND: SqlTarget = { dialect: 'duckdb', values: 'bound' };

/**
 * The DuckDB types whose equal values always read alike as text (CAST … AS VARCHAR): integers, decimals (one scale a
 * column), text, booleans, dates and times, UUIDs. A frequency table groups these on the type; any other type is
 * grouped on its text, so that its records are the rows' own cells.
 */
const SAME_TEXT =
  /^(BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|VARCHAR|DECIMAL\(\d+,\s*\d+\)|DATE|TIME|TIMESTAMP|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|UUID)$/;

/**
 * The table-valued function that reads `path` in DuckDB; the path and the delimiter are the statement's values. With
 * the CSV's `header` (its names, read by privspec's reader), the columns are given to DuckDB as text and its sniffer
 * does not run: it read about 20,000 rows at each statement's binding to find what privspec fixes anyway (the
 * delimiter, the quote, every column as text), and on a file of many columns it guessed nothing else that matters.
 */
export function duckdbRelation(path: string, delimiter?: string, header?: readonly string[]): SqlRelation {
  globFreePath(path);
  const columns = header && explicitColumns(header) ? header : undefined;
  return (sql) => {
    if (fileFormat(path) === 'parquet') return `read_parquet(${sql.string(path)})`;
    const delim = delimiter === undefined ? '' : `, delim = ${sql.string(delimiter)}`;
    // The names are identifiers here (struct_pack's fields), quoted as every identifier is.
    const types = columns
      ? `auto_detect = false, columns = struct_pack(${columns.map((c) => `${sql.identifier(c)} := 'VARCHAR'`).join(', ')})`
      : 'all_varchar = true, auto_detect = true';
    // No comment character and no skipped lines: DuckDB's sniffer would otherwise take a '#' that begins a cell for a
    // comment and drop the row (a zip code '#12', a tag '#a'), which privspec's reader keeps.
    return `read_csv(${sql.string(path)}, header = true, quote = '"', escape = '"'${delim}, ${types}, null_padding = false, comment = '', skip = 0)`;
  };
}

/**
 * Whether DuckDB takes a header's names as they are: none empty (DuckDB names an unnamed column itself), none with
 * surrounding spaces, no two alike but for case (DuckDB's names are case-insensitive). Otherwise its sniffer reads the
 * header, and `columns()` refuses the names that would read another column, with the reason.
 */
function explicitColumns(header: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const name of header) {
    const folded = name.toLowerCase();
    if (name === '' || name.trim() !== name || name.includes('\0') || seen.has(folded)) return false;
    seen.add(folded);
  }
  return header.length > 0;
}

/**
 * How many DuckDB sources this process has opened: read only by tests, which count the opens of one run (issue 35:
 * one release opens its source once). The count is kept on the global object because a command loaded on demand
 * (cli/commands/index.ts) may get its own instance of this module under a test's loader.
 */
const OPENS = Symbol.for('privspec.duckdbOpens');

export function duckdbOpenCount(): number {
  return (globalThis as Record<symbol, number | undefined>)[OPENS] ?? 0;
}

export class DuckDbSource implements DataSource {
  private constructor(
    readonly name: string,
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    /** The file as the relation each statement reads, its path bound as a value. */
    private readonly from: SqlRelation,
    /** The CSV's delimiter as DuckDB splits it (given, or detected by privspec); undefined for Parquet. */
    readonly delimiter?: string,
    /** The folder DuckDB spills to: the source's own, readable by its owner only, removed on close. */
    readonly spillFolder?: string,
  ) {}

  /**
   * The frequency tables this source has read, by their columns, each with the file's identity taken before its read.
   * A run reads one twice — the spec's data checks, then the release's decision, over the same columns — and on
   * 5·10^6 Parquet rows each GROUP BY and its 2.2·10^6 groups cost about a sixth of the whole release.
   */
  private readonly frequencyTables = new Map<string, { identity: string; table: Promise<FrequencyTable> }>();

  /**
   * The relation with its path written as a literal, for a statement a user or a test writes around it (`COPY (SELECT
   * * FROM relation) …`, run through `query`); the source's own statements bind the path.
   */
  get relation(): string {
    return relationText(sqlSyntax('duckdb'), this.from);
  }

  /** Opens a CSV or Parquet file; a missing file is a TableError naming it. */
  static async open(path: string, options: { delimiter?: string } = {}): Promise<DuckDbSource> {
    globFreePath(path);
    try {
      if (!(await stat(path)).isFile()) throw new Error('not a file');
    } catch {
      throw new TableError(`file not found: ${path}`, path);
    }
    // privspec's own delimiter detection, so that DuckDB splits a CSV as the in-memory reader does.
    const delimiter = options.delimiter ?? (fileFormat(path) === 'csv' ? await sniffDelimiter(path) : undefined);
    // A header privspec's reader refuses leaves the names to DuckDB's sniffer; columns() then gives the reader's error.
    const header = fileFormat(path) === 'csv' ? await readCsvHeader(path, delimiter).catch(() => undefined) : undefined;
    const { DuckDBInstance } = loadDuckDb();
    // What DuckDB spills is the data itself (a streamed release's sort holds every released column's cells, a bounded
    // aggregate the unit's): a folder of the user's own (mkdtemp makes it 0700), not one other users of the machine
    // can read, as DuckDB would create it (0755, its files 0644).
    const spill = await mkdtemp(join(tmpdir(), 'privspec-duckdb-'));
    try {
      (globalThis as Record<symbol, number>)[OPENS] = duckdbOpenCount() + 1;
      const instance = await DuckDBInstance.create(':memory:', duckdbSettings(spill));
      const connection = await instance.connect();
      const source = new DuckDbSource(
        path,
        instance,
        connection,
        duckdbRelation(path, delimiter, header),
        delimiter,
        spill,
      );
      return source;
    } catch (e) {
      await rm(spill, { recursive: true, force: true });
      throw e;
    }
  }

  /**
   * Runs a statement (its values bound) and returns its rows as arrays of JavaScript values; an error names the source.
   */
  async query(statement: string | SqlStatement): Promise<unknown[][]> {
    const s = typeof statement === 'string' ? { text: statement, params: [] } : statement;
    try {
      const result = await this.connection.runAndReadAll(s.text, s.params.length ? [...s.params] : undefined);
      return result.getRowsJS();
    } catch (e) {
      throw new TableError(`${(e as Error).message.split('\n')[0]}`, this.name);
    }
  }

  /**
   * The column names. DuckDB renames a second column of one name ('a' becomes 'a_1'), where privspec's CSV reader
   * refuses the file: a spec or an option naming 'a' would read the first column and never the second. So the file's
   * own names are checked first, and a duplicate is the CSV reader's one message (file, line and column), for a CSV's
   * header and for a Parquet file's schema alike. DuckDB also trims a CSV header's names and takes names that differ
   * only in case for one ('Age', 'age' become 'Age', 'age_1'; ' a', 'a' become 'a', 'a_1'), so a name the file holds
   * could bind to another column: DuckDB's names must be the file's own, column by column, or the file is refused
   * (a column without a name aside).
   */
  async columns(): Promise<readonly string[]> {
    const own = await this.ownNames();
    const rows = await this.query(this.statement((sql) => `DESCRIBE SELECT * FROM ${relationText(sql, this.from)}`));
    const names = rows.map((r) => String(r[0]));
    for (let j = 0; j < Math.max(own.length, names.length); j++) {
      // A column without a name (a CSV's unnamed index column, ',age,sex') is named 'column0' by DuckDB: no spec or
      // option names it, so it reads no other column.
      if (own[j] === names[j] || (own[j] === '' && names[j] !== undefined && !own.includes(names[j]))) continue;
      const where = fileFormat(this.name) === 'csv' ? 'header' : 'schema';
      throw new TableError(
        `column ${j + 1} '${own[j] ?? ''}' of the ${where} is '${names[j] ?? ''}' to DuckDB, which trims names and takes names that differ only in case for one, so a name could read another column; rename it so that no two names differ only in case or in surrounding spaces`,
        this.name,
        where === 'header' ? 1 : undefined,
        j + 1,
      );
    }
    return names;
  }

  /** The file's own column names, in order; a name given twice is refused. */
  private async ownNames(): Promise<readonly string[]> {
    if (fileFormat(this.name) === 'csv') return readCsvHeader(this.name, this.delimiter);
    // A Parquet schema is its elements depth first: the root, then each field followed by its own children.
    const schema = await this.query(
      this.statement((sql) => `SELECT name, num_children FROM parquet_schema(${sql.string(this.name)})`),
    );
    const names: string[] = [];
    let i = 1;
    const skip = (at: number): number => {
      let next = at + 1;
      for (let c = 0; c < Number(schema[at][1] ?? 0); c++) next = skip(next);
      return next;
    };
    for (let field = 0; field < Number(schema[0]?.[1] ?? 0) && i < schema.length; field++) {
      names.push(String(schema[i][0]));
      i = skip(i);
    }
    const seen = new Map<string, number>();
    names.forEach((name, j) => {
      const first = seen.get(name);
      if (first !== undefined)
        throw new TableError(
          `duplicate column name '${name}' in the schema: columns ${first + 1} and ${j + 1}; rename one of them`,
          this.name,
          undefined,
          j + 1,
        );
      seen.set(name, j);
    });
    return names;
  }

  /**
   * The frequency table. DuckDB groups the rows on the columns' own types where equal values read alike (SAME_TEXT;
   * others on their text) (its plain GROUP BY, which spills within the memory limit), and only the groups are turned
   * into text; DuckDB numbers each column's values and the groups come out as integer codes, sorted, with each
   * dictionary once (duckdb-coded-groups.ts, which also merges the rare records that then read alike, a NULL and an
   * empty string). Nothing but the distinct records, as codes and counts, is held.
   */
  async frequencyTable(request: FrequencyRequest): Promise<FrequencyTable> {
    // A table read before is the answer while the file's identity (device, inode, size, modification and change times,
    // as file-snapshot.ts takes it) is the one taken before that read: the file has not changed since, so the read
    // would give the same records. A streamed release takes its snapshot before it asks, so an earlier read it reuses
    // is covered by that snapshot too. A failed read is not kept.
    const key = JSON.stringify(request.columns);
    const identity = await fileIdentity(this.name);
    const kept = this.frequencyTables.get(key);
    if (kept && identity !== undefined && kept.identity === identity) return kept.table;
    const table = this.readFrequencyTable(request);
    if (identity === undefined) return table;
    this.frequencyTables.set(key, { identity, table });
    table.catch(() => this.frequencyTables.get(key)?.table === table && this.frequencyTables.delete(key));
    return table;
  }

  private async readFrequencyTable(request: FrequencyRequest): Promise<FrequencyTable> {
    await this.checkColumns(request.columns);
    const k = request.columns.length;
    if (k === 0)
      return frequencyTableFromRows([], await this.query(frequencySql(BOUND, request, this.from)), this.name);
    const qs = request.columns.map((_, j) => `q${j}`);
    const types = await this.types();
    const statement = this.statement((sql) => {
      // A type whose equal values may read differently (DOUBLE 0.0 = -0.0, INTERVAL '1 day' = '24 hours', nested
      // values of those) is grouped as text, as the rows are read; the others on the type, faster and reading alike.
      const grouped = (c: string) =>
        SAME_TEXT.test(types.get(c) ?? '') ? sql.identifier(c) : sql.text(sql.identifier(c));
      const inner = `SELECT ${[...qs, 'count(*) AS n'].join(', ')} FROM (SELECT ${request.columns.map((c, j) => `${grouped(c)} AS q${j}`).join(', ')} FROM ${relationText(sql, this.from)}) r GROUP BY ${qs.join(', ')}`;
      // The groups keep their types: duckdb-coded-groups.ts turns each column's distinct values into text.
      return `SELECT ${[...qs, 'CAST(n AS INTEGER) AS n'].join(', ')} FROM (${inner}) g`;
    });
    // The records sorted on the columns taken in the order of their names, as the canonical order takes them.
    const byName = Array.from(request.columns.keys()).sort((a, b) =>
      request.columns[a] < request.columns[b] ? -1 : request.columns[a] > request.columns[b] ? 1 : 0,
    );
    let encoded: EncodedColumns;
    try {
      // Groups have no order, so DuckDB need not keep the file's, which lets its aggregation spill within the limit.
      await this.connection.run('SET preserve_insertion_order = false');
      const groupBy = () =>
        timedPhase('frequency table: GROUP BY and transfer', () => codedGroups(this.connection, statement, k, byName));
      try {
        encoded = await groupBy();
      } catch (e) {
        // Each thread keeps partial hash tables DuckDB does not all spill: risk over 2.56·10^6 classes of 10^8 rows
        // ran out of its 800 MB on two threads and fit on one (peak 945 MB resident). The answer is the same on any
        // number of threads (the table is put in its canonical order below), so the GROUP BY is asked again on one.
        const threads = Number((await this.query("SELECT current_setting('threads')"))[0]?.[0] ?? 1);
        if (!isOutOfMemory(e) || threads <= 1) throw e;
        await this.connection.run('SET threads = 1');
        try {
          encoded = await groupBy();
        } finally {
          await this.connection.run(`SET threads = ${threads}`).catch(() => undefined);
        }
      }
    } catch (e) {
      throw new TableError(`${(e as Error).message.split('\n')[0]}`, this.name);
    } finally {
      await this.connection.run('SET preserve_insertion_order = true').catch(() => undefined);
    }
    const { dictionaries, codes, weights, count, total } = encoded;
    // DuckDB sorted the groups in its own order of the values' bytes; the canonical order is JavaScript's string order
    // (UTF-16 code units), as every other source's table is before a decision (canonical-frequency-table.ts): where
    // the two agree, that is one pass that finds the table in order.
    return timedPhaseSync('frequency table: canonical order', () =>
      // Records that read alike are merged already (duckdb-coded-groups.ts).
      canonicalFrequencyTable({
        columns: request.columns.map((name, j) => ({ name, dictionary: dictionaries[j] })),
        count,
        codes,
        weights: weights!,
        rowCount: total,
        source: this.name,
      }),
    );
  }

  /**
   * The whole table over `names`, dictionary-encoded as the rows stream out of DuckDB in file order: the codes are held
   * (4 bytes a cell), never the rows' text. For the commands that still need rows.
   */
  async table(names: readonly string[]): Promise<Table> {
    await this.checkColumns(names);
    try {
      const statement = rowsSql(BOUND, this.from, names);
      const result = await this.connection.stream(statement.text, [...statement.params]);
      const { dictionaries, codes, count } = await encodeChunks(result, names.length, false);
      return {
        columns: names.map((name, j) => ({ name, dictionary: dictionaries[j], codes: codes[j] })),
        rowCount: count,
        source: this.name,
      };
    } catch (e) {
      throw new TableError(`${(e as Error).message.split('\n')[0]}`, this.name);
    }
  }

  async aggregate(request: AggregateRequest): Promise<AggregateAnswer> {
    await this.checkColumns([
      ...request.groupBy,
      ...(request.clamp ? [request.clamp.column] : []),
      ...(request.bound ? [request.bound.unit, ...request.bound.partitionBy] : []),
      ...(request.where?.keys() ?? []),
    ]);
    const rows = await this.query(aggregateSql(BOUND, request, this.from));
    const selected = await this.query(selectedRowsSql(BOUND, request, this.from));
    return { request, groups: aggregateGroupsFromRows(request, rows), selectedRows: Number(selected[0][0]) };
  }

  /**
   * R2T's truncated sums (r2t-sql.ts) over this file and the file it joins, which DuckDB reads as it reads this one; a
   * database table cannot be joined to a file here.
   */
  async truncatedSums(request: TruncatedSumsRequest): Promise<TruncatedSumsAnswer> {
    const r = request.sql;
    const j = request.joined;
    if (j && j.kind !== 'file')
      throw new TableError(
        `R2T: ${j.engine}:${j.table} cannot be joined to a file read by DuckDB; keep both tables in one place`,
        this.name,
      );
    await this.checkColumns(truncatedSumsColumns(request));
    const joined = j ? duckdbRelation(j.path, j.delimiter) : undefined;
    return truncatedSumsFromRows(request, await this.query(r2tSql(BOUND, r, this.from, joined)));
  }

  async *rows(columns: readonly string[], batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(columns);
    yield* this.batches(rowsSql(BOUND, this.from, columns), columns, batchRows);
  }

  /**
   * A generalization decision's rows written by DuckDB itself into `path` (duckdb-generalized-copy.ts): generalized,
   * suppressed and shuffled in one `COPY (…) TO`, then checked against the decision (its tables, its rows per class).
   * An error names the source.
   */
  async writeGeneralized(plan: GeneralizedRows, key: string, path: string, format: CopyFormat): Promise<CopyOutcome> {
    await this.checkColumns(plan.columns);
    try {
      return await copyGeneralized(this.connection, () => this.instance.connect(), this.from, plan, key, path, format);
    } catch (e) {
      throw e instanceof TableError ? e : new TableError(`${(e as Error).message.split('\n')[0]}`, this.name);
    }
  }

  async *shuffledRows(columns: readonly string[], key: string, batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(columns);
    yield* this.batches(shuffledRowsSql(BOUND, this.from, columns, key), columns, batchRows);
  }

  /** A statement of this source's own, written with its values bound. */
  private statement(write: (sql: SqlWriter) => string): SqlStatement {
    const sql = sqlWriter(BOUND);
    return sql.statement(write(sql));
  }

  private async *batches(
    statement: SqlStatement,
    columns: readonly string[],
    batchRows: number,
  ): AsyncIterable<RowBatch> {
    const result = await this.connection.stream(statement.text, [...statement.params]);
    let batch: string[][] = [];
    for await (const rows of result.yieldRowsJs()) {
      for (const row of rows) {
        // Every column is selected as text (shuffledRowsSql), so a cell is a string or NULL.
        batch.push(row.map((v) => String(v as string | null)));
        if (batch.length >= batchRows) {
          yield { columns, rows: batch };
          batch = [];
        }
      }
    }
    if (batch.length) yield { columns, rows: batch };
  }

  async close(): Promise<void> {
    this.connection.closeSync();
    this.instance.closeSync();
    if (this.spillFolder) await rm(this.spillFolder, { recursive: true, force: true });
  }

  private known?: Promise<readonly string[]>;
  private typesKnown?: Promise<Map<string, string>>;

  /** Each column's DuckDB type (a CSV's are VARCHAR: it is read with all_varchar). */
  private types(): Promise<Map<string, string>> {
    return (this.typesKnown ??= this.query(
      this.statement((sql) => `DESCRIBE SELECT * FROM ${relationText(sql, this.from)}`),
    ).then((rows) => new Map(rows.map((r) => [String(r[0]), String(r[1])]))));
  }

  /** An unknown column is the same one-line error the CSV reader gives. */
  private async checkColumns(names: Iterable<string>): Promise<void> {
    const have = await (this.known ??= this.columns());
    for (const name of names)
      if (!have.includes(name))
        throw new TableError(`no column '${name}' in ${this.name} (columns: ${have.join(', ')})`);
  }
}

/** The delimiter privspec detects from the first 64 KiB of a CSV. */
async function sniffDelimiter(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(1 << 16);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return detectDelimiter(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/** A frequency table from the answer of frequency-sql.ts (c0, c1, …, n), dictionaries in order of first appearance. */
export function frequencyTableFromRows(
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  source: string,
): FrequencyTable {
  const dicts = columns.map(() => ({ index: new Map<string, number>(), values: [] as string[] }));
  const codes = columns.map(() => new Int32Array(rows.length));
  const weights = new Int32Array(rows.length);
  let total = 0;
  rows.forEach((row, t) => {
    columns.forEach((_, j) => {
      const v = String(row[j]);
      const d = dicts[j];
      let code = d.index.get(v);
      if (code === undefined) d.index.set(v, (code = d.values.push(v) - 1));
      codes[j][t] = code;
    });
    const n = Number(row[columns.length]);
    weights[t] = n;
    total += n;
  });
  return {
    columns: columns.map((name, j) => ({ name, dictionary: dicts[j].values })),
    count: rows.length,
    codes,
    weights,
    rowCount: total,
    source,
  };
}

/** Groups from the answer of aggregate-sql.ts (g0, …, [v], n). */
export function aggregateGroupsFromRows(
  request: AggregateRequest,
  rows: readonly (readonly unknown[])[],
): AggregateGroup[] {
  const k = request.groupBy.length;
  return rows.map((row) => ({
    key: row.slice(0, k).map((v) => String(v)),
    ...(request.clamp ? { value: Number(row[k]) } : {}),
    rows: Number(row[request.clamp ? k + 1 : k]),
  }));
}

/** A file's identity as file-snapshot.ts takes it; undefined when it cannot be read (the read then says why). */
async function fileIdentity(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return undefined;
  }
}
