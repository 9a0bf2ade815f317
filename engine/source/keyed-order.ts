/**
 * The keyed order in which contribution bounding keeps rows, defined so that privspec and SQL compute it identically.
 *
 *   key(seed, parts) = md5( seed ‖ '|' ‖ for each part p: charLength(p) ‖ ':' ‖ p )
 *
 * where a part is a cell as text (a blank or NULL cell is ''), charLength counts Unicode code points, and the
 * length prefix makes the encoding injective (no two lists of parts give one string). Then, among the rows inside
 * `where`:
 *   partition rank = DENSE_RANK() OVER (PARTITION BY unit ORDER BY key(seed, ['p', unit, partition values…]))
 *   row rank       = ROW_NUMBER() OVER (PARTITION BY unit, partition values… ORDER BY key(seed, ['r', unit,
 *                    partition values…, content values…]))
 * and a row is kept when partition rank ≤ maxPartitions and row rank ≤ maxRowsPerPartition. The content values are the
 * other cells the aggregate reads (the other group columns and the clamped column). Two rows of one unit and partition
 * with the same content tie, and either may be kept: they are interchangeable for the aggregate, so every source gives
 * the same answer for the same seed although no source has to know a row number.
 *
 * Why this is enough for privacy: which rows a unit keeps depends only on that unit's own rows and the seed, and it
 * keeps at most maxPartitions·maxRowsPerPartition of them in at most maxPartitions partitions — the stability the
 * sensitivities of engine/release/sensitivity.ts rest on (Wilson et al., PoPETs 2020, §3). The seed is drawn from the
 * secure generator for every run, so the kept rows are a fresh pseudo-random choice. Unlike the in-memory bounding of
 * engine/dp/contribution/bound-contributions.ts, the choice is uniform over distinct contents, not over rows: a unit
 * holding one value three times and another once keeps either with equal chance.
 */
import type { RandomSource } from '../core/random.js';
import { md5Hex } from './md5.js';

export function keyedHashInput(seed: string, parts: readonly string[]): string {
  let s = `${seed}|`;
  for (const p of parts) s += `${codePoints(p)}:${p}`;
  return s;
}

export function keyedHash(seed: string, parts: readonly string[]): string {
  return md5Hex(keyedHashInput(seed, parts));
}

function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** A seed for one run: 128 bits of `rng` (the secure generator, or a test's seeded one) as 32 hexadecimal digits. */
export function boundingSeed(rng: RandomSource): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += rng.nextUint32().toString(16).padStart(8, '0');
  return s;
}
