import { ByteDictionary, type ByteDictionaryState } from './byte-dictionary.js';
import { RecordEndScan } from './record-end-scan.js';
import { MAX_COLUMNS, TableError } from './table.js';
import { TupleCounter, type TupleCounts } from './tuple-counter.js';

/**
 * The RFC 4180 scanner: turns UTF-8 bytes into per-column codes, one record at a time, without building strings.
 *
 * It is incremental so that files can stream through it: a reader appends bytes to `buffer` (after `reserve`), calls
 * `parse(false)`, and the parser consumes every complete record, leaving an unfinished one at the front of the buffer
 * for the next call. `parse(true)` marks the end of input. Records end at LF, CRLF or a lone CR, which also count as
 * one line each, as editors count them. Blank lines are skipped. A field is quoted when its first byte is `"`; inside,
 * `""` stands for one quote and delimiters and line breaks are data. A quote inside an unquoted field is kept as data
 * (as in `5'10"`), but anything other than a delimiter or line break right after a closing quote is an error.
 *
 * Errors are thrown as `TableError` with a line counted from `firstLine`, so that a worker parsing the middle of a file
 * can report lines relative to its range and let the caller shift them.
 */
export interface RecordParserOptions {
  /** The delimiter byte (ASCII). */
  delimiter: number;
  /** Fields per record, or -1 to take the count from the first record (header rows, headerless files). */
  fieldCount: number;
  /** The line number of the first byte given to the parser. */
  firstLine: number;
  /** Stop after this many records; 1 parses just a header. */
  maxRecords?: number;
  /** Rows to allocate at first; the arrays grow by doubling. */
  expectedRows?: number;
  /**
   * The fields to encode, by index, when not all (requires `fieldCount`). The others are still scanned, so records are
   * checked as usual, but get no codes and no dictionary, and their bytes are not checked for UTF-8.
   */
  fields?: readonly number[];
  /**
   * Count the distinct records over the encoded fields instead of keeping codes per row (requires `fieldCount`): memory
   * then grows with the distinct records, not the rows. No `rowLines` are kept, and a dictionary value's first row is
   * recorded as the line of the record it first appeared in (so an invalid value can still be placed).
   */
  tally?: boolean;
  /**
   * Hand the records to this function in batches of raw cells instead of coding them (requires `fieldCount`): no
   * dictionary and no per-row array grows, so memory holds one chunk and one batch whatever the rows and their values.
   * The cells' bytes are not checked for UTF-8.
   */
  cells?: (batch: CellBatch) => void;
}

/**
 * A batch of records as raw cells: the bytes of the encoded field `f` of row `r` are `bytes[starts[f][r], ends[f][r])`,
 * a quoted field without its quotes and with `""` already read as `"`. Valid only during the call it is given to: the
 * parser reuses the arrays and the buffer.
 */
export interface CellBatch {
  readonly rows: number;
  readonly bytes: Uint8Array;
  readonly starts: readonly Int32Array[];
  readonly ends: readonly Int32Array[];
  /** Line on which each record starts, counted from the parser's `firstLine`. */
  readonly rowLines: Int32Array;
}

/** What a parser hands back: typed arrays only, so that a worker can transfer it. */
export interface ParsedRange {
  rows: number;
  /** Per encoded field (all, or those in `fields`), codes of the first `rows` rows (the arrays may be longer). */
  codes: Int32Array[];
  /** Line on which each record starts, counted from the parser's `firstLine`. */
  rowLines: Int32Array;
  dictionaries: ByteDictionaryState[];
  /** The line reached: where the first record not consumed starts, or the line after the end. */
  endLine: number;
  /** With `tally`: the distinct records over the encoded fields and how many rows hold each (`codes` is then empty). */
  tuples?: TupleCounts;
}

const QUOTE = 0x22;
/** Rows per batch when counting distinct records: small enough to stay in cache, large enough to amortize the loop. */
const TALLY_BATCH = 4096;
/** Rows per batch of raw cells. */
const CELL_BATCH = 4096;
const LF = 0x0a;
const CR = 0x0d;

