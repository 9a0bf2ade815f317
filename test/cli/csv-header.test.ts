import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsvHeader } from '../../engine/host/sources/csv/read-csv-header.js';
import { TableError } from '../../engine/table/table.js';

describe('readCsvHeader: the header of a CSV file alone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-header-'));

  it('reads a quoted header spanning lines after a byte-order mark, with the delimiter detected', async () => {
    writeFileSync(join(dir, 'h.csv'), '\uFEFFage;"zip;\ncode";sex\n34;81667;m\n');
    assert.deepEqual(await readCsvHeader(join(dir, 'h.csv')), ['age', 'zip;\ncode', 'sex']);
    // With ',' the quote sits inside an unquoted field, so it is a character and the line break ends the header.
    assert.deepEqual(await readCsvHeader(join(dir, 'h.csv'), ','), ['age;"zip;']);
  });

  it('gives no names for an empty file and a TableError naming a missing one', async () => {
    writeFileSync(join(dir, 'empty.csv'), '');
    assert.deepEqual(await readCsvHeader(join(dir, 'empty.csv')), []);
    await assert.rejects(
      readCsvHeader(join(dir, 'missing.csv')),
      (e: unknown) => e instanceof TableError && e.file === join(dir, 'missing.csv'),
    );
  });
});
