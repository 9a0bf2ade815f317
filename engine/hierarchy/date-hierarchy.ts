import { TableError } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';

export type DateLevel = 'month' | 'year' | 'decade';

export interface DateHierarchyOptions {
  /** The levels above the day, coarsest last; defaults to month, year. */
  readonly levels?: readonly DateLevel[];
  /**
   * Separator of the month label (`2017-06` or `2017/06`); defaults to `-` whatever the input uses, so that mixed
   * inputs group together.
   */
  readonly separator?: '-' | '/';
}

/**
 * Accepted inputs: `YYYY-MM-DD` (ISO 8601), `YYYY/MM/DD` (as in the seed "generalization + PRAM", figure 2), and an ISO
 * date-time `YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]` whose date part is used. Month and day may have one or two digits.
 */
const DATE = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const ORDER: Record<DateLevel, number> = { month: 0, year: 1, decade: 2 };

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Dates: day → month → year (→ decade) → `*`. `2017-06-19` becomes `2017-06`, `2017`, `*` with the default levels.
 * Text that is not a date in an accepted form, or names a day that does not exist (`2019-02-29`), is not covered:
 * validation reports it as missing.
 */
export function dateHierarchy(options: DateHierarchyOptions = {}): Hierarchy {
  const levels = options.levels ?? ['month', 'year'];
  const separator = options.separator ?? '-';
  const source = `dates(${levels.join(', ')})`;
  levels.forEach((l, i) => {
    if (!(l in ORDER)) throw new TableError(`${source}: unknown date level '${l}' (expected month, year or decade)`);
    if (i > 0 && ORDER[l] <= ORDER[levels[i - 1]])
      throw new TableError(`${source}: date levels must go from fine to coarse`);
  });
  return {
    height: levels.length + 1,
    source,
    generalize(value) {
      const m = DATE.exec(value.trim());
      if (!m) return undefined;
      const year = Number(m[1]);
      const month = Number(m[3]);
      const day = Number(m[4]);
      if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
      const chain = [value];
      for (const l of levels) {
        if (l === 'month') chain.push(`${m[1]}${separator}${String(month).padStart(2, '0')}`);
        else if (l === 'year') chain.push(m[1]);
        else chain.push(`${year - (year % 10)}-${year - (year % 10) + 9}`);
      }
      chain.push('*');
      return chain;
    },
  };
}
