import type { ParsedRange } from '../../../table/csv-record-parser.js';

/** What the main thread asks a CSV worker to parse: bytes `[start, end)` of `path`, which end the file when `final`. */
export interface CsvWorkerTask {
  path: string;
  start: number;
  end: number;
  final: boolean;
  /** The delimiter byte and the number of fields per record, both fixed by the header the main thread read. */
  delimiter: number;
  fieldCount: number;
  /** The fields to encode, when not all. */
  fields?: number[];
  /** Count the distinct records over those fields instead of keeping codes per row. */
  tally?: boolean;
}

/**
 * Progress in bytes, then one `done` with the parsed range (lines counted from 1 at `start`) and the offset where
 * parsing stopped, which is `end` unless the range did not end at a record boundary. `error` carries the first input
 * error.
 */
export type CsvWorkerReply =
  | { kind: 'progress'; bytes: number }
  | {
      kind: 'done';
      range: ParsedRange;
      endOffset: number;
      error?: { message: string; line: number; internal?: boolean };
    };

/** The buffers of a parsed range, to move them to the other thread rather than copy them. */
export function transferList(range: ParsedRange): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (a: ArrayBufferView) => buffers.add(a.buffer as ArrayBuffer);
  range.codes.forEach(add);
  add(range.rowLines);
  if (range.tuples) {
    add(range.tuples.keys);
    add(range.tuples.weights);
  }
  for (const d of range.dictionaries) {
    add(d.table);
    add(d.entries);
    add(d.arena);
    add(d.direct);
  }
  return [...buffers];
}

export type CsvWorkerDone = Extract<CsvWorkerReply, { kind: 'done' }>;
