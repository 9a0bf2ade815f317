import { strict as assert } from 'node:assert';
import { globFreePath } from '../../../../../engine/host/sources/duckdb/glob-free-path.js';

// The review of issue 36: a bracket in a folder's name was reported as "the file name holds '['", and a Parquet file
// was told to "read it with --engine memory", which cannot read Parquet.
describe('globFreePath names where the glob character is and what can be done', () => {
  it('a plain path is read as it is', () => {
    assert.equal(globFreePath('/data/x/d.parquet'), '/data/x/d.parquet');
  });

  it('in the file name of a CSV: rename it, or read it without DuckDB', () => {
    assert.throws(
      () => globFreePath('/data/g*.csv'),
      /the file name holds '\*'.*rename it without \* \? \[ \] or read it with --engine memory/,
    );
  });

  it('in a folder name of a Parquet path: says the folder, and offers no in-memory reading', () => {
    assert.throws(
      () => globFreePath('/data/[x]/d.parquet'),
      (e: Error) => /the path \(a folder name\) holds '\['/.test(e.message) && !/--engine memory/.test(e.message),
    );
  });
});
