/**
 * A data source that is a table in a database server (PostgreSQL, ClickHouse): every request of
 * engine/source/data-source.ts is sent as the SQL of engine/source/sql/ in the server's dialect, and only the answer —
 * distinct records with their counts, or per-group figures — comes back. The server's client (node-postgres, the
 * official ClickHouse client) is behind `SqlConnection`, so the two servers share everything but the transport. Each
 * statement carries its values apart from its text (engine/source/sql/dialect.ts), bound by the client where the server
 * can.
 *
 * The table is named in the spec (`postgres table "schema.t"`) or on the command line (`--source postgres:schema.t`);
 * where the server is and who connects come from the environment only, so no spec, report or ledger holds them.
 */
import { TableError } from '../../table/table.js';
import type { FrequencyTable } from '../../table/frequency-table.js';
import type {
  AggregateAnswer,
  AggregateRequest,
  DataSource,
  FrequencyRequest,
  RowBatch,
} from '../../source/data-source.js';
import {
  tableName,
  type Dialect,
  type SqlStatement,
  type SqlTarget,
  type ValueMode,
} from '../../source/sql/dialect.js';
import { aggregateSql, selectedRowsSql } from '../../source/sql/aggregate-sql.js';
import { frequencySql } from '../../source/sql/frequency-sql.js';
import { shuffledRowsSql } from '../../source/sql/shuffled-rows-sql.js';
import { columnsSql, rowsSql } from '../../source/sql/rows-sql.js';
import { generalizedRowsSql } from '../../source/sql/generalized-rows-sql.js';
import type { GeneralizedRows } from '../../source/generalized-rows.js';
import { r2tSql } from '../../source/sql/r2t-sql.js';
import {
  truncatedSumsFromRows,
  type TruncatedSumsAnswer,
  type TruncatedSumsRequest,
  truncatedSumsColumns,
} from '../../source/truncated-sums.js';
import { aggregateGroupsFromRows, frequencyTableFromRows } from './duckdb/duckdb-source.js';

/**
 * What a server's client offers: one statement's rows, a statement's rows in batches, and closing. Every statement
 * carries its values apart from its text (`params`), which the client binds; `values` says whether the server can
 * (PostgreSQL always; ClickHouse since its query parameters) or the statements must write them inline instead.
 */
export interface SqlConnection {
  readonly values: ValueMode;
  query(statement: SqlStatement): Promise<{ columns: string[]; rows: (string | null)[][] }>;
  batches(statement: SqlStatement, batchRows: number): AsyncIterable<(string | null)[][]>;
  close(): Promise<void>;
  /**
   * Starts one read-only snapshot that every later query and row stream of this connection reads (PostgreSQL:
   * a REPEATABLE READ transaction); absent where the server has none (ClickHouse).
   */
  snapshot?(): Promise<void>;
}

export class SqlServerSource implements DataSource {
  private known?: Promise<readonly string[]>;
  private readonly target: SqlTarget;
  /** The table's name as the dialect quotes it (schema.table, each part quoted). */
  readonly relation: string;

  constructor(
    readonly name: string,
    dialect: Dialect,
    table: string,
    private readonly connection: SqlConnection,
  ) {
    this.target = { dialect, values: connection.values };
    try {
      this.relation = tableName(dialect, table);
    } catch (error) {
      throw this.failure(error);
    }
  }

  async columns(): Promise<readonly string[]> {
    return (this.known ??= this.run(() => columnsSql(this.target, this.relation)).then((r) => r.columns));
  }

  async frequencyTable(request: FrequencyRequest): Promise<FrequencyTable> {
    await this.checkColumns(request.columns);
    const { rows } = await this.run(() => frequencySql(this.target, request, this.relation));
    return frequencyTableFromRows(request.columns, rows, this.name);
  }

  async aggregate(request: AggregateRequest): Promise<AggregateAnswer> {
    const b = request.bound;
    await this.checkColumns([
      ...request.groupBy,
      ...(request.clamp ? [request.clamp.column] : []),
      ...(b ? [b.unit, ...b.partitionBy] : []),
      ...(request.where?.keys() ?? []),
    ]);
    const { rows } = await this.run(() => aggregateSql(this.target, request, this.relation));
    const selected = await this.run(() => selectedRowsSql(this.target, request, this.relation));
    return { request, groups: aggregateGroupsFromRows(request, rows), selectedRows: Number(selected.rows[0][0]) };
  }

