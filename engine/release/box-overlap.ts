import type { Box, Constraint } from './release-description.js';
import { cellNumber } from '../table/cell-number.js';

/**
 * Whether two `where` regions can hold a common row: on every column both restrict, each pair of restrictions must
 * meet. Numbers compare as numbers and text as text (so zip codes `"10000".."19999"` compare digit by digit); a number
 * against text meets when one cell can satisfy both, e.g. `35` and `"035"`. An undefined box is every row and meets
 * everything.
 */
export function boxesOverlap(a: Box | undefined, b: Box | undefined): boolean {
  if (!a || !b) return true;
  for (const [column, left] of a) {
    const right = b.get(column);
    if (!right) continue;
    for (const x of left) for (const y of right) if (!meet(x, y)) return false;
  }
  return true;
}

type Scalar = number | string;

/*
 * Overlap must never be denied for two constraints that one cell can satisfy, or parallel composition under-charges the
 * budget. So it mirrors how `engine/source/select-rows.ts` matches a cell: a number in a set matches a cell whose
 * Number() equals it, text in a set matches the cell exactly, a range with two number ends compares numerically, and
 * any other range compares the cell as text with String() of its ends. Where the two constraints compare differently (a
 * number range against a text range, say "30".."40" against 30..40, both of which hold the cell "35"), disjointness is
 * not proved here and the regions are taken to overlap.
 */

/** Whether the cell `text` (exactly this string) satisfies the set value or range `c`, as release-compute tests it. */
function cellMatches(text: string, c: Constraint): boolean {
  const asNumber = cellNumber(text);
  if (c.kind === 'set') return c.values.some((v) => (typeof v === 'number' ? asNumber === v : text === v));
  if (isNumeric(c)) return asNumber >= (c.low as number) && asNumber <= (c.high as number);
  return text >= String(c.low) && text <= String(c.high);
}

function isNumeric(c: Extract<Constraint, { kind: 'range' }>): boolean {
  return typeof c.low === 'number' && typeof c.high === 'number';
}

function within(v: Scalar, range: Extract<Constraint, { kind: 'range' }>): boolean {
  // Text in a set is the cell itself, so it is tested exactly; a number stands for every cell that parses to it.
  if (typeof v === 'string') return cellMatches(v, range);
  if (isNumeric(range)) return (range.low as number) <= v && v <= (range.high as number);
  return true;
}

function meet(x: Constraint, y: Constraint): boolean {
  if (x.kind === 'range' && y.kind === 'range') {
    if (isNumeric(x) !== isNumeric(y)) return true;
    const [xl, xh, yl, yh] = isNumeric(x)
      ? [x.low, x.high, y.low, y.high]
      : [String(x.low), String(x.high), String(y.low), String(y.high)];
    const low = xl > yl ? xl : yl;
    const high = xh < yh ? xh : yh;
    return low <= high;
  }
  if (x.kind === 'set' && y.kind === 'set') {
    return x.values.some((v) =>
      y.values.some((w) =>
        typeof v === 'string' ? cellMatches(v, y) : typeof w === 'string' ? cellMatches(w, x) : v === w,
      ),
    );
  }
  const [range, set] =
    x.kind === 'range'
      ? [x, y as Extract<Constraint, { kind: 'set' }>]
      : [y as Extract<Constraint, { kind: 'range' }>, x];
  return set.values.some((v) => within(v, range));
}
