/**
 * Where each line of a document starts, and where each field of a CSV line sits on it. The parser gives the line of
 * every record; an editor diagnostic needs the character range of the quasi-identifier cells, found here by re-reading
 * only the lines that get a diagnostic.
 */

/**
 * Offsets at which the lines of `text` start; `lineStarts(text)[0] === 0`. Lines end at `\n` (a preceding `\r` stays on
 * the line).
 */
export function lineStarts(text: string): Int32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  const starts = new Int32Array(count);
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
  return starts;
}

/** The text of 0-based line `line`, without its line ending. */
export function lineText(text: string, starts: Int32Array, line: number): string {
  const from = starts[line];
  let to = line + 1 < starts.length ? starts[line + 1] - 1 : text.length;
  if (to > from && text.charCodeAt(to - 1) === 13) to--;
  return text.slice(from, to);
}

/**
 * The [start, end) character range of every field on one CSV line, quote-aware (RFC 4180: `""` inside quotes is a
 * quote). A quoted field that runs past the end of the line ends at the end of the line; the record continues on the
 * next line, which only matters for where the underline stops.
 */
export function fieldRanges(line: string, delimiter: string): [number, number][] {
  const ranges: [number, number][] = [];
  let i = 0;
  for (;;) {
    const start = i;
    if (line[i] === '"') {
      i++;
      while (i < line.length) {
        if (line[i] === '"') {
          if (line[i + 1] === '"') i += 2;
          else {
            i++;
            break;
          }
        } else i++;
      }
      const next = line.indexOf(delimiter, i);
      i = next === -1 ? line.length : next;
    } else {
      const next = line.indexOf(delimiter, i);
      i = next === -1 ? line.length : next;
    }
    ranges.push([start, i]);
    if (i >= line.length) return ranges;
    i += delimiter.length;
    if (i === line.length) {
      ranges.push([i, i]);
      return ranges;
    }
  }
}

/** Cell ranges in line order, with neighbours separated only by one delimiter joined into one range. */
export function mergeAdjacent(cells: readonly [number, number][], delimiterLength: number): [number, number][] {
  const sorted = [...cells].sort((a, b) => a[0] - b[0]);
  const runs: [number, number][] = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && c[0] <= last[1] + delimiterLength) last[1] = Math.max(last[1], c[1]);
    else runs.push([c[0], c[1]]);
  }
  return runs;
}
