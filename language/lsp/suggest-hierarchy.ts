/**
 * A first hierarchy for a quasi-identifier, guessed from its distinct values, for the quick fix on
 * `quasi-without-hierarchy`. It is a starting point the user edits, so it follows the common shapes of the
 * literature's benchmark hierarchies (ARX's Adult hierarchies): ISO dates truncated to month and year; codes of one
 * length (ZIP codes) masked digit by digit from the right; numbers in intervals doubling in width; a few categories
 * grouped straight into `*`.
 */
import { quoteString } from '../quote-column.js';
import { largest, smallest } from '../../engine/core/extremes.js';

/** Categories listed in one line at most; beyond this a grouping hierarchy needs a person's judgement. */
const MAX_CATEGORIES = 30;

export interface SuggestedHierarchy {
  /** What follows `hierarchy COL`: `: intervals 10, 20, 40`, `: mask 1, 2`, `{ "a", "b" -> "*" }`. */
  readonly text: string;
  /** Why this shape, for the fix's title. */
  readonly why: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 1, 2 or 5 times a power of ten, the nearest at or above `x`. */
function niceWidth(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 5, 10].map((m) => m * p).find((w) => w >= x * (1 - 1e-9)) ?? 10 * p;
}

export function suggestHierarchy(values: readonly string[]): SuggestedHierarchy | undefined {
  const present = values.filter((v) => v !== '');
  if (present.length === 0) return undefined;
  if (present.every((v) => ISO_DATE.test(v)))
    return { text: ': date month, year', why: 'ISO dates to month, then year' };
  const length = present[0].length;
  if (length >= 4 && present.every((v) => /^\d+$/.test(v) && v.length === length)) {
    // Codes of one length: mask one more digit per level, up to all but the first (then `*`).
    const counts = Array.from({ length: length - 1 }, (_, i) => i + 1);
    return { text: `: mask ${counts.join(', ')}`, why: `${length}-digit codes masked from the right` };
  }
  const numbers = present.map(Number);
  if (numbers.every((x) => Number.isFinite(x))) {
    const low = smallest(numbers);
    const high = largest(numbers);
    if (high === low) return undefined;
    // About ten intervals at the first level, then widths doubling twice (three levels below `*`).
    const w = niceWidth((high - low) / 10);
    const origin = low >= 0 ? 0 : Math.floor(low / w) * w;
    return {
      text: `: intervals ${w}, ${2 * w}, ${4 * w}${origin === 0 ? '' : ` from ${origin}`}`,
      why: `intervals of ${w}, ${2 * w}, ${4 * w}`,
    };
  }
  if (present.length <= MAX_CATEGORIES) {
    const sorted = [...new Set(present)].sort((a, b) => a.localeCompare(b, 'en'));
    return {
      text: ` { ${sorted.map(quoteString).join(', ')} -> "*" }`,
      why: `its ${sorted.length} values grouped into *`,
    };
  }
  return undefined;
}
