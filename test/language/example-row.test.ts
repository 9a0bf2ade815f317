import { strict as assert } from 'node:assert';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { exampleRow } from '../../language/privspec-search.js';

// The optimal-transformation hint shows one record before and after: the record whose quasi-identifiers sort first, so
// a source without a row order (a database's frequency table) names the CSV's record.
describe('exampleRow', () => {
  it('picks the record that sorts first column by column as text, whatever the row order', () => {
    const rows = ['39,M', '29,M', '29,F', '4,F'];
    // As text '29' < '39' < '4'; among the 29s, 'F' < 'M': the record (29, F).
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 3, 0, 2],
    ]) {
      const table = parseCsv(`age,sex\n${order.map((i) => rows[i]).join('\n')}\n`, { delimiter: ',' });
      const r = exampleRow(table, ['age', 'sex']);
      assert.deepEqual(
        table.columns.map((c) => c.dictionary[c.codes[r]]),
        ['29', 'F'],
        order.join(),
      );
    }
  });
});
