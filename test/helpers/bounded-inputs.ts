/**
 * The inputs of the tests that bound work (CPU time, see cpu-time.ts), shared with `npm run bench -- bounded`, which
 * times the same inputs: a test's bound says the work did not grow, the bench says how long it takes.
 */
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../engine/core/random.js';
import type { ViewCounts, ViewDimension } from '../../engine/view/view-types.js';
import { adultDir } from './adult.js';

// test/cli/bounded-check.test.ts: `privspec check` on releases that overlap.

const head = 'dataset d from "d.csv" { insensitive age, c }\nbudget { epsilon 100000 }\n';

/** The data file the specs name: one row, so that all the work is in the releases. */
export const BOUNDED_DATA = 'age,c\n30,x\n';

/** A spec that loads the check's code once, so that a measurement after it counts work, not module loading. */
export const WARM_UP_SPEC = `${head}release w: count where age in 0..1  laplace epsilon 1\n`;

/**
 * `n` releases over value sets in a Moon–Moser pattern: groups of three whose sets are pairwise disjoint within a
 * group and share one value with every set of another group, so the overlap graph of 53 has 3^17·9 maximal cliques.
 */
export function moonMoserSpec(n: number): string {
  const group = (i: number) => Math.floor(i / 3);
  let spec = head;
  for (let i = 0; i < n; i++) {
    const values: string[] = [];
    for (let j = 0; j < n; j++) {
      if (group(j) === group(i)) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      values.push(`"${a}.${b}"`);
    }
    spec += `release m${i}: count where c in {${values.join(', ')}}  laplace epsilon 1\n`;
  }
  return spec;
}

/** `n` range releases of width 10 sliding by one: every point lies in at most 11 of them. */
export function overlappingRangesSpec(n: number): string {
  let spec = head;
  for (let i = 0; i < n; i++) spec += `release r${i}: count where age in ${i}..${i + 10}  laplace epsilon 0.01\n`;
  return spec;
}

/** `n` nested range releases 0..i: all of them overlap at 0. */
export function nestedRangesSpec(n: number): string {
  let spec = head;
  for (let i = 0; i < n; i++) spec += `release r${i}: count where age in 0..${i}  laplace epsilon 0.01\n`;
  return spec;
}

// test/engine/release/overlap-walk.test.ts: the budget walk on its own.

/** 2,000 random ranges within 0..10,000 with costs 0.01–0.07, from a fixed linear congruential sequence. */
export function randomRanges(n = 2000): { low: number; high: number; epsilon: number }[] {
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => {
    const [a, b] = [Math.floor(rnd() * 10000), Math.floor(rnd() * 10000)];
    return { low: Math.min(a, b), high: Math.max(a, b), epsilon: (1 + (i % 7)) / 100 };
  });
}

// test/engine/host/sources/csv/linear-time-inputs.test.ts: a record longer than a chunk.

/** A CSV whose line 2 opens a quote; `close` decides whether it closes at the very end. */
export function writeOpenQuote(path: string, bytes: number, close: boolean): void {
  const fd = openSync(path, 'w');
  writeSync(fd, 'a,b\n"x,1\n');
  const block = Buffer.from('12345,abcdefgh\n'.repeat(4096));
  for (let written = 0; written < bytes; written += block.length) writeSync(fd, block);
  if (close) writeSync(fd, '",2\n3,4\n');
  closeSync(fd);
}

// test/engine/table/column-limit.test.ts: a header far past the column limit.

/** A header of `n` columns c0, c1, … and one row of ones: 1,000,000 columns make about 7 MB + 2 MB. */
export function wideCsv(n: number): string {
  const names = Array.from({ length: n }, (_, j) => `c${j}`);
  return `${names.join(',')}\n${names.map(() => '1').join(',')}\n`;
}

// test/cli/finite-results.test.ts: `privspec leakage` on 5,000 units.