  /**
   * R2T's truncated sums (r2t-sql.ts) over this table and the table it joins, which must be in the same server (the
   * connection's): a join across servers or with a file is refused in one line.
   */
  async truncatedSums(request: TruncatedSumsRequest): Promise<TruncatedSumsAnswer> {
    const r = request.sql;
    const j = request.joined;
    if (j && (j.kind !== 'table' || j.engine !== this.target.dialect))
      throw new TableError(
        `R2T: ${j.kind === 'file' ? j.path : `${j.engine}:${j.table}`} cannot be joined to ${this.name} in its server; keep both tables in one server`,
        this.name,
      );
    await this.checkColumns(truncatedSumsColumns(request));
    const joined = j?.kind === 'table' ? this.tableRelation(j.table) : undefined;
    const { rows } = await this.run(() => r2tSql(this.target, r, this.relation, joined));
    return truncatedSumsFromRows(request, rows);
  }

  /** Another table of the server, named as the dialect quotes it; a name it refuses is one line. */
  private tableRelation(table: string): string {
    try {
      return tableName(this.target.dialect, table);
    } catch (error) {
      throw this.failure(error);
    }
  }

  async *rows(columns: readonly string[], batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(columns);
    yield* this.stream(() => rowsSql(this.target, this.relation, columns), columns, batchRows);
  }

  /**
   * The rows in the keyed random order the server computes (shuffled-rows-sql.ts): PostgreSQL numbers them with
   * ROW_NUMBER(); ClickHouse, which has no window functions before 21.1, with its own per-shard numbering and a per-row
   * draw. The server sorts; privspec reads batches.
   */
  async *shuffledRows(columns: readonly string[], key: string, batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(columns);
    yield* this.stream(() => shuffledRowsSql(this.target, this.relation, columns, key), columns, batchRows);
  }

  /**
   * A generalization decision's rows generalized, suppressed and shuffled by the server in one statement
   * (generalized-rows-sql.ts), read in batches; privspec formats them. PostgreSQL's `COPY … TO STDOUT` would need
   * pg-copy-streams, which privspec does not depend on: the rows come through the cursor at large batches instead.
   */
  async *generalizedRows(plan: GeneralizedRows, key: string, batchRows = 65536): AsyncIterable<RowBatch> {
    await this.checkColumns(plan.columns);
    yield* this.stream(() => generalizedRowsSql(this.target, this.relation, plan, key), plan.columns, batchRows);
  }

  private async *stream(
    statement: () => SqlStatement,
    columns: readonly string[],
    batchRows: number,
  ): AsyncIterable<RowBatch> {
    try {
      for await (const rows of this.connection.batches(statement(), batchRows)) {
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
    this.pinned = true;
    return true;
  }

  /** Whether every query since `pinSnapshot` reads one snapshot of the table (PostgreSQL; ClickHouse has none). */
  get inSnapshot(): boolean {
    return this.pinned;
  }

  private pinned = false;

  /** Builds a statement and runs it; a name the dialect refuses is reported as the server's errors are. */
  private async run(statement: () => SqlStatement): Promise<{ columns: string[]; rows: (string | null)[][] }> {
    try {
      return await this.connection.query(statement());
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** A server's error as the one-line TableError every source gives; its `file` names the table (`postgres:s.t`). */
  private failure(error: unknown): TableError {
    if (error instanceof TableError && error.file !== undefined) return error;
    return new TableError((error as Error).message.split('\n')[0], this.name);
  }

  /** An unknown column is the same one-line error the CSV reader gives. */
  private async checkColumns(names: Iterable<string>): Promise<void> {
    const have = await this.columns();
    for (const name of names)
      if (!have.includes(name))
        throw new TableError(`no column '${name}' in ${this.name} (columns: ${have.join(', ')})`);
  }
}
