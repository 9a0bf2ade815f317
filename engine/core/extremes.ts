/**
 * The largest and smallest of a sequence of numbers, by a loop.
 *
 * `Math.max(...values)` passes every value as an argument, and an engine's argument list is bounded by its call stack:
 * V8 throws "Maximum call stack size exceeded" somewhere above 100,000 arguments, so a spread over anything that grows
 * with the data (a workload's lines, a column's values, a matrix's labels) fails on large inputs. These loops take any
 * length.
 */

/** The largest of `values`, or `empty` when there is none (`-Infinity`, as `Math.max()` gives); NaN when any is NaN. */
export function largest(values: Iterable<number>, empty = -Infinity): number {
  let best = empty;
  let seen = false;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (!seen || v > best) best = v;
    seen = true;
  }
  return best;
}

/** The smallest of `values`, or `empty` when there is none (`Infinity`, as `Math.min()` gives); NaN when any is NaN. */
export function smallest(values: Iterable<number>, empty = Infinity): number {
  let best = empty;
  let seen = false;
  for (const v of values) {
    if (Number.isNaN(v)) return NaN;
    if (!seen || v < best) best = v;
    seen = true;
  }
  return best;
}
