import { strict as assert } from 'node:assert';
import { canonicalFrequencyTable } from '../../../engine/table/canonical-frequency-table.js';
import type { FrequencyTable } from '../../../engine/table/frequency-table.js';

/** The records as strings, in the table's order, its columns taken by name: what a canonical table must agree on. */
const records = (f: FrequencyTable, names: readonly string[]) =>
  Array.from({ length: f.count }, (_, t) =>
    [
      ...names.map((n) => {
        const j = f.columns.findIndex((c) => c.name === n);
        return f.columns[j].dictionary[f.codes[j][t]];
      }),
      f.weights[t],
    ].join('|'),
  );

describe('canonicalFrequencyTable: one order whatever the source (issue 38)', () => {
  // Worked by hand: records (b, y) ×2, (a, z) ×1, (b, x) ×4, (a, y) ×3 with dictionaries in first-appearance order
  // [b, a] and [y, z, x]. Sorted dictionaries: [a, b] and [x, y, z]; records sorted on (first, second):
  // (a, y) 3, (a, z) 1, (b, x) 4, (b, y) 2.
  const table: FrequencyTable = {
    columns: [
      { name: 'first', dictionary: ['b', 'a'] },
      { name: 'second', dictionary: ['y', 'z', 'x'] },
    ],
    count: 4,
    codes: [Int32Array.from([0, 1, 0, 1]), Int32Array.from([0, 1, 2, 0])],
    weights: Int32Array.from([2, 1, 4, 3]),
    rowCount: 10,
  };

  it('sorts the dictionaries and the records (hand-worked)', () => {
    const c = canonicalFrequencyTable(table);
    assert.deepEqual(
      c.columns.map((col) => col.dictionary),
      [
        ['a', 'b'],
        ['x', 'y', 'z'],
      ],
    );
    assert.deepEqual([...c.codes[0]], [0, 0, 1, 1]);
    assert.deepEqual([...c.codes[1]], [1, 2, 0, 1]);
    assert.deepEqual([...c.weights], [3, 1, 4, 2]);
    assert.equal(c.rowCount, 10);
    assert.equal(canonicalFrequencyTable(c), c, 'a canonical table is returned as it is');
  });

  it('orders by the columns taken in the order of their names, whatever order the table lists them in', () => {
    const swapped: FrequencyTable = {
      ...table,
      columns: [table.columns[1], table.columns[0]],
      codes: [table.codes[1], table.codes[0]],
    };
    assert.deepEqual(
      records(canonicalFrequencyTable(swapped), ['first', 'second']),
      records(canonicalFrequencyTable(table), ['first', 'second']),
    );
  });

  it('compares strings by UTF-16 code units, not by a locale: "B" < "a" < "é"', () => {
    const f: FrequencyTable = {
      columns: [{ name: 'v', dictionary: ['é', 'a', 'B'] }],
      count: 3,
      codes: [Int32Array.from([0, 1, 2])],
      weights: Int32Array.from([1, 2, 3]),
      rowCount: 6,
    };
    const c = canonicalFrequencyTable(f);
    assert.deepEqual(c.columns[0].dictionary, ['B', 'a', 'é']);
    assert.deepEqual([...c.weights], [3, 2, 1]);
  });

  it('sorts keys beyond 2^53 exactly: 40 columns of 4 values, against a sort of the string records', () => {
    // 4^40 = 2^80 mixed-radix keys: the running key is replaced by its rank before it loses precision.
    let x = 99;
    const next = (m: number) => {
      x = (x * 48271) % 2147483647;
      return x % m;
    };
    const n = 3000;
    const names = Array.from({ length: 40 }, (_, j) => `c${String(j).padStart(2, '0')}`);
    const seen = new Set<string>();
    const rows: number[][] = [];
    while (rows.length < n) {
      const r = names.map(() => next(4));
      if (seen.has(r.join())) continue;
      seen.add(r.join());
      rows.push(r);
    }
    const f: FrequencyTable = {
      // Reversed dictionaries and reversed column order, so that nothing is sorted to begin with.
      columns: [...names].reverse().map((name) => ({ name, dictionary: ['w3', 'w2', 'w1', 'w0'] })),
      count: n,
      codes: [...names].reverse().map((_, j) => Int32Array.from(rows, (r) => r[names.length - 1 - j])),
      weights: Int32Array.from(rows, (_, t) => t + 1),
      rowCount: (n * (n + 1)) / 2,
    };
    const expected = records(f, names).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    assert.deepEqual(records(canonicalFrequencyTable(f), names), expected);
  });
});

describe('canonicalFrequencyTable: past the records whose packed order is exact (issue 38 review, Low)', () => {
  it('refuses more than floor(√2^53) = 94,906,265 distinct records with one message, before any work', async () => {
    const { MOST_RECORDS } = await import('../../../engine/table/canonical-frequency-table.js');
    // By hand: 94,906,265² = 9,007,199,136,250,225 ≤ 2^53 = 9,007,199,254,740,992 < 94,906,266².
    assert.equal(MOST_RECORDS, 94_906_265);
    assert.ok(MOST_RECORDS ** 2 <= 2 ** 53 && (MOST_RECORDS + 1) ** 2 > 2 ** 53);
    // The arrays are never read: the count alone decides (a real table that large would hold 380 MB a column).
    const huge: FrequencyTable = {
      columns: [{ name: 'a', dictionary: ['x', 'y'] }],
      count: MOST_RECORDS + 1,
      codes: [new Int32Array(0)],
      weights: new Int32Array(0),
      rowCount: MOST_RECORDS + 1,
    };
    assert.throws(
      () => canonicalFrequencyTable(huge),
      /the frequency table has 94906266 distinct records, more than the 94906265 privspec orders; generalize or drop a column of many values first/,
    );
  });
});
