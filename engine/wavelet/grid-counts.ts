/**
 * The input every grid release takes: a side×side grid of counts in row-major order (row r, column c at r·side + c),
 * each a non-negative integer. Neighbouring inputs differ by one point added or removed, so exactly one cell differs,
 * by 1 — the unit the sensitivities of every grid mechanism here are stated in.
 */
import { PrivacyError } from '../core/measures.js';

/** The largest grid side accepted (2^12 = 4096, i.e. 16.7 million cells). */
export const MAX_GRID_SIDE = 4096;

export function checkSide(side: number): void {
  if (!Number.isInteger(side) || side < 1 || side > MAX_GRID_SIDE) {
    throw new PrivacyError(`grid size must be an integer in [1, ${MAX_GRID_SIDE}], got ${side}`);
  }
}

/** Throws unless `counts` is a side×side grid of non-negative integers whose total is a safe integer. */
export function checkCounts(counts: ArrayLike<number>, side: number): void {
  if (counts.length !== side * side)
    throw new PrivacyError(`grid of size ${side} needs ${side * side} cells, got ${counts.length}`);
  let total = 0;
  for (let i = 0; i < counts.length; i++) {
    const v = counts[i];
    if (!(v >= 0) || !Number.isInteger(v))
      throw new PrivacyError(`grid cell ${i} holds ${v}; counts must be non-negative integers`);
    total += v;
  }
  if (!Number.isSafeInteger(total)) throw new PrivacyError(`grid total ${total} is too large to add exactly`);
}
