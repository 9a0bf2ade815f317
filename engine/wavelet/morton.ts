/**
 * Z-order (Morton) numbering of a square grid of side 2^m: the bits of the column x and the row y are interleaved,
 * x in the even bits and y in the odd bits, so that cells 2t and 2t + 1 are horizontal neighbours, blocks of four are
 * 2×2 squares, and every aligned run of 2^i indices is a rectangle 2^⌈i/2⌉ wide and 2^⌊i/2⌋ high.
 *
 * This is the order under which a binary Haar tree over the cells is the non-standard (pyramid) decomposition of
 * the grid taken one axis at a time: level 1 pairs columns, level 2 pairs rows of the level-1 averages, and so on.
 * G. M. Morton, "A computer oriented geodetic data base and a new technique in file sequencing", IBM, 1966.
 */
import { log2Exact } from './haar-1d.js';

/** Spreads the low 16 bits of v to the even bit positions. */
function spread(v: number): number {
  v &= 0xffff;
  v = (v | (v << 8)) & 0x00ff00ff;
  v = (v | (v << 4)) & 0x0f0f0f0f;
  v = (v | (v << 2)) & 0x33333333;
  v = (v | (v << 1)) & 0x55555555;
  return v >>> 0;
}

/** Collects the even bits of v into the low 16 bits. */
function compact(v: number): number {
  v &= 0x55555555;
  v = (v | (v >>> 1)) & 0x33333333;
  v = (v | (v >>> 2)) & 0x0f0f0f0f;
  v = (v | (v >>> 4)) & 0x00ff00ff;
  v = (v | (v >>> 8)) & 0x0000ffff;
  return v;
}

/** The Morton index of column x, row y. */
export function mortonIndex(x: number, y: number): number {
  return (spread(x) | (spread(y) << 1)) >>> 0;
}

/** Column and row of a Morton index. */
export function mortonDecode(z: number): { x: number; y: number } {
  return { x: compact(z), y: compact(z >>> 1) };
}

const cache = new Map<number, Int32Array>();

/** For side 2^m: the row-major index of the cell with each Morton index (cached per side). */
export function mortonToRowMajor(side: number): Int32Array {
  log2Exact(side);
  if (side > 2 ** 15) throw new RangeError(`morton: side ${side} is above 2^15`);
  let perm = cache.get(side);
  if (!perm) {
    perm = new Int32Array(side * side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) perm[mortonIndex(x, y)] = y * side + x;
    cache.set(side, perm);
  }
  return perm;
}
