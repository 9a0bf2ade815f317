/**
 * The in-memory source: a table already read (a CSV through engine/host/sources/csv/read-csv-file.ts). It answers every
 * request of data-source.ts by the definitions the SQL of engine/source/sql/ implements, so that it is the reference
 * the database sources are compared with: the frequency table of engine/table/frequency-table-of.ts, the `where` test
 * of engine/source/select-rows.ts, the keyed bounding of bounded-rows.ts and the clamp of exact-sum.ts.
 */
import { frequencyTableOf } from '../table/frequency-table-of.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { column, type Table } from '../table/table.js';
import { selectRows } from './select-rows.js';
import { cellOf } from '../wavelet/bin-points.js';
import { contentColumns, keyedBoundRows } from './bounded-rows.js';
import type {
  AggregateAnswer,
  AggregateGroup,
  AggregateRequest,
  DataSource,
  FrequencyRequest,
  RowBatch,
} from './data-source.js';
import { cellNumber } from '../table/cell-number.js';

/** A cell read as exact-sum.ts reads it, then clamped: blank, non-numeric and NaN cells count as `low`. */
export function clampCell(cell: string, low: number, high: number): number {
  const x = cellNumber(cell);
  return Number.isNaN(x) ? low : Math.min(high, Math.max(low, x));
}

export function memoryAggregate(table: Table, request: AggregateRequest): AggregateAnswer {
  let rows = selectRows(table, request.where);
  const selectedRows = rows.length;
  const b = request.bound;
  if (b) rows = keyedBoundRows(table, rows, b, contentColumns(request.groupBy, b.partitionBy, request.clamp?.column));
  const by = request.groupBy.map((n) => column(table, n));
  const clamp = request.clamp;
  const value = clamp ? column(table, clamp.column) : undefined;
  // The clamp of each dictionary entry once, not of each row.
  const clamped = value && clamp ? value.dictionary.map((v) => clampCell(v, clamp.low, clamp.high)) : undefined;
  const grid = request.grid;
  const num = cellNumber;
  const keyOf = grid
    ? (r: number) => {
        const cell = cellOf(
          num(by[0].dictionary[by[0].codes[r]]),
          num(by[1].dictionary[by[1].codes[r]]),
          { xMin: grid.xMin, xMax: grid.xMax, yMin: grid.yMin, yMax: grid.yMax },
          grid.size,
        );
        return cell < 0 ? ['-1', '-1'] : [String(cell % grid.size), String(Math.floor(cell / grid.size))];
      }
    : (r: number) => by.map((c) => c.dictionary[c.codes[r]]);
  const groups = new Map<string, { key: string[]; value?: number; rows: number }>();
  for (const r of rows) {
    const key = keyOf(r);
    const v = clamped && value ? clamped[value.codes[r]] : undefined;
    const id = JSON.stringify(v === undefined ? key : [...key, v]);
    const g = groups.get(id);
    if (g) g.rows++;
    else groups.set(id, { key, ...(v !== undefined ? { value: v } : {}), rows: 1 });
  }
  return { request, groups: [...groups.values()] as AggregateGroup[], selectedRows };
}

export class MemorySource implements DataSource {
  constructor(
    readonly table: Table,
    readonly name = table.source ?? 'the table',
  ) {}

  columns(): Promise<readonly string[]> {
    return Promise.resolve(this.table.columns.map((c) => c.name));
  }

  // DataSource returns a promise, and a bad request must reject it as the other sources do, not throw.
  // eslint-disable-next-line @typescript-eslint/require-await -- the reason is above
  async frequencyTable(request: FrequencyRequest): Promise<FrequencyTable> {
    return frequencyTableOf(this.table, request.columns);
  }

  // DataSource returns a promise, and a bad request must reject it as the other sources do, not throw.
  // eslint-disable-next-line @typescript-eslint/require-await -- the reason is above
  async aggregate(request: AggregateRequest): Promise<AggregateAnswer> {
    return memoryAggregate(this.table, request);
  }

  // DataSource yields rows asynchronously; the table is in memory, so nothing is awaited.
  // eslint-disable-next-line @typescript-eslint/require-await -- the reason is above
  async *rows(columns: readonly string[], batchRows = 65536): AsyncIterable<RowBatch> {
    const cols = columns.map((n) => column(this.table, n));
    for (let start = 0; start < this.table.rowCount; start += batchRows) {
      const end = Math.min(this.table.rowCount, start + batchRows);
      const rows: string[][] = [];
      for (let r = start; r < end; r++) rows.push(cols.map((c) => c.dictionary[c.codes[r]]));
      yield { columns, rows };
    }
  }

  async close(): Promise<void> {}
}
