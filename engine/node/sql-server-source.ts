/**
 * A data source that is a table in a database server (PostgreSQL, ClickHouse): every request of
 * engine/source/data-source.ts is sent as the SQL of engine/source/sql/ in the server's dialect, and only the answer —
 * distinct records with their counts, or per-group figures — comes back. The server's own client (a wire protocol, an
 * HTTP interface) is behind `SqlConnection`, so the two servers share everything but the transport.
 *
 * The table is named in the spec (`postgres table "schema.t"`) or on the command line (`--source postgres:schema.t`);
 * where the server is and who connects come from the environment only, so no spec, report or ledger holds them.
 */
import { TableError } from '../table/table.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import type { AggregateAnswer, AggregateRequest, DataSource, FrequencyRequest, RowBatch } from '../source/data-source.js';
import { sqlSyntax, type Dialect } from '../source/sql/dialect.js';
import { aggregateSql } from '../source/sql/aggregate-sql.js';
import { frequencySql } from '../source/sql/frequency-sql.js';
import { whereSql } from '../source/sql/where-sql.js';
import { clickHouseShuffledRowsSql, shuffledRowsSql } from '../source/sql/shuffled-rows-sql.js';
import { aggregateGroupsFromRows, frequencyTableFromRows } from './duckdb-source.js';

/** What a server's client offers: one query's rows, a query's rows in batches, and closing. */
export interface SqlConnection {
  query(sql: string): Promise<{ columns: string[]; rows: (string | null)[][] }>;
  batches(sql: string, batchRows: number): AsyncIterable<(string | null)[][]>;
  close(): Promise<void>;
  /**
   * Starts one read-only snapshot that every later query and row stream of this connection reads (PostgreSQL:
   * a REPEATABLE READ transaction); absent where the server has none (ClickHouse).
   */
  snapshot?(): Promise<void>;
}

/**
 * A table name as the spec writes it, `schema.table` or `table`, quoted for the dialect part by part. Quoting makes
 * any name safe to splice into SQL; a name with more than one dot, or an empty part, is refused.
 */
export function tableRelation(dialect: Dialect, name: string): string {
  const parts = name.split('.');
  if (parts.length > 2 || parts.some((p) => p === '')) throw new TableError(`"${name}" is not a table name: write "schema.table" or "table"`);
  const sql = sqlSyntax(dialect);
  return parts.map((p) => sql.identifier(p)).join('.');
}

export class SqlServerSource implements DataSource {
  private known?: Promise<readonly string[]>;
  private readonly sql;
  readonly relation: string;

  constructor(readonly name: string, dialect: Dialect, table: string, private readonly connection: SqlConnection) {
    this.sql = sqlSyntax(dialect);
    this.relation = tableRelation(dialect, table);
  }

  async columns(): Promise<readonly string[]> {
    return (this.known ??= this.run(`SELECT * FROM ${this.relation} LIMIT 0`).then((r) => r.columns));
  }

  async frequencyTable(request: FrequencyRequest): Promise<FrequencyTable> {
    await this.checkColumns(request.columns);
    const { rows } = await this.run(frequencySql(this.sql, request, this.relation));
    return frequencyTableFromRows(request.columns, rows, this.name);
  }

  async aggregate(request: AggregateRequest): Promise<AggregateAnswer> {
    const b = request.bound;
    await this.checkColumns([...request.groupBy, ...(request.clamp ? [request.clamp.column] : []), ...(b ? [b.unit, ...b.partitionBy] : []), ...(request.where?.keys() ?? [])]);
    const { rows } = await this.run(aggregateSql(this.sql, request, this.relation));
    const where = whereSql(this.sql, request.where);
    const selected = await this.run(`SELECT count(*) AS n FROM ${this.relation}${where ? ` WHERE ${where}` : ''}`);
    return { request, groups: aggregateGroupsFromRows(request, rows), selectedRows: Number(selected.rows[0][0]) };
  }

  async *rows(columns: readonly string[], batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(columns);
    const list = columns.map((c) => this.sql.text(this.sql.identifier(c))).join(', ');
    yield* this.stream(`SELECT ${list} FROM ${this.relation}`, columns, batchRows);
  }

  /**
   * The rows in the keyed random order the server computes (shuffled-rows-sql.ts): PostgreSQL numbers them with
   * ROW_NUMBER(); ClickHouse, which has no window functions before 21.1, with its own per-shard numbering and a per-row
   * draw. The server sorts; privspec reads batches.
   */
  async *shuffledRows(columns: readonly string[], key: string, batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(columns);
    const text = this.sql.dialect === 'clickhouse' ? clickHouseShuffledRowsSql(this.sql, this.relation, columns, key) : shuffledRowsSql(this.sql, this.relation, columns, key);
    yield* this.stream(text, columns, batchRows);
  }

  private async *stream(text: string, columns: readonly string[], batchRows: number): AsyncIterable<RowBatch> {
    try {
      for await (const rows of this.connection.batches(text, batchRows)) {
        yield { columns, rows: rows.map((r) => (columns.length === 0 ? [] : r.map((v) => v ?? ''))) };
      }
    } catch (error) {
      throw this.failure(error);
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  /**
   * Pins the data a streamed release reads: its frequency tables and its rows then come from one snapshot of the table
   * (PostgreSQL), so a write in between cannot change the rows under the decision. Returns whether the server has
   * one; without it the per-class check of the streamed file catches a change (streamed-release-files.ts).
   */
  async pinSnapshot(): Promise<boolean> {
    if (!this.connection.snapshot) return false;
    try {
      await this.connection.snapshot();
    } catch (error) {
      throw this.failure(error);
    }
    return true;
  }

  private async run(text: string): Promise<{ columns: string[]; rows: (string | null)[][] }> {
    try {
      return await this.connection.query(text);
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** A server's error as the one-line TableError every source gives; its `file` names the table (`postgres:s.t`). */
  private failure(error: unknown): TableError {
    return error instanceof TableError ? error : new TableError((error as Error).message.split('\n')[0], this.name);
  }

  /** An unknown column is the same one-line error the CSV reader gives. */
  private async checkColumns(names: Iterable<string>): Promise<void> {
    const have = await this.columns();
    for (const name of names) if (!have.includes(name)) throw new TableError(`no column '${name}' in ${this.name} (columns: ${have.join(', ')})`);
  }
}
