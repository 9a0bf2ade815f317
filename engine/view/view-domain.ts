/**
 * The public domain of a view: each dimension's ordered values, taken from the spec (declared `within` bounds and
 * hierarchy leaves), never from the data. Builders and answering index values by their position in this order.
 */
import { PrivacyError } from '../core/measures.js';
import type { ViewBlock, ViewDimension } from './view-types.js';

/** How many values a dimension has. */
export function dimensionSize(d: ViewDimension): number {
  return d.kind === 'range' ? d.hi - d.lo + 1 : d.values.length;
}

/**
 * The number of cells of the full count tensor (a double: it may exceed 2^53 only for absurd domains, refused here).
 */
export function domainCells(dimensions: readonly ViewDimension[]): number {
  let n = 1;
  for (const d of dimensions) n *= dimensionSize(d);
  return n;
}

/** The number of cells of a block. */
export function blockCells(block: Pick<ViewBlock, 'lo' | 'hi'>): number {
  let n = 1;
  for (let j = 0; j < block.lo.length; j++) n *= block.hi[j] - block.lo[j] + 1;
  return n;
}

/** Checks that each dimension is well formed and the tensor is addressable; the message names the dimension. */
export function validateDimensions(dimensions: readonly ViewDimension[]): void {
  if (dimensions.length === 0) throw new PrivacyError('a view needs at least one dimension');
  const names = new Set<string>();
  for (const d of dimensions) {
    if (names.has(d.name)) throw new PrivacyError(`view dimension ${d.name} is listed twice`);
    names.add(d.name);
    if (d.kind === 'range') {
      if (!Number.isSafeInteger(d.lo) || !Number.isSafeInteger(d.hi) || d.hi < d.lo) {
        throw new PrivacyError(`view dimension ${d.name}: bounds ${d.lo}..${d.hi} must be integers with lo ≤ hi`);
      }
      if (d.hi - d.lo + 1 > 2 ** 31 - 1) throw new PrivacyError(`view dimension ${d.name}: more than 2^31 − 1 values`);
    } else {
      if (d.values.length === 0) throw new PrivacyError(`view dimension ${d.name} has no values`);
      if (new Set(d.values).size !== d.values.length)
        throw new PrivacyError(`view dimension ${d.name} lists a value twice`);
    }
  }
  // Cell indices are formed as doubles; beyond 2^53 two cells could share an index.
  if (!(domainCells(dimensions) <= Number.MAX_SAFE_INTEGER)) {
    throw new PrivacyError(`the view's domain has more than 2^53 cells; declare fewer or coarser dimensions`);
  }
}

/**
 * The index of a value in a dimension's domain, or undefined when the value lies outside it. Range dimensions accept
 * integers written in decimal (`42`, `-3`); categorical ones accept exactly their listed values.
 */
export function valueIndex(d: ViewDimension, value: string): number | undefined {
  if (d.kind === 'categorical') {
    const i = d.values.indexOf(value);
    return i < 0 ? undefined : i;
  }
  const t = value.trim();
  if (!/^-?\d+$/.test(t)) return undefined;
  const v = Number(t);
  return v >= d.lo && v <= d.hi ? v - d.lo : undefined;
}

/** The value at an index of a dimension's domain, as text (the inverse of `valueIndex`). */
export function valueAt(d: ViewDimension, index: number): string {
  return d.kind === 'range' ? String(d.lo + index) : d.values[index];
}
