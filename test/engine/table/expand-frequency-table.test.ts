import { strict as assert } from 'node:assert';
import { expandedRows } from '../../../engine/table/expand-frequency-table.js';
import { frequencyTableOf } from '../../../engine/table/frequency-table-of.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';

describe('expandedRows', () => {
  it('repeats each record by its count: records (F,a)×2, (M,b)×1 give the rows F,a / F,a / M,b', () => {
    const f = {
      columns: [
        { name: 'sex', dictionary: ['F', 'M'] },
        { name: 'x', dictionary: ['a', 'b'] },
      ],
      count: 2,
      codes: [Int32Array.of(0, 1), Int32Array.of(0, 1)],
      weights: Int32Array.of(2, 1),
      rowCount: 3,
    };
    const t = expandedRows(f);
    assert.equal(t.rowCount, 3);
    assert.deepEqual([...t.columns[0].codes], [0, 0, 1]);
    assert.deepEqual([...t.columns[1].codes], [0, 0, 1]);
    assert.deepEqual(
      t.columns.map((c) => c.dictionary),
      [
        ['F', 'M'],
        ['a', 'b'],
      ],
    );
  });

  it('gives back the frequency table it came from', () => {
    const table = parseCsv('s,z\nF,1\nM,2\nF,1\nF,3\nM,2\n', { delimiter: ',' });
    const f = frequencyTableOf(table, ['s', 'z']);
    const again = frequencyTableOf(expandedRows(f), ['s', 'z']);
    assert.deepEqual([...again.weights], [...f.weights]);
    assert.deepEqual([...again.weights], [2, 2, 1]);
    assert.equal(again.rowCount, 5);
  });
});
