/**
 * Finds where an unfinished CSV record ends, resuming across calls, so that a streaming parser does not parse a long
 * record again from its start each time another chunk arrives.
 *
 * Without it, a record longer than one chunk (a quote that opens on line 2 and never closes, a field of 100 MB) was
 * re-parsed from its first byte on every 1 MiB chunk: n/chunk passes over up to n bytes, O(n²) in the record's length
 * (100 MB took 12 s). `CsvRecordParser` now hands the unfinished record to this scanner, which reads each new byte once
 * and only tells the parser to run again when the record's end (or something the parser will reject) is in the buffer;
 * the parser then reads the record once more, in full. Every byte is thus read a bounded number of times.
 *
 * The scanner follows the parser's RFC 4180 rules (csv-record-parser.ts): a field is quoted when its first byte is `"`;
 * inside it `""` is a quote and delimiters and line breaks are data; after the closing quote comes a delimiter or a
 * line break; a quote inside an unquoted field is data. It may say "complete" too early (never too late): that only
 * costs the parser one more pass, while saying it too late would only delay parsing until the end of input, where the
 * parser runs regardless. Leading blank lines are skipped, as the parser skips them.
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

const enum State {
  RecordStart,
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: the closing quote, or the first half of `""`. */
  QuoteInQuoted,
}

export class RecordEndScan {
  /** Bytes after the record's start already scanned; an offset, because the parser moves its buffer's contents. */
  private offset = 0;
  private state = State.RecordStart;

  /**
   * Whether `buffer[start, filled)` holds the end of the record that starts at `start` (or a byte the parser will
   * reject). Scans only the bytes it has not seen; call again with the same `start` after more bytes arrive.
   */
  complete(buffer: Uint8Array, start: number, filled: number, delimiter: number): boolean {
    let state = this.state;
    let i = start + this.offset;
    for (; i < filled; i++) {
      const b = buffer[i];
      switch (state) {
        case State.RecordStart:
          if (b === LF || b === CR) continue;
          if (b === QUOTE) state = State.Quoted;
          else state = b === delimiter ? State.FieldStart : State.Unquoted;
          continue;
        case State.FieldStart:
          if (b === QUOTE) state = State.Quoted;
          else if (b === LF || b === CR) return this.atLineBreak(b, i, start, filled, state);
          else if (b !== delimiter) state = State.Unquoted;
          continue;
        case State.Unquoted:
          if (b === delimiter) state = State.FieldStart;
          else if (b === LF || b === CR) return this.atLineBreak(b, i, start, filled, state);
          continue;
        case State.Quoted: {
          if (b === QUOTE) {
            state = State.QuoteInQuoted;
            continue;
          }
          // Jump to the next quote with the native search: a long quoted field is what this scanner exists for.
          const found = buffer.subarray(i, filled).indexOf(QUOTE);
          if (found < 0) i = filled - 1;
          else {
            i += found;
            state = State.QuoteInQuoted;
          }
          continue;
        }
        case State.QuoteInQuoted:
          if (b === QUOTE) state = State.Quoted;
          else if (b === delimiter) state = State.FieldStart;
          else if (b === LF || b === CR) return this.atLineBreak(b, i, start, filled, state);
          // Anything else after a closing quote is an error the parser reports with its line.
          else return true;
          continue;
      }
    }
    this.offset = i - start;
    this.state = state;
    return false;
  }

  /**
   * A line break ends the record, but a CR that ends the buffer may be the first half of CRLF: wait for the next byte.
   */
  private atLineBreak(b: number, i: number, start: number, filled: number, state: State): boolean {
    if (b === CR && i + 1 >= filled) {
      this.offset = i - start;
      this.state = state;
      return false;
    }
    return true;
  }
}
