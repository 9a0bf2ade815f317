import { writeFileAtomic } from './write-file-atomic.js';

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

/** Writes a CSV file atomically (temporary file, then rename). */
export async function writeCsvFile(
  path: string,
  header: readonly string[],
  rows: Iterable<readonly string[]>,
  options: { delimiter?: string; signal?: AbortSignal } = {},
): Promise<void> {
  await writeFileAtomic(path, formatCsv(header, rows, options.delimiter ?? ','), { signal: options.signal });
}