export class CsvRecordParser {
  /** Bytes not yet consumed are `buffer[start, filled)`. Readers write after `filled`, then advance it. */
  buffer: Uint8Array;
  start = 0;
  filled = 0;
  rows = 0;
  line: number;
  private readonly delimiter: number;
  private fieldCount: number;
  /** 1 for each field that is encoded. */
  private keep = new Uint8Array(0);
  private readonly maxRecords: number;
  private codes: Int32Array[] = [];
  private rowLines: Int32Array;
  private dictionaries: ByteDictionary[] = [];
  private scratch = new Uint8Array(256);
  private scratchView = new DataView(this.scratch.buffer);
  /**
   * With `tally`: the counts so far, and the first row the code arrays hold. They then hold a batch of rows, counted
   * when it is full (a tight loop over a batch is several times faster than counting inside the scanner's loop).
   */
  private tally: TupleCounter | undefined;
  private base = 0;
  /**
   * With `cells`: where each encoded field of the batch ends (`codes` holds where it starts), and the quoted fields
   * holding `""`, as row·fieldCount + field, which are unescaped in place once their records are complete.
   */
  private readonly sink: ((batch: CellBatch) => void) | undefined;
  private ends: Int32Array[] = [];
  private escaped: number[] = [];

  constructor(options: RecordParserOptions, buffer?: Uint8Array) {
    this.delimiter = options.delimiter;
    this.fieldCount = options.fieldCount;
    this.line = options.firstLine;
    this.maxRecords = options.maxRecords ?? 0x7fffffff;
    const capacity = Math.max(16, options.expectedRows ?? 1024);
    this.rowLines = new Int32Array(capacity);
    const fields = options.fields ? new Set(options.fields) : undefined;
    if (options.tally && this.fieldCount < 0) throw new RangeError('counting distinct records needs the field count');
    if (options.cells && (this.fieldCount < 0 || options.tally))
      throw new RangeError('raw cells need the field count, and are not counted');
    this.sink = options.cells;
    if (this.sink) {
      this.rowLines = new Int32Array(CELL_BATCH);
      for (let j = 0; j < this.fieldCount; j++) {
        this.addColumn(CELL_BATCH, !fields || fields.has(j));
        this.ends.push(new Int32Array(this.keep[j] ? CELL_BATCH : 0));
      }
    } else if (options.tally) {
      this.rowLines = new Int32Array(TALLY_BATCH);
      for (let j = 0; j < this.fieldCount; j++) this.addColumn(TALLY_BATCH, !fields || fields.has(j));
      this.tally = new TupleCounter(this.keep.reduce((n, k) => n + k, 0));
    } else for (let j = 0; j < this.fieldCount; j++) this.addColumn(capacity, !fields || fields.has(j));
    this.buffer = buffer ?? new Uint8Array(1 << 20);
    if (buffer) this.filled = buffer.length;
  }

  /** True once `maxRecords` records were read. */
  get done(): boolean {
    return this.rows >= this.maxRecords;
  }

