import { strict as assert } from 'node:assert';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { r2tContributions } from '../../../engine/release/kinds/r2t/r2t-contributions.js';
import { r2tExactOf } from '../../../engine/release/kinds/r2t/r2t-release.js';
import { edgesOf } from '../../../engine/release/kinds/r2t/r2t-edges.js';
import type { R2tQueryDescription } from '../../../engine/release/release-description.js';

// Customers 1 (north), 2 (south), 3 (north); customer 1 has 3 orders, 2 has 1, 3 has 5; customer 4 has none and
// order 10 names a customer 9 who is not in the customers table (the join drops it).
const CUSTOMERS = parseCsv('customer_id,region\n1,north\n2,south\n3,north\n4,south\n', { source: 'customers.csv' });
const ORDERS = parseCsv(
  'order_id,customer_id,amount\n1,1,10\n2,1,20\n3,1,2000\n4,2,5\n5,3,1\n6,3,1\n7,3,1\n8,3,1\n9,3,1\n10,9,50\n',
  { source: 'orders.csv' },
);
const TABLES = new Map([
  ['customers', CUSTOMERS],
  ['orders', ORDERS],
]);

const join = (extra: Partial<R2tQueryDescription>): R2tQueryDescription => ({
  kind: 'r2t',
  aggregate: 'count',
  by: [],
  table: 'orders',
  join: { table: 'customers', key: 'customer_id' },
  gs: 8,
  unitTable: 'customers',
  ...extra,
});

const exact = (q: R2tQueryDescription, domains: string[][] = []) =>
  r2tExactOf(
    {
      query: q,
      mechanism: { kind: 'laplace', epsilon: 1 },
      budget: { accounting: 'pure', epsilon: 1 },
      unitTable: 'customers',
      unit: 'customer_id',
      domains,
      notes: [],
    },
    { table: CUSTOMERS, tables: TABLES },
    [2, 4, 8],
  );

