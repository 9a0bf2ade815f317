import type { Column, Table } from '../../engine/table/table.js';

/**
 * Re-checking a 100,000-row CSV after a keystroke should not re-parse 100,000 rows. When the table is "simple" (every
 * record on one line, header on line 1, no blank lines, no CR, no quotes in the edited lines), an edit that replaces
 * whole lines maps to replacing whole records: the codes before and after the edited records are copied, the new
 * records are split and encoded, and the dictionaries only grow. Anything else returns undefined and the caller parses
 * the whole text, so the parser stays the one authority on what a CSV means (and on its error messages).
 */
export interface TextChange {
  /** Offset and length in the text before this change (changes apply one after another, as VS Code reports them). */
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

export function applyChanges(text: string, changes: readonly TextChange[]): string {
  let out = text;
  for (const c of changes) out = out.slice(0, c.offset) + c.text + out.slice(c.offset + c.length);
  return out;
}

/** Whether `table`, parsed from `text`, has one record per line right after the header (what patching relies on). */
export function isSimple(text: string, table: Table): boolean {
  if (text.includes('\r') || text.charCodeAt(0) === 0xfeff || !table.rowLines) return false;
  const lines = table.rowLines;
  for (let r = 0; r < table.rowCount; r++) if (lines[r] !== r + 2) return false;
  // The last record could still span lines (a quoted line break); then the text has more lines than records.
  let textLines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) textLines++;
  if (text.length > 0 && !text.endsWith('\n')) textLines++;
  return textLines === table.rowCount + 1;
}

/** Value → code of each column's dictionary, built once per document and extended as patches add values. */
export type DictionaryIndexes = Map<string, number>[];

/**
 * The table of `newText`, made from `table` (parsed from `oldText`) by replacing the records on the edited lines; or
 * undefined when the edit is not one this can patch. `changes`, when given, are the edits that turned `oldText` into
 * `newText`; a single one bounds the changed region without comparing the texts.
 */
export function patchTable(
  oldText: string,
  newText: string,
  table: Table,
  indexes: DictionaryIndexes,
  changes?: readonly TextChange[],
): Table | undefined {
  const delimiter = table.delimiter;
  if (!delimiter) return undefined;
  // The changed region: [p, oldText.length - s) of the old text became [p, newText.length - s) of the new one.
  let p: number;
  let s: number;
  if (changes?.length === 1) {
    const [c] = changes;
    if (c.text.includes('\r')) return undefined;
    p = c.offset;
    s = oldText.length - c.offset - c.length;
  } else {
    if (newText.includes('\r')) return undefined;
    const max = Math.min(oldText.length, newText.length);
    p = 0;
    while (p < max && oldText.charCodeAt(p) === newText.charCodeAt(p)) p++;
    s = 0;
    while (s < max - p && oldText.charCodeAt(oldText.length - 1 - s) === newText.charCodeAt(newText.length - 1 - s))
      s++;
  }
  // Widen it to whole lines of the old text: from the start of p's line to the end of the line holding the first
  // unchanged character after the region (included, so that joined or split lines are covered).
  const start = oldText.lastIndexOf('\n', p - 1) + 1;
  if (start === 0) return undefined; // The header line changed.
  const afterOld = oldText.length - s;
  const nl = oldText.indexOf('\n', afterOld);
  const oldEnd = nl === -1 ? oldText.length : nl + 1;
  const newEnd = oldEnd + (newText.length - oldText.length);
  const firstLine = countNewlines(oldText, 0, start); // 0-based line of `start`; record r sits on line r + 1.
  const oldLines =
    countNewlines(oldText, start, oldEnd) + (oldEnd === oldText.length && oldText[oldEnd - 1] !== '\n' ? 1 : 0);
  const firstRow = firstLine - 1;
  const removed = Math.min(oldLines, table.rowCount - firstRow);
  if (firstRow < 0 || removed < 0) return undefined;

  const region = newText.slice(start, newEnd);
  const lines = region.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const columnCount = table.columns.length;
  const rows: string[][] = [];
  for (const line of lines) {
    // Blank lines, quotes and short or long records are the parser's business.
    if (line === '' || line.includes('"')) return undefined;
    const fields = line.split(delimiter);
    if (fields.length !== columnCount) return undefined;
    rows.push(fields);
  }

  const rowCount = table.rowCount - removed + rows.length;
  const columns = table.columns.map((c, j): Column => {
    // A few typed rows are looked up by a scan of the dictionary; a paste of many rows builds the value → code map
    // once, and later patches keep it up to date.
    const index =
      indexes[j] ?? (rows.length > 16 ? (indexes[j] = new Map(c.dictionary.map((v, code) => [v, code]))) : undefined);
    let dictionary = c.dictionary;
    const codes = new Int32Array(rowCount);
    codes.set(c.codes.subarray(0, firstRow));
    rows.forEach((fields, k) => {
      let code = index ? index.get(fields[j]) : dictionary.indexOf(fields[j]);
      if (code === undefined || code < 0) {
        if (dictionary === c.dictionary) dictionary = c.dictionary.slice();
        code = dictionary.length;
        (dictionary as string[]).push(fields[j]);
        index?.set(fields[j], code);
      }
      codes[firstRow + k] = code;
    });
    codes.set(c.codes.subarray(firstRow + removed), firstRow + rows.length);
    return { name: c.name, codes, dictionary };
  });
  const rowLines = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) rowLines[r] = r + 2;
  return { columns, rowCount, rowLines, delimiter, source: table.source };
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
