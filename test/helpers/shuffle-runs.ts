import { strict as assert } from 'node:assert';
import type { DataSource } from '../../engine/source/data-source.js';

/**
 * The shuffle every source gives a microdata writer (DataSource.shuffledRows), tested as a random permutation should
 * behave: 1,000 rows numbered i = 0…999 whose value v is i's hundred (10 values in runs of 100, the worst case for an
 * order that follows the input or the content).
 *
 * - Equal neighbours: in a random permutation of n rows with value counts c, the expected number of adjacent equal
 *   pairs is Σ c(c − 1) / n = 10 · 100 · 99 / 1000 = 99 (each of the n − 1 adjacent pairs is equal with probability
 *   Σ c(c − 1) / (n(n − 1)); the Wald–Wolfowitz runs test counts the same pairs). Its standard deviation is under
 *   √99 ≈ 10, so the bound is 99 ± 50; the input order gives 990, an order by the rows' content (a hash of the row)
 *   990 too, and an order that puts rows of two shards with the same per-shard number side by side about 500.
 * - Position against i: Spearman's ρ of a random permutation has standard deviation 1/√(n − 1) ≈ 0.032; |ρ| < 0.2 is
 *   over 6 of them, and the input order has ρ = 1.
 * - Another key gives another order; the rows are the table's, each once.
 */
export const SHUFFLE_ROWS: string[][] = Array.from({ length: 1000 }, (_, i) => [String(i), `v${Math.floor(i / 100)}`]);

export async function assertShuffled(source: DataSource): Promise<void> {
  const order = async (key: string) => {
    const out: string[][] = [];
    for await (const batch of source.shuffledRows!(['i', 'v'], key, 97)) out.push(...batch.rows.map((r) => [...r]));
    return out;
  };
  const a = await order('0123456789abcdef0123456789abcdef');
  assert.deepEqual(a.map((r) => r.join(',')).sort(), SHUFFLE_ROWS.map((r) => r.join(',')).sort(), 'each row once');
  let equal = 0;
  for (let p = 1; p < a.length; p++) if (a[p][1] === a[p - 1][1]) equal++;
  assert.ok(Math.abs(equal - 99) <= 50, `${equal} adjacent equal pairs; a random order has 99 ± 10`);
  const n = a.length;
  let d2 = 0;
  a.forEach((r, p) => (d2 += (Number(r[0]) - p) ** 2));
  const rho = 1 - (6 * d2) / (n * (n * n - 1));
  assert.ok(Math.abs(rho) < 0.2, `Spearman ρ of position and input number ${rho}`);
  const b = await order('fedcba9876543210fedcba9876543210');
  assert.notDeepEqual(
    b.map((r) => r[0]),
    a.map((r) => r[0]),
    'another key, another order',
  );
}