  /** Makes room for at least `free` more bytes after `filled`, moving the unconsumed bytes to the front. */
  reserve(free: number): void {
    const pending = this.filled - this.start;
    if (this.start > 0 && this.buffer.length - this.filled < free) {
      this.buffer.copyWithin(0, this.start, this.filled);
      this.start = 0;
      this.filled = pending;
    }
    if (this.buffer.length - this.filled < free) {
      const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.filled + free));
      bigger.set(this.buffer.subarray(0, this.filled));
      this.buffer = bigger;
    }
  }

  /** Ensures the row arrays hold at least `rows` rows; call with an estimate to avoid regrowing. */
  ensureRows(rows: number): void {
    if (this.tally || this.sink || rows <= this.rowLines.length) return;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(rows);
      b.set(a.subarray(0, this.rows));
      return b;
    };
    this.rowLines = grow(this.rowLines);
    this.codes = this.codes.map((a, j) => (this.keep[j] ? grow(a) : a));
  }

  private addColumn(capacity: number, keep: boolean): void {
    const keepers = new Uint8Array(this.keep.length + 1);
    keepers.set(this.keep);
    keepers[this.keep.length] = keep ? 1 : 0;
    this.keep = keepers;
    this.codes.push(new Int32Array(keep ? capacity : 0));
    this.dictionaries.push(new ByteDictionary());
  }

  /** Counts the batch of rows the code arrays hold. */
  private countBatch(): void {
    this.tally!.addRows(
      this.codes.filter((_, j) => this.keep[j]),
      this.rows - this.base,
    );
    this.base = this.rows;
  }

  /**
   * Hands the batch of complete records to the sink. Their bytes are consumed, so a quoted field holding `""` can be
   * unescaped where it lies: its unescaped form is shorter and starts at the same byte.
   */
  private flushCells(): void {
    const rows = this.rows - this.base;
    if (rows === 0) return;
    const buf = this.buffer;
    const fieldCount = this.fieldCount;
    for (const cell of this.escaped) {
      const at = Math.floor(cell / fieldCount);
      const col = cell - at * fieldCount;
      const start = this.codes[col][at];
      const end = this.ends[col][at];
      let n = start;
      for (let k = start; k < end; k++) {
        buf[n++] = buf[k];
        if (buf[k] === QUOTE) k++;
      }
      this.ends[col][at] = n;
      // The bytes left behind the shorter cell are stale: a review found them completing a multibyte character cut at
      // the cell's end, so that the batch passed its UTF-8 check whole while the cell was not UTF-8. Quotes (ASCII) in
      // their place keep every check on the batch's bytes the check of its cells.
      buf.fill(QUOTE, n, end);
    }
    this.escaped.length = 0;
    this.base = this.rows;
    const kept = (_: unknown, j: number) => this.keep[j] !== 0;
    this.sink!({
      rows,
      bytes: buf,
      starts: this.codes.filter(kept),
      ends: this.ends.filter(kept),
      rowLines: this.rowLines,
    });
  }

  result(): ParsedRange {
    if (this.tally) this.countBatch();
    if (this.sink) this.flushCells();
    return {
      rows: this.rows,
      codes: this.tally || this.sink ? [] : this.codes.filter((_, j) => this.keep[j]),
      rowLines: this.rowLines,
      dictionaries: this.dictionaries.filter((_, j) => this.keep[j]).map((d) => d.toState()),
      endLine: this.line,
      ...(this.tally && { tuples: this.tally.toCounts() }),
    };
  }

  /**
   * Consumes the complete records in `buffer[start, filled)`. With `final`, the input ends at `filled`: a last record
   * without a line break is complete, and an open quote is an error.
   */
  parse(final: boolean): void {
    // A record left unfinished by the last call is parsed again from its start only once its end is in the buffer;
    // until then the boundary scan resumes where it stopped, so a record of n bytes costs O(n), not O(n²/chunk).
    if (
      this.pendingRecord &&
      !final &&
      !this.pendingRecord.complete(this.buffer, this.start, this.filled, this.delimiter)
    )
      return;
    this.pendingRecord = undefined;
    if (this.fieldCount < 0 && !this.discoverFieldCount(final)) {
      if (!final) this.pendingRecord = new RecordEndScan();
      return;
    }
    const buf = this.buffer;
    const end = this.filled;
    const D = this.delimiter;
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const dicts = this.dictionaries;
    const fieldCount = this.fieldCount;
    const keep = this.keep;
    const maxRecords = this.maxRecords;
    const tally = this.tally !== undefined;
    const cells = this.sink !== undefined;
    const ends = this.ends;
    let codes = this.codes;
    let rowLines = this.rowLines;
    let i = this.start;
    let line = this.line;
    let row = this.rows;
    // Where the first record not yet consumed starts; an unfinished record is left there for the next call.
    let recordStart = i;
    let recordLine = line;
    try {
      records: while (i < end && row < maxRecords) {
        let b = buf[i];
        if (b === LF || b === CR) {
          // A blank line.
          if (b === CR && i + 1 >= end && !final) break;
          i += b === CR && i + 1 < end && buf[i + 1] === LF ? 2 : 1;
          line++;
          recordStart = i;
          recordLine = line;
          continue;
        }
        if (row - this.base === rowLines.length) {
          this.rows = row;
          if (tally) this.countBatch();
          else if (cells) this.flushCells();
          else {
            this.ensureRows(row * 2);
            codes = this.codes;
            rowLines = this.rowLines;
          }
        }
        // Counting distinct records, the arrays hold a batch of rows from `base` on, and a new value's first "row" is
        // the record's line (there is no row index to look it up by later).
        const at = row - this.base;
        const first = tally ? recordLine : row;
        rowLines[at] = recordLine;
        let col = 0;
        for (;;) {
          let fieldStart = i;
          let fieldEnd: number;
          if (i < end && buf[i] === QUOTE) {
            const after = this.scanQuoted(i, end, final, line, col);
            if (after < 0) break records;
            line += this.quotedLines;
            fieldStart = i + 1;
            fieldEnd = after - 1;
            i = after;
            if (col < fieldCount && keep[col] !== 0 && cells) {
              codes[col][at] = fieldStart;
              ends[col][at] = fieldEnd;
              if (this.quotedEscapes) this.escaped.push(at * fieldCount + col);
            } else if (col < fieldCount && keep[col] !== 0) {
              codes[col][at] = this.quotedEscapes
                ? this.codeUnescaped(dicts[col], buf, fieldStart, fieldEnd, first)
                : dicts[col].code(buf, view, fieldStart, fieldEnd, first);
            }
          } else {
            while (i < end) {
              b = buf[i];
              if (b === D || b === LF || b === CR) break;
              i++;
            }
            if (i >= end && !final) break records;
            if (col < fieldCount && keep[col] !== 0) {
              if (cells) {
                codes[col][at] = fieldStart;
                ends[col][at] = i;
              } else codes[col][at] = dicts[col].code(buf, view, fieldStart, i, first);
            }
          }
          col++;
          if (i >= end) break;
          b = buf[i];
          if (b === D) {
            i++;
            continue;
          }
          if (b === CR) {
            if (i + 1 >= end && !final) break records;
            i += i + 1 < end && buf[i + 1] === LF ? 2 : 1;
          } else i++;
          line++;
          break;
        }
        if (col !== fieldCount) {
          throw new TableError(`ragged row: expected ${fieldCount} fields, found ${col}`, undefined, recordLine);
        }
        row++;
        recordStart = i;
        recordLine = line;
      }
    } finally {
      // Also on an error, so that the rows before it are kept (their lines place other errors, e.g. invalid UTF-8).
      this.start = recordStart;
      this.line = recordLine;
      this.rows = row;
      if (cells) {
        // A record left unfinished is parsed again from its start by the next call, which notes its escapes again.
        while (
          this.escaped.length > 0 &&
          Math.floor(this.escaped[this.escaped.length - 1] / fieldCount) >= row - this.base
        )
          this.escaped.pop();
        // Before the next call moves the unconsumed bytes to the front of the buffer.
        this.flushCells();
      }
    }
    if (!final && recordStart < end && row < maxRecords) this.pendingRecord = new RecordEndScan();
  }

  /** The unfinished record at `start`, when the last call stopped inside one: where to resume looking for its end. */
  private pendingRecord: RecordEndScan | undefined;

  /** Set by `scanQuoted`: whether the field held `""`, and how many line breaks it held. */
  private quotedEscapes = false;
  private quotedLines = 0;

  /**
   * Scans the quoted field whose opening quote is at `i`. Returns the index just after the closing quote, or -1 when
   * the field (or the byte after it) is not in the buffer yet.
   */
  private scanQuoted(i: number, end: number, final: boolean, line: number, col: number): number {
    const buf = this.buffer;
    const D = this.delimiter;
    let lines = 0;
    let escaped = false;
    i++;
    for (;;) {
      // The next quote: byte by byte over the first bytes (most quoted fields are short), then by the native search,
      // which makes a long field cost little more than reading it.
      let q = i;
      const near = Math.min(end, i + 64);
      while (q < near && buf[q] !== QUOTE) q++;
      if (q === near && q < end) {
        const found = buf.subarray(q, end).indexOf(QUOTE);
        q = found < 0 ? end : q + found;
      }
      if (q >= end) {
        // Not in the buffer: wait for more (the caller resumes cheaply, see record-end-scan.ts), or it never closes.
        if (!final) return -1;
        throw new TableError(
          `unclosed quote: the quote that opens field ${col + 1} on this line never closes`,
          undefined,
          line,
        );
      }
      // The bytes before the quote are data; count their line breaks (LF, CRLF or a lone CR, each one line).
      for (let k = i; k < q; k++) {
        const b = buf[k];
        if (b === LF || (b === CR && buf[k + 1] !== LF)) lines++;
      }
      i = q;
      if (i + 1 >= end && !final) return -1;
      if (i + 1 < end && buf[i + 1] === QUOTE) {
        escaped = true;
        i += 2;
        continue;
      }
      i++;
      break;
    }
    if (i < end) {
      const b = buf[i];
      if (b !== D && b !== LF && b !== CR) {
        throw new TableError(
          `unexpected ${describe(b)} after the closing quote of field ${col + 1}; a quoted field must end at a delimiter or line break`,
          undefined,
          line + lines,
        );
      }
    } else if (!final) return -1;
    this.quotedEscapes = escaped;
    this.quotedLines = lines;
    return i;
  }

  /**
   * Counts the fields of the first record to fix the number of columns, when it was not given. Returns false when that
   * record is not complete in the buffer yet. Errors inside it are left to `parse`, which reads it again.
   */
  private discoverFieldCount(final: boolean): boolean {
    const buf = this.buffer;
    const end = this.filled;
    let i = this.start;
    while (i < end && (buf[i] === LF || buf[i] === CR)) i++;
    if (i >= end) {
      if (final) this.start = end;
      return false;
    }
    let fields = 1;
    let atFieldStart = true;
    let quoted = false;
    let closed = false;
    for (; i < end; i++) {
      const b = buf[i];
      const wasClosed = closed;
      closed = false;
      if (quoted) {
        if (b === QUOTE) {
          quoted = false;
          closed = true;
        }
      } else if (b === QUOTE && (atFieldStart || wasClosed)) {
        // A field's opening quote, or the second quote of a doubled `""`.
        quoted = true;
      } else if (b === this.delimiter) {
        fields++;
        if (fields > MAX_COLUMNS) throw tooManyColumns(this.line);
        atFieldStart = true;
        continue;
      } else if (b === LF || b === CR) {
        break;
      }
      atFieldStart = false;
    }
    if (i >= end && !final) return false;
    this.fieldCount = fields;
    for (let j = 0; j < fields; j++) this.addColumn(this.rowLines.length, true);
    return true;
  }

  private codeUnescaped(dict: ByteDictionary, buf: Uint8Array, start: number, end: number, row: number): number {
    if (this.scratch.length < end - start) {
      this.scratch = new Uint8Array(end - start);
      this.scratchView = new DataView(this.scratch.buffer);
    }
    const out = this.scratch;
    let n = 0;
    for (let k = start; k < end; k++) {
      out[n++] = buf[k];
      if (buf[k] === QUOTE) k++;
    }
    return dict.code(out, this.scratchView, 0, n, row);
  }
}

/** Said as soon as the first record has one field too many, without reading the rest of it. */
function tooManyColumns(line: number): TableError {
  const limit = MAX_COLUMNS.toLocaleString('en-US');
  return new TableError(
    `too many columns: the header (first record) has more than ${limit} fields, and privspec reads at most ${limit} columns; keep only the columns the release needs (e.g. with cut or csvcut) and try again`,
    undefined,
    line,
    MAX_COLUMNS + 1,
  );
}

function describe(b: number): string {
  return b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, '0')}`;
}
