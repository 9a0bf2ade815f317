import { TableError } from '../table/table.js';
import type { Hierarchy } from './hierarchy.js';

/**
 * Masking from the right, as for postcodes: level i replaces the last `counts[i-1]` characters with `*`, and the level
 * above the last count is `*` alone. With counts 1, 2, 3, 5 the value `81667` becomes `8166*`, `816**`, `81***`,
 * `*****`, `*`.
 *
 * The top `*` is always added, so every value has the same height whatever its length: `*****` and `****` (a shorter
 * value fully masked) stay apart until the top. Values shorter than a count are masked entirely, keeping their length.
 * Characters are Unicode code points, so a value is never cut inside a surrogate pair. Every value is covered.
 */
export function maskingHierarchy(counts: readonly number[], mask = '*'): Hierarchy {
  const source = `masking(${counts.join(', ')})`;
  counts.forEach((n, i) => {
    if (!Number.isSafeInteger(n) || n <= 0)
      throw new TableError(`${source}: mask counts must be positive integers, got ${n}`);
    if (i > 0 && n <= counts[i - 1])
      throw new TableError(`${source}: mask counts must increase, got ${counts[i - 1]} then ${n}`);
  });
  return {
    height: counts.length + 1,
    source,
    generalize(value) {
      const chars = Array.from(value);
      const chain = [value];
      for (const n of counts) {
        const keep = Math.max(0, chars.length - n);
        chain.push(chars.slice(0, keep).join('') + mask.repeat(chars.length - keep));
      }
      chain.push('*');
      return chain;
    },
  };
}
