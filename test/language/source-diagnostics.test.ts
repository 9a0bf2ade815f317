import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 26 item 6: the editor's data checks on a spec whose dataset is a Parquet file read the source's frequency table
// over the columns they need (DuckDB groups the file), never its rows; the diagnostics are those of the same spec on
// the CSV the Parquet file was written from. Rows are refused here: the store's table() and DuckDB's row stream throw.
describe('the data checks of a spec read a Parquet dataset only as a frequency table', function () {
  this.timeout(120000);
  let dir: string;
  const hierarchies = join(import.meta.dirname, '..', '..', 'examples', 'hierarchies');
  const restore: (() => void)[] = [];
  const asked: string[][] = [];
  const specs: Record<string, string> = {
    // k in distinct patients and ℓ on diagnosis as the data stands (with the search's hint), and a δ not below 1/n.
    unit: `dataset d from "DATA" { quasi age, sex, zip  sensitive diagnosis  unit patient_id }
hierarchy age: intervals 5, 10, 20
hierarchy zip: mask 1, 2, 3, 5
hierarchy sex { "M", "F" -> "*" }
anonymity { k 5  l-diversity distinct 2 on diagnosis  suppression 5%  metric loss }
budget { epsilon 1  delta 0.001 }
`,
    // k counted in rows at pinned levels; a hierarchy that misses 'F' (coverage is the column's distinct values) and a
    // file hierarchy over the sensitive column.
    rows: `dataset d from "DATA" { quasi age, sex, zip  sensitive occupation }
hierarchy age: intervals 5, 10, 20
hierarchy zip: mask 1, 2, 3, 5
hierarchy sex { "M" -> "*" }
hierarchy occupation from "${hierarchies}/occupation.csv"
anonymity { k 2  generalize zip 2  l-diversity entropy 2 on occupation  suppression 1% }
`,
  };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-source-checks-'));
    copyFileSync(join(import.meta.dirname, '..', '..', 'examples', 'data', 'patients.csv'), join(dir, 'patients.csv'));
    await csvToParquet(join(dir, 'patients.csv'), join(dir, 'patients.parquet'));
    for (const [name, text] of Object.entries(specs)) {
      writeFileSync(join(dir, `${name}-csv.privspec`), text.replace('DATA', 'patients.csv'));
      writeFileSync(join(dir, `${name}-parquet.privspec`), text.replace('DATA', 'patients.parquet'));
    }
    // Imported as the command line's lazily loaded commands import them, so that the classes patched are theirs.
    const { CsvStore } = await import('../../engine/host/sources/csv/csv-store.js');
    const { DuckDbSource } = await import('../../engine/host/sources/duckdb/duckdb-source.js');
    // The originals are put back on their prototypes and called with .call(this).
    /* eslint-disable @typescript-eslint/unbound-method -- the reason is above */
    const table = CsvStore.prototype.table;
    CsvStore.prototype.table = function (path: string, delimiter?: string) {
      if (path.endsWith('.parquet')) return Promise.reject(new Error(`rows of ${path} were asked for`));
      return table.call(this, path, delimiter);
    };
    const rows = DuckDbSource.prototype.rows;
    DuckDbSource.prototype.rows = function () {
      throw new Error('DuckDB was asked for rows');
    };
    const frequencyTable = DuckDbSource.prototype.frequencyTable;
    /* eslint-enable @typescript-eslint/unbound-method */
    DuckDbSource.prototype.frequencyTable = function (request: { columns: readonly string[] }) {
      asked.push([...request.columns]);
      return frequencyTable.call(this, request);
    };
    restore.push(
      () => (CsvStore.prototype.table = table),
      () => (DuckDbSource.prototype.rows = rows),
      () => (DuckDbSource.prototype.frequencyTable = frequencyTable),
    );
  });
  after(() => {
    for (const r of restore) r();
    rmSync(dir, { recursive: true, force: true });
  });

  const check = async (file: string) => {
    const r = await runIn(dir, ['check', file, '--format', 'json']);
    assert.equal(r.err, '', r.err);
    return {
      code: r.code,
      diagnostics: (JSON.parse(r.out) as { diagnostics: { message: string; code?: string }[] }).diagnostics,
    };
  };

  it('k in units, ℓ-diversity, the optimal transformation and δ against n: the CSV diagnostics, from one GROUP BY', async () => {
    asked.length = 0;
    const csv = await check('unit-csv.privspec');
    const parquet = await check('unit-parquet.privspec');
    assert.equal(JSON.stringify(parquet).split('parquet').join('X'), JSON.stringify(csv).split('csv').join('X'));
    const messages = parquet.diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /violates 5-anonymity on age, sex, zip counted in distinct patient_id/);
    assert.match(messages, /violates distinct-2-diversity|violates .*2-diversity/);
    assert.match(messages, /optimal transformation: /);
    // 21,062 rows (the row count the CSV test states): δ = 0.001 ≥ 1/21062.
    assert.match(messages, /δ=0\.001 is not below 1\/n = 1\/21062/);
    // Only the columns the checks read, grouped once (k's unit and ℓ's sensitive column included).
    assert.deepEqual(
      asked.map((c) => [...c].sort()),
      [['age', 'diagnosis', 'patient_id', 'sex', 'zip']],
    );
  });

  it('k at pinned levels and hierarchy coverage: the CSV diagnostics', async () => {
    asked.length = 0;
    const csv = await check('rows-csv.privspec');
    const parquet = await check('rows-parquet.privspec');
    assert.equal(JSON.stringify(parquet).split('parquet').join('X'), JSON.stringify(csv).split('csv').join('X'));
    const messages = parquet.diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /F/);
    assert.ok(
      parquet.diagnostics.some((d) => d.code === 'hierarchy-missing-values'),
      messages,
    );
    assert.equal(asked.length, 1);
    assert.deepEqual([...asked[0]].sort(), ['age', 'occupation', 'sex', 'zip']);
  });
});
