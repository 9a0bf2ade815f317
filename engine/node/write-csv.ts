import type { RandomSource } from '../core/random.js';
import { randomPermutation } from '../core/random-permutation.js';

/**
 * One CSV field, quoted as RFC 4180 requires: when it holds the delimiter, a double quote, a line break, or
 * leading/trailing blanks that a reader might trim; inner quotes are doubled.
 */
export function csvField(value: string, delimiter = ','): string {
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
export function formatMicrodataCsv(header: readonly string[], rows: readonly (readonly string[])[], rng: RandomSource, delimiter = ','): string {
  const order = randomPermutation(rows.length, rng);
  return formatCsv(header, (function* () {
    for (const i of order) yield rows[i];
  })(), delimiter);
}