/** A connected random graph of 5,000 units and 10,000 pairs (a random tree, then random pairs), as a CSV. */
export function randomGraph5000Csv(): string {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['a,b'];
  const seen = new Set<string>();
  // A random tree keeps it connected; then random extra pairs to average degree 4.
  for (let i = 1; i < 5000; i++) {
    const j = Math.floor(rnd() * i);
    seen.add(`${j},${i}`);
    lines.push(`u${j},u${i}`);
  }
  while (lines.length - 1 < 10000) {
    const [a, b] = [Math.floor(rnd() * 5000), Math.floor(rnd() * 5000)];
    const key = `${Math.min(a, b)},${Math.max(a, b)}`;
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    lines.push(`u${a},u${b}`);
  }
  return `${lines.join('\n')}\n`;
}

/** 1,000 households of five, each a path h·a – h·b – h·c – h·d – h·e, as the lines of a CSV (header first). */
export function householdLines(): string[] {
  const lines = ['a,b'];
  for (let h = 0; h < 1000; h++) for (let k = 0; k < 4; k++) lines.push(`h${h}m${k},h${h}m${k + 1}`);
  return lines;
}

// test/engine/view/*.test.ts: the view builders and the view-file check.

/** Two range dimensions 0..99 and 50 points: the identity view of it has 10,000 blocks. */
export function smallGrid(): ViewCounts {
  const dims: ViewDimension[] = [
    { kind: 'range', name: 'x', lo: 0, hi: 99 },
    { kind: 'range', name: 'y', lo: 0, hi: 99 },
  ];
  return {
    dimensions: dims,
    codes: dims.map(() => Int32Array.from({ length: 50 }, (_, i) => (i * 7) % 100)),
    weights: new Int32Array(50).fill(1),
  };
}

/** 12 dimensions of 8 values and 1,000 rows: the input on which HDPView once ran out of memory. */
export function twelveDimensions(): ViewCounts {
  const dims: ViewDimension[] = Array.from({ length: 12 }, (_, j) => ({ kind: 'range', name: `d${j}`, lo: 0, hi: 7 }));
  const n = 1000;
  const codes = dims.map((_, j) => Int32Array.from({ length: n }, (_, i) => (i * (2 * j + 3) + (i >> 3)) % 8));
  return { dimensions: dims, codes, weights: new Int32Array(n).fill(1) };
}

/** A declared range 0..1,000,000 (income) beside age 0..99, 5,000 seeded rows. */
export function wideRange(): ViewCounts {
  const wide: ViewDimension[] = [
    { kind: 'range', name: 'income', lo: 0, hi: 1_000_000 },
    { kind: 'range', name: 'age', lo: 0, hi: 99 },
  ];
  const r = seededRandom(12);
  const n = 5000;
  return {
    dimensions: wide,
    codes: [
      Int32Array.from({ length: n }, () => r.nextUint32() % 200_000),
      Int32Array.from({ length: n }, () => 20 + (r.nextUint32() % 50)),
    ],
    weights: new Int32Array(n).fill(1),
  };
}

// test/cli/reid-bounds.test.ts: `privspec reid` on Adult.

/** The first `n` Adult rows on `qi` and a release drawn with retention 0.8 per attribute (rows shuffled), in `dir`. */
export function reidFiles(dir: string, n: number, qi: string[]): { original: string; released: string } {
  const lines = readFileSync(join(adultDir()!, 'adult.csv'), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const header = lines[0].split(';');
  const at = qi.map((q) => header.indexOf(q));
  const rows = lines
    .slice(1, n + 1)
    .map((l) => l.split(';'))
    .map((r) => at.map((i) => r[i]));
  const domains = qi.map((_, a) => [...new Set(rows.map((r) => r[a]))]);
  const rng = seededRandom('reid-bounds');
  const released = rows.map((r) =>
    r.map((v, a) => (rng.nextUint32() % 10 < 8 ? v : domains[a][rng.nextUint32() % domains[a].length])),
  );
  for (let i = released.length - 1; i > 0; i--) {
    const j = rng.nextUint32() % (i + 1);
    [released[i], released[j]] = [released[j], released[i]];
  }
  const write = (name: string, rs: string[][]) => {
    writeFileSync(join(dir, name), `${qi.join(',')}\n${rs.map((r) => r.join(',')).join('\n')}\n`);
    return name;
  };
  return { original: write(`o${n}.csv`, rows), released: write(`r${n}.csv`, released) };
}
