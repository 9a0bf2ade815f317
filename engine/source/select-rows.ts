/**
 * Which rows a release reads: those inside its `where` region. Matching is the one rule that parallel composition
 * (box-overlap.ts) mirrors: a number in a set or a range with number ends compares with the cell's number
 * (cell-number.ts), anything else compares the cell as text.
 */
import { column, type Table } from '../table/table.js';
import type { Box, Constraint } from './box.js';
import { cellNumber } from '../table/cell-number.js';

export function cellMatches(cell: string, c: Constraint): boolean {
  const asNumber = cellNumber(cell);
  const test = (v: number | string) => (typeof v === 'number' ? asNumber === v : cell === v);
  if (c.kind === 'set') return c.values.some(test);
  if (typeof c.low === 'number' && typeof c.high === 'number') return asNumber >= c.low && asNumber <= c.high;
  return cell >= String(c.low) && cell <= String(c.high);
}

/** Rows inside the region, in table order; every row when there is no region. */
export function selectRows(table: Table, box: Box | undefined): Int32Array {
  const all = Int32Array.from({ length: table.rowCount }, (_, i) => i);
  if (!box) return all;
  const tests = [...box].map(([name, cs]) => {
    const col = column(table, name);
    // One verdict per dictionary entry, not per row.
    const ok = col.dictionary.map((v) => cs.every((c) => cellMatches(v, c)));
    return { codes: col.codes, ok };
  });
  return all.filter((r) => tests.every(({ codes, ok }) => ok[codes[r]]));
}
