/**
 * A cell's number, read one way everywhere: by the in-memory path (sums, means, `where` ranges and sets, grid
 * coordinates, clamps) and by the SQL every source runs (engine/source/sql/dialect.ts builds its cast from the same
 * pattern). Decimal numbers with an optional sign, fraction and exponent, or ±Infinity, after trimming spaces (only
 * spaces, as SQL's trim() does). JavaScript's Number() alone would also read `0x10` as 16, `0b11` as 3 and a
 * tab-padded cell as a number, where every SQL cast reads no number — so one CSV gave two sums depending on the engine.
 * A cell that is no number is NaN: the callers count it as they always have (a clamp's low end, in no cell, no match).
 */

/** The pattern, as text for SQL: no backslash and no POSIX class, so it means the same in RE2, PostgreSQL and Java. */
export const CELL_NUMBER_PATTERN = '^([-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?|[-+]?Infinity)$';

const NUMERIC = new RegExp(CELL_NUMBER_PATTERN);
const SPACES = /^ +| +$/g;

export function cellNumber(cell: string): number {
  const t = cell.includes(' ') ? cell.replace(SPACES, '') : cell;
  return NUMERIC.test(t) ? Number(t) : NaN;
}
