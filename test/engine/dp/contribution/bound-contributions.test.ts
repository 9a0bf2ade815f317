import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../../engine/core/random.js';
import { boundContributions } from '../../../../engine/dp/contribution/bound-contributions.js';
import { column, tableFromRows } from '../../../../engine/table/table.js';

// Seed "DP query tutorial", Bounding per-partition / cross-partition contribution: table tbl.
const tbl = tableFromRows(
  ['NAME', 'Item', 'Rating'],
  [
    ['Alice', 'apple', '5'],
    ['Alice', 'banana', '4'],
    ['Alice', 'cherry', '5'],
    ['Alice', 'orange', '5'],
    ['Bob', 'apple', '5'],
    ['Bob', 'banana', '5'],
    ['Cynthia', 'banana', '5'],
    ['Cynthia', 'cherry', '5'],
    ['David', 'apple', '5'],
    ['David', 'orange', '4'],
  ],
  'tbl',
);
const rating = column(tbl, 'Rating');
/** Row counts per Item among `rows` (the histogram's exact answer). */
function countBy(rows: Int32Array, items: readonly string[]): number[] {
  const item = column(tbl, 'Item');
  return items.map((v) => [...rows].filter((r) => item.dictionary[item.codes[r]] === v).length);
}
const all = Int32Array.from([...Array(tbl.rowCount).keys()]);
const fives = Int32Array.from(
  [...Array(tbl.rowCount).keys()].filter((r) => rating.dictionary[rating.codes[r]] === '5'),
);

describe('dp/contribution (bounded user contribution)', () => {
  it('per-partition bound t = 2: COUNT(*) WHERE Rating = 5 goes from 8 to 7 (Alice 3 → 2)', () => {
    assert.equal(fives.length, 8);
    for (const seed of [1, 2, 3]) {
      const { rows, dropped } = boundContributions(
        tbl,
        { privacyUnit: 'NAME', maxPartitions: 1, maxRowsPerPartition: 2 },
        { rows: fives, rng: seededRandom(seed) },
      );
      assert.equal(rows.length, 7);
      assert.equal(dropped, 1);
    }
  });

  it("cross-partition bound t = 2: GROUP BY Item keeps 2 of Alice's 4 items; 10 contributions become 8", () => {
    const items = ['apple', 'banana', 'cherry', 'orange'];
    assert.deepEqual(countBy(all, items), [3, 3, 2, 2]);
    const { rows } = boundContributions(
      tbl,
      { privacyUnit: 'NAME', partitionBy: ['Item'], maxPartitions: 2, maxRowsPerPartition: 1 },
      { rng: seededRandom(4) },
    );
    const counts = countBy(rows, items);
    assert.equal(
      counts.reduce((a, b) => a + b),
      8,
    );
    const name = column(tbl, 'NAME');
    assert.equal([...rows].filter((r) => name.dictionary[name.codes[r]] === 'Alice').length, 2);
  });

  it('the sampling is uniform over which partitions a unit keeps', () => {
    // Alice keeps 2 of 4 items: each item kept with probability 1/2.
    const kept = new Map<string, number>();
    const rng = seededRandom(9);
    const item = column(tbl, 'Item');
    const name = column(tbl, 'NAME');
    for (let i = 0; i < 4000; i++) {
      const { rows } = boundContributions(
        tbl,
        { privacyUnit: 'NAME', partitionBy: ['Item'], maxPartitions: 2, maxRowsPerPartition: 1 },
        { rng },
      );
      for (const r of rows)
        if (name.dictionary[name.codes[r]] === 'Alice')
          kept.set(item.dictionary[item.codes[r]], (kept.get(item.dictionary[item.codes[r]]) ?? 0) + 1);
    }
    // Each count ~ Binomial(4000, 1/2): 4.5σ = 142; false failure < 1e-4.
    for (const c of kept.values()) assert.ok(Math.abs(c - 2000) < 142, String([...kept]));
  });

  it('refuses bounds that are not positive integers', () => {
    assert.throws(
      () => boundContributions(tbl, { privacyUnit: 'NAME', maxPartitions: 0, maxRowsPerPartition: 1 }),
      /positive integer/,
    );
  });
});
