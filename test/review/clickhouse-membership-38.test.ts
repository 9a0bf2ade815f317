import { strict as assert } from 'node:assert';
import { generalizedRowsSql } from '../../engine/source/sql/generalized-rows-sql.js';
import type { GeneralizedRows } from '../../engine/source/generalized-rows.js';

// Review of issue 38 item 1 on ClickHouse: the statement kept a row when its raw value was among the decision's with
// has([values], c), which ClickHouse 18.16 evaluates as a scan of the array for every row. Measured on ClickHouse
// 18.16 (test/helpers/clickhouse-cluster.ts, load about 2): over 2·10^6 rows and 10,000 values, has() took 71.4 s,
// c IN (values) 0.21 s and transform() (a hash table) 0.23 s; a 10^8-row table with 30,000 values would run for hours
// after the release's spend. IN builds one hash set per statement.
describe('review 38 — ClickHouse tests a raw value against the decision with a hashed IN', () => {
  const plan: GeneralizedRows = {
    columns: ['a', 'b'],
    header: ['a', 'b'],
    quasi: [
      { column: 'a', values: ['1', '2', '3'], labels: ['low', 'high'], codes: Int32Array.of(0, 0, 1) },
      { column: 'b', values: ['x'], labels: ['*'], codes: Int32Array.of(0) },
    ],
    classes: { count: 2, codes: [Int32Array.of(0, 1), Int32Array.of(0, 0)], rows: Int32Array.of(2, 1) },
    rows: 3,
    spreadsheetSafe: false,
  };

  it('no has() over the values: each column’s raw value IN the decision’s values', () => {
    const s = generalizedRowsSql(
      { dialect: 'clickhouse', values: 'inline' },
      't',
      plan,
      '0123456789abcdef0123456789abcdef',
    );
    assert.doesNotMatch(s.text, /\bhas\(/);
    assert.match(s.text, /`_privspec_c0` IN \('1', '2', '3'\)/);
    assert.match(s.text, /`_privspec_c1` IN \('x'\)/);
  });
});
