import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { CsvRecordParser } from '../../../table/csv-record-parser.js';

/**
 * Streams bytes `[start, end)` of a file through a CSV record parser, one chunk at a time, so that memory holds one
 * chunk plus the codes and never the file. The synchronous form runs inside worker threads, the asynchronous one on the
 * main thread, where it must not block the event loop (the editor's extension host runs there).
 *
 * With `final` the range ends the file and the parser's last record may lack a line break. Otherwise the range must end
 * at a record boundary: whatever the parser leaves unconsumed at the end shows that the range was split inside a
 * record. Both return the file offset of the first byte not consumed.
 */
export const CHUNK_BYTES = 1 << 20;

export interface RangeRead {
  start: number;
  end: number;
  final: boolean;
  onChunk?: (bytes: number) => void;
}

export function parseFileRangeSync(fd: number, parser: CsvRecordParser, range: RangeRead): number {
  let pos = range.start;
  let first = true;
  while (pos < range.end && !parser.done) {
    parser.reserve(CHUNK_BYTES);
    const want = Math.min(CHUNK_BYTES, range.end - pos, parser.buffer.length - parser.filled);
    const n = readSync(fd, parser.buffer, parser.filled, want, pos);
    if (n === 0) break;
    pos += n;
    parser.filled += n;
    parser.parse(range.final && pos >= range.end);
    if (first) presize(parser, pos - range.start, range.end - range.start);
    first = false;
    range.onChunk?.(n);
  }
  if (range.final) parser.parse(true);
  return pos - (parser.filled - parser.start);
}

export async function parseFileRange(
  file: FileHandle,
  parser: CsvRecordParser,
  range: RangeRead,
  signal?: AbortSignal,
): Promise<number> {
  let pos = range.start;
  let first = true;
  while (pos < range.end && !parser.done) {
    signal?.throwIfAborted();
    parser.reserve(CHUNK_BYTES);
    const want = Math.min(CHUNK_BYTES, range.end - pos, parser.buffer.length - parser.filled);
    const { bytesRead: n } = await file.read(parser.buffer, parser.filled, want, pos);
    if (n === 0) break;
    pos += n;
    parser.filled += n;
    parser.parse(range.final && pos >= range.end);
    if (first) presize(parser, pos - range.start, range.end - range.start);
    first = false;
    range.onChunk?.(n);
  }
  if (range.final) parser.parse(true);
  return pos - (parser.filled - parser.start);
}

/**
 * Sizes the row arrays once from the first chunk's rows per byte, so that they rarely regrow (each regrowth copies).
 */
function presize(parser: CsvRecordParser, read: number, total: number): void {
  if (parser.rows === 0 || read >= total) return;
  parser.ensureRows(Math.ceil((parser.rows / read) * total * 1.05) + 64);
}
