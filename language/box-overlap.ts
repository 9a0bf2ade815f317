import type { Box, Constraint } from './privspec-release-plan.js';

/**
 * Whether two `where` regions can hold a common row: on every column both restrict, each pair of restrictions must
 * meet. Numbers compare as numbers and text as text (so zip codes `"10000".."19999"` compare digit by digit); a number
 * against text never meets. An undefined box is every row and meets everything.
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

function within(v: Scalar, low: Scalar, high: Scalar): boolean {
  return typeof v === typeof low && typeof v === typeof high && low <= v && v <= high;
}

function meet(x: Constraint, y: Constraint): boolean {
  if (x.kind === 'range' && y.kind === 'range') {
    if (typeof x.low !== typeof y.low || typeof x.high !== typeof y.high) return false;
    const low = x.low > y.low ? x.low : y.low;
    const high = x.high < y.high ? x.high : y.high;
    return low <= high;
  }
  if (x.kind === 'set' && y.kind === 'set') return x.values.some((v) => y.values.includes(v));
  const [range, set] = x.kind === 'range' ? [x, y as Extract<Constraint, { kind: 'set' }>] : [y as Extract<Constraint, { kind: 'range' }>, x];
  return set.values.some((v) => within(v, range.low, range.high));
}
