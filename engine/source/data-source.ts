/**
 * Where the data lives: the one interface between privspec's privacy math and whatever holds the rows — the in-memory
 * table of a CSV, DuckDB over CSV or Parquet, PostgreSQL, ClickHouse, or a warehouse that ran the SQL of
 * `privspec plan`. Nothing but aggregates crosses it for risk, the anonymity search and the DP releases: a frequency
 * table (distinct records with their row counts) or the exact per-group figures a release adds its noise to. Microdata
 * outputs (generalized, PRAM'd) ask for their rows as a stream of batches, never held whole.
 *
 * Everything here is plain data, so a request can be printed as SQL (engine/source/sql/), sent to a server, or answered
 * from files the user brings back (`privspec release --aggregates`). Noise is never added by a source: it is always
 * added by privspec, after the answer arrives.
 */
import type { FrequencyTable } from '../table/frequency-table.js';
import type { Box } from './box.js';
import type { GeneralizedRows } from './generalized-rows.js';
import type { TruncatedSumsAnswer, TruncatedSumsRequest } from './truncated-sums.js';

/** The distinct records over `columns` with their row counts (`SELECT columns…, count(*) … GROUP BY columns…`). */
export interface FrequencyRequest {
  /**
   * The columns to group by, in this order. To count k in units, or to read a sensitive column, list the unit or the
   * sensitive column here too (frequency-table.ts says why that keeps distinct units per class exact).
   */
  readonly columns: readonly string[];
}

/**
 * Per-unit contribution bounding (Wilson et al., PoPETs 2020): each unit keeps at most `maxPartitions` of the
 * partitions it appears in and at most `maxRowsPerPartition` rows in each. Which ones it keeps is decided by a keyed
 * hash of the engine's secret seed (engine/source/keyed-order.ts), so that every source, and the SQL of every dialect,
 * keeps the same rows for the same seed.
 */
export interface UnitBound {
  readonly unit: string;
  /** Partition columns (a release's `by`); none: one partition. */
  readonly partitionBy: readonly string[];
  readonly maxPartitions: number;
  readonly maxRowsPerPartition: number;
  /** 32 hexadecimal digits from the secure generator (or a test's seed): the key of the hash that orders rows. */
  readonly seed: string;
}

/** A numeric column clamped to [low, high]: blank or non-numeric cells count as `low` (as exact-sum.ts does). */
export interface Clamp {
  readonly column: string;
  readonly low: number;
  readonly high: number;
}

/**
 * The exact figures one DP release needs, after selection and bounding and before noise:
 *   rows inside `where` → each unit's contributions bounded → grouped by `groupBy` (raw values, as text) and, when
 *   `clamp` is given, by the clamped value → the number of rows in each group.
 * A count reads the tallies; a sum or mean adds clamped value × rows exactly on the fixed-point grid in privspec (a
 * floating SUM in a database depends on the order of additions, which differs between runs and shards); a mode groups
 * by its column; a grid by its two coordinates. Values outside a release's declared domain are returned like any other
 * and dropped by privspec, which knows the domain — so the answer never depends on the domain's encoding in SQL.
 */
export interface AggregateRequest {
  /** A name unique in a plan: the file the warehouse writes its answer to is `<id>.csv` or `<id>.parquet`. */
  readonly id: string;
  readonly where?: Box;
  readonly bound?: UnitBound;
  /** The group columns; with `grid`, exactly its x and y columns, and the groups are its cells. */
  readonly groupBy: readonly string[];
  readonly clamp?: Clamp;
  readonly grid?: GridCells;
}

/**
 * A grid's cells: groups are (column, row) of the cell each point falls in, by the rule of engine/wavelet/bin-points.ts
 * (IEEE double arithmetic, which every dialect follows), and (-1, -1) for a point outside the bounds or without a
 * number. So only the size × size counts cross, never the points.
 */
export interface GridCells {
  readonly x: string;
  readonly y: string;
  readonly xMin: number;
  readonly xMax: number;
  readonly yMin: number;
  readonly yMax: number;
  readonly size: number;
}

/** One group of an aggregate's answer. */
export interface AggregateGroup {
  /** The `groupBy` values as text (a blank cell is ''). */
  readonly key: readonly string[];
  /** The clamped value, when the request clamps (a number in [low, high]). */
  readonly value?: number;
  /** Rows in the group after bounding. */
  readonly rows: number;
}

export interface AggregateAnswer {
  readonly request: AggregateRequest;
  /** In no particular order: consumers look groups up by key. */
  readonly groups: readonly AggregateGroup[];
  /** Rows inside `where` before bounding (a local diagnostic: "bounding dropped N rows"; never released). */
  readonly selectedRows?: number;
}

/** A batch of rows in the order the source reads them; a microdata writer transforms and shuffles it. */
export interface RowBatch {
  readonly columns: readonly string[];
  /** `rows[i][j]`: row i's value of `columns[j]`, as text. */
  readonly rows: readonly (readonly string[])[];
}

/** A source of data for privspec. Every method reads only the columns it names. */
export interface DataSource {
  /** What the data is, for messages and the ledger: a path, `postgres:schema.t`, `clickhouse:db.t`. */
  readonly name: string;
  /** The column names, in the source's order. */
  columns(): Promise<readonly string[]>;
  frequencyTable(request: FrequencyRequest): Promise<FrequencyTable>;
  aggregate(request: AggregateRequest): Promise<AggregateAnswer>;
  /** The rows over `columns`, in batches of at most `batchRows`; never the whole table at once. */
  rows(columns: readonly string[], batchRows?: number): AsyncIterable<RowBatch>;
  /**
   * The same rows in a keyed pseudo-random order the source computes itself (engine/source/sql/shuffled-rows-sql.ts),
   * so that a microdata writer can shuffle a table it never holds; `key` is 32 hexadecimal digits, fresh per run.
   * Absent: the source cannot shuffle, and its microdata is written from rows held in memory.
   */
  shuffledRows?(columns: readonly string[], key: string, batchRows?: number): AsyncIterable<RowBatch>;
  /**
   * The rows of a generalization decision (generalized-rows.ts) generalized, suppressed and shuffled by the source in
   * one statement (sql/generalized-rows-sql.ts), as text in the file's order; privspec only formats them. Absent: the
   * source's rows are generalized by privspec (`shuffledRows` and the row transform).
   */
  generalizedRows?(plan: GeneralizedRows, key: string, batchRows?: number): AsyncIterable<RowBatch>;
  /**
   * A release's truncated sums (truncated-sums.ts: R2T's Σ_u min(c_u, τ) per group and threshold), computed by the
   * source in one statement over its table and the dataset it joins. Absent: the source cannot join, and the release
   * reads the tables into memory.
   */
  truncatedSums?(request: TruncatedSumsRequest): Promise<TruncatedSumsAnswer>;
  /** Releases connections or the embedded engine. */
  close(): Promise<void>;
}
