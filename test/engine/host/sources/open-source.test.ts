import { strict as assert } from 'node:assert';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DUCKDB_ABOVE_BYTES, readsWithDuckDb } from '../../../../engine/host/sources/open-source.js';
import { readsAtSource } from '../../../../engine/host/sources/csv/csv-store.js';

describe('which engine reads a file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-engine-choice-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('auto: a CSV up to 1 GiB in memory, one byte more by DuckDB (a sparse file: no gigabyte is written)', async () => {
    assert.equal(DUCKDB_ABOVE_BYTES, 2 ** 30);
    const file = join(dir, 'big.csv');
    const fd = openSync(file, 'w');
    writeSync(fd, 'a\n', 0);
    writeSync(fd, 'x', DUCKDB_ABOVE_BYTES - 1);
    closeSync(fd);
    assert.equal(await readsWithDuckDb(file, 'auto'), false);
    // The editor's store follows the same rule: such a spec is checked and previewed on aggregates.
    assert.equal(readsAtSource(file), false);
    const fd2 = openSync(file, 'r+');
    writeSync(fd2, 'y', DUCKDB_ABOVE_BYTES);
    closeSync(fd2);
    assert.equal(await readsWithDuckDb(file, 'auto'), true);
    assert.equal(await readsWithDuckDb(file, 'memory'), false);
    assert.equal(readsAtSource(file), true);
    assert.equal(readsAtSource(join(dir, 'missing.csv')), false);
  });

  it('a Parquet file always by DuckDB; --engine memory on one is refused; --engine duckdb takes any CSV', async () => {
    assert.equal(await readsWithDuckDb(join(dir, 'x.parquet')), true);
    assert.equal(await readsWithDuckDb(join(dir, 'X.PARQUET'), 'duckdb'), true);
    await assert.rejects(readsWithDuckDb(join(dir, 'x.parquet'), 'memory'), /a Parquet file is read by DuckDB/);
    assert.equal(await readsWithDuckDb(join(dir, 'small.csv'), 'duckdb'), true);
    // A missing CSV goes to the CSV reader, which names it in its own words.
    assert.equal(await readsWithDuckDb(join(dir, 'missing.csv'), 'auto'), false);
  });
});
