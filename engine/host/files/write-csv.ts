import type { RandomSource } from '../../core/random.js';
import { randomPermutation } from '../../core/random-permutation.js';
import { needsQuotePrefix, spreadsheetSafe } from './spreadsheet-safe-cell.js';

/**
 * One CSV field, quoted as RFC 4180 requires: when it holds the delimiter, a double quote, a line break, or
 * leading/trailing blanks that a reader might trim; inner quotes are doubled. A value a spreadsheet would run as a
 * formula is written as data, prefixed with `'` and quoted (spreadsheet-safe-cell.ts): every file privspec writes
 * goes through here.
 */
export function csvField(value: string, delimiter = ','): string {
  if (needsQuotePrefix(value)) return `"${spreadsheetSafe(value).replace(/"/g, '""')}"`;
  const needsQuotes = value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value);
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A whole CSV text: header line, then one line per row, each ended by `\n`. */
export function formatCsv(header: readonly string[], rows: Iterable<readonly string[]>, delimiter = ','): string {
  const lines = [header.map((h) => csvField(h, delimiter)).join(delimiter)];
  for (const row of rows) lines.push(row.map((v) => csvField(v, delimiter)).join(delimiter));
  return `${lines.join('\n')}\n`;
}

/**
 * The text of a microdata file (one row per record): its rows in a fresh, uniformly random order drawn from `rng`.
 * Written in the input's order, two microdata files of one table line up row by row, and joining them gives back what
 * each protects (a PRAM'd column beside its exact copy in a generalized file); a file sorted by a column leaks through
 * position. Every microdata output — generalize, PRAM, `anonymize --out` — is formatted here and nowhere else.
 */
export function formatMicrodataCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rng: RandomSource,
  delimiter = ',',
): string {
  return shuffledMicrodataCsv(header, rows, rng, delimiter).text;
}

/**
 * The shuffled text and its order: line j of the file holds `rows[order[j]]`. The order is what a row key is made of
 * (row-key.ts); it never leaves the data owner's machine.
 */
export function shuffledMicrodataCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rng: RandomSource,
  delimiter = ',',
): { text: string; order: Int32Array } {
  const order = randomPermutation(rows.length, rng);
  const text = formatCsv(
    header,
    (function* () {
      for (const i of order) yield rows[i];
    })(),
    delimiter,
  );
  return { text, order };
}

/**
 * The input row of each line of a shuffled file: `sourceRows[order[j]]` (identity when every input row was written).
 */
export function keyRows(order: Int32Array, sourceRows?: ArrayLike<number>): Int32Array {
  return sourceRows === undefined ? Int32Array.from(order) : Int32Array.from(order, (i) => sourceRows[i]);
}