describe('R2T: the exact truncated answers in memory (issue 39)', () => {
  it('a count over orders ⋈ customers: contributions 3, 1, 5 give Q(2)=2+1+2=5, Q(4)=3+1+4=8, Q(8)=3+1+5=9', () => {
    const c = r2tContributions(join({}), TABLES, 'customers', 'customer_id');
    assert.deepEqual([...c.groups.get('')!].sort(), [1, 3, 5]);
    assert.deepEqual(exact(join({})).answers, [[5, 8, 9]]);
  });

  it('by region: north holds customers 1 and 3 (3 and 5 orders), south customer 2 (1 order) and 4 (none)', () => {
    const e = exact(join({ by: ['region'] }), [['north', 'south']]);
    assert.deepEqual(e.cells, [['north'], ['south']]);
    // north: min(3,τ)+min(5,τ) = 4, 7, 8; south: min(1,τ) = 1, 1, 1.
    assert.deepEqual(e.answers, [
      [4, 7, 8],
      [1, 1, 1],
    ]);
  });

  it('a sum clamped to 0..100: customer 1 contributes 10+20+100 = 130, 2 gives 5, 3 gives 5', () => {
    const e = exact(join({ aggregate: 'sum', column: 'amount', low: 0, high: 100 }));
    // τ = 2: 2+2+2 = 6; τ = 4: 4+4+4 = 12; τ = 8: 8+5+5 = 18.
    assert.deepEqual(e.answers, [[6, 12, 18]]);
  });

  it('a fractional sum clamped to 0..1000 is added in units of 2^−10 (k from the clamp), derived by hand', () => {
    // k = 20 − ⌈log₂ 1000⌉ = 10 (sum-grid.ts), units of 1/1024, each amount rounded half up on x·1024:
    // customer 1: 0.1 → 102.4 → 102, 0.2 → 204.8 → 205: c₁ = 307 units;
    // customer 2: 2.5 → 2560, 1000.7 clamped to 1000 → 1,024,000: c₂ = 1,026,560 units;
    // customer 3: 2^−11 → 0.5 → 1 (the tie rounds up), 0.0001 → 0.1024 → 0: c₃ = 1 unit.
    // τ = 2, 4, 8 are 2048, 4096, 8192 units: Q = 307 + τ·1024 + 1 units, i.e. τ + 308/1024 = τ + 0.30078125.
    const orders = parseCsv(
      'order_id,customer_id,amount\n1,1,0.1\n2,1,0.2\n3,2,2.5\n4,2,1000.7\n5,3,0.00048828125\n6,3,0.0001\n',
      { source: 'orders.csv' },
    );
    const q = join({ aggregate: 'sum', column: 'amount', low: 0, high: 1000 });
    const c = r2tContributions(q, new Map([...TABLES, ['orders', orders]]), 'customers', 'customer_id', 10);
    assert.deepEqual(
      [...c.groups.get('')!].sort((x, y) => x - y),
      [1, 307, 1026560],
    );
    const e = r2tExactOf(
      {
        query: q,
        mechanism: { kind: 'laplace', epsilon: 1 },
        budget: { accounting: 'pure', epsilon: 1 },
        unitTable: 'customers',
        unit: 'customer_id',
        domains: [],
        notes: [],
      },
      { table: CUSTOMERS, tables: new Map([...TABLES, ['orders', orders]]) },
      [2, 4, 8],
    );
    assert.deepEqual(e.answers, [[2.30078125, 4.30078125, 8.30078125]]);
  });

  it('one table: the unit table itself, one row each (contributions 1, 1, 1, 1)', () => {
    const q: R2tQueryDescription = { kind: 'r2t', aggregate: 'count', by: [], gs: 8, unitTable: 'customers' };
    assert.deepEqual(exact(q).answers, [[4, 4, 4]]);
  });

  it('a unit with rows in two groups counts in the least of them, and the owner is told (locally)', () => {
    const customers = parseCsv('customer_id,region\n1,south\n1,north\n2,south\n', { source: 'customers.csv' });
    const orders = parseCsv('order_id,customer_id\n1,1\n2,2\n', { source: 'orders.csv' });
    const tables = new Map([
      ['customers', customers],
      ['orders', orders],
    ]);
    const c = r2tContributions(join({ by: ['region'] }), tables, 'customers', 'customer_id');
    // Customer 1 has two unit-table rows, so its one order joins twice: contribution 2, in north (< 'south').
    assert.deepEqual(c.groups.get('north'), [2]);
    assert.deepEqual(c.groups.get('south'), [1]);
    assert.equal(c.moved, 1);
  });

  // The second review of issue 39: "the least" is in code-point order, as the SQL sources compare (UTF-8 bytes; "C" on
  // PostgreSQL). JavaScript's < put the emoji U+1F600 (code units 0xD83D 0xDE00) before U+E000; as code points
  // 0xE000 < 0x1F600, so the unit counts in the private-use group, as DuckDB, ClickHouse and PostgreSQL put it.
  it("the least of a unit's groups is taken in code-point order, not in UTF-16 code units", () => {
    const customers = parseCsv('customer_id,region\n1,\u{1F600}\n1,\uE000\n', { source: 'customers.csv' });
    const orders = parseCsv('order_id,customer_id\n1,1\n', { source: 'orders.csv' });
    const tables = new Map([
      ['customers', customers],
      ['orders', orders],
    ]);
    const c = r2tContributions(join({ by: ['region'] }), tables, 'customers', 'customer_id');
    assert.deepEqual(c.groups.get('\uE000'), [2]);
    assert.equal(c.groups.get('\u{1F600}'), undefined);
  });

  // Issue 39's review: memory read amounts with Number() (so '0x10' was 16 and a tab-padded cell a number) and refused
  // a non-numeric cell after the spend, where SQL's toNumber (the pattern of engine/table/cell-number.ts) reads neither
  // as a number and counts it as the clamp's low end. The earlier test here asserted that refusal; both now read a
  // cell as cell-number.ts does and count a non-number as the low end, as every clamped sum of the project does.
  it('summed cells are read by the one cell parser: 0x10, a tab-padded 7, ten and blank count as the low end; 1e3 and " 5 " are numbers', () => {
    const orders = parseCsv(
      'order_id,customer_id,amount\n1,1,0x10\n2,1,1e3\n3,1, 5 \n4,2,\t7\n5,3,ten\n6,3,\n7,2,0b11\n',
      { source: 'orders.csv' },
    );
    const c = r2tContributions(
      join({ aggregate: 'sum', column: 'amount', low: 1, high: 100 }),
      new Map([
        ['customers', CUSTOMERS],
        ['orders', orders],
      ]),
      'customers',
      'customer_id',
    );
    // Clamp 1..100, k = 0: customer 1: 0x10 → low 1, 1e3 → 100, ' 5 ' → 5: 106 (Number() gave 16 + 100 + 5 = 121);
    // customer 2: '\t7' → 1, 0b11 → 1: 2 (Number() gave 7 + 3 = 10); customer 3: 'ten' → 1, '' → 1: 2.
    assert.deepEqual(
      [...c.groups.get('')!].sort((x, y) => x - y),
      [2, 2, 106],
    );
  });

  it('a contribution stops at the cap (the largest threshold, in units), so it stays an exact integer however many rows a unit has', () => {
    // 2^46 rows cannot be built here; the cap is what keeps the sum below 2^53, so check that it applies: customer 1's
    // 10 + 20 + 2000 (clamped to 1000) = 1030 stops at a cap of 64, customer 3's 5 stays 5.
    const c = r2tContributions(
      join({ aggregate: 'sum', column: 'amount', low: 0, high: 1000 }),
      TABLES,
      'customers',
      'customer_id',
      0,
      64,
    );
    assert.deepEqual(
      [...c.groups.get('')!].sort((x, y) => x - y),
      [5, 5, 64],
    );
  });

  it('an edge list is read as a simple undirected graph: repeats, reversals and self-loops count once or not at all', () => {
    const t = parseCsv('a,b\n1,2\n2,1\n2,3\n3,3\n1,2\n', { source: 'friendships.csv' });
    assert.deepEqual(edgesOf(t, 'a', 'b'), [
      ['1', '2'],
      ['2', '3'],
    ]);
  });
});
