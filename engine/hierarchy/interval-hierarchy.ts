import { TableError } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';

export interface IntervalHierarchyOptions {
  /** Intervals at every level start at `origin + j·width` for integer j. Defaults to 0. */
  readonly origin?: number;
  /**
   * How values are read and intervals labelled.
   * `inclusive` (the default) covers integers only and labels closed integer ranges: 34 with width 5 → `30-34`.
   * `half-open` covers any decimal number and labels half-open ranges: 34.5 with width 5 → `[30, 35)`.
   */
  readonly format?: 'inclusive' | 'half-open';
}

/** A plain decimal: no exponent, no hex, no empty string (which `Number` would read as 0). */
const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/**
 * Numeric intervals: level i (1-based) puts a value into the interval of width `widths[i-1]` that contains it,
 * and the level above the last width is `*`. With widths 5, 10, 20 the value 34 becomes `30-34`, `30-39`, `20-39`, `*`.
 *
 * Widths must be positive integers, each a multiple of the one before, so that every interval lies inside exactly one
 * interval of the next level; that is what makes each level a function of the level below. Values that are not numbers
 * (and, in the `inclusive` format, numbers that are not integers) are not covered: validation reports them as missing.
 */
export function intervalHierarchy(widths: readonly number[], options: IntervalHierarchyOptions = {}): Hierarchy {
  const origin = options.origin ?? 0;
  const format = options.format ?? 'inclusive';
  const source = `intervals(${widths.join(', ')})`;
  if (!Number.isSafeInteger(origin)) throw new TableError(`${source}: the origin must be an integer, got ${origin}`);
  widths.forEach((w, i) => {
    if (!Number.isSafeInteger(w) || w <= 0)
      throw new TableError(`${source}: widths must be positive integers, got ${w}`);
    if (i > 0 && w % widths[i - 1] !== 0) {
      throw new TableError(
        `${source}: width ${w} is not a multiple of the width ${widths[i - 1]} below it, so intervals would overlap two parents`,
      );
    }
  });
  const label = (lo: number, w: number) => (format === 'inclusive' ? `${lo}-${lo + w - 1}` : `[${lo}, ${lo + w})`);
  return {
    height: widths.length + 1,
    source,
    generalize(value) {
      if (!DECIMAL.test(value)) return undefined;
      const x = Number(value);
      if (format === 'inclusive' && !Number.isSafeInteger(x)) return undefined;
      const chain = [value];
      for (const w of widths) chain.push(label(origin + Math.floor((x - origin) / w) * w, w));
      chain.push('*');
      return chain;
    },
  };
}
