import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 26 item 6: a spec whose dataset is a Parquet file is checked, previewed and run through the same store
// (engine/node/csv-store.ts reads it with DuckDB): the diagnostics, the preview and a seeded release equal those of the
// same spec on the CSV the Parquet file was written from.
describe('a spec whose dataset is a Parquet file', function () {
  this.timeout(120000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-parquet-spec-'));
    const examples = join(import.meta.dirname, '..', '..', 'examples');
    copyFileSync(join(examples, 'data', 'patients.csv'), join(dir, 'patients.csv'));
    await csvToParquet(join(dir, 'patients.csv'), join(dir, 'patients.parquet'));
    const spec = readFileSync(join(examples, 'visits.privspec'), 'utf8').replace(/"hierarchies\//g, `"${join(examples, 'hierarchies')}/`);
    writeFileSync(join(dir, 'csv.privspec'), spec.replace('"data/patients.csv"', '"patients.csv"'));
    writeFileSync(join(dir, 'parquet.privspec'), spec.replace('"data/patients.csv"', '"patients.parquet"'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gets the diagnostics the CSV gets: the k and ℓ warnings at the pinned levels, from the data', async () => {
    const csv = await runIn(dir, ['check', 'csv.privspec']);
    const parquet = await runIn(dir, ['check', 'parquet.privspec']);
    assert.equal(parquet.code, csv.code);
    assert.match(parquet.out, /violates 3-anonymity on age, sex, zip counted in distinct patient_id: 14 of 21062 rows/);
    assert.equal(parquet.out.split('parquet.privspec').join('X'), csv.out.split('csv.privspec').join('X'));
  });

  it('a column the Parquet file lacks is an error on the spec, as for a CSV', async () => {
    writeFileSync(join(dir, 'bad.privspec'), 'dataset d from "patients.parquet" { quasi agee }\n');
    const bad = await runIn(dir, ['check', 'bad.privspec']);
    assert.equal(bad.code, 1);
    assert.match(bad.out, /agee/);
  });

  it('previews and runs (seeded) with the figures and files of the CSV', async () => {
    for (const only of ['visits_by_sex', 'population']) {
      const csv = await runIn(dir, ['preview', 'csv.privspec', '--only', only, '--json']);
      const parquet = await runIn(dir, ['preview', 'parquet.privspec', '--only', only, '--json']);
      assert.equal(parquet.code, 0, parquet.err);
      assert.equal(parquet.out.split('parquet.privspec').join('X'), csv.out.split('csv.privspec').join('X'), only);
    }
    const a = await runIn(dir, ['release', 'csv.privspec', '--out', 'a', '--seed', '3', '--not-private']);
    const b = await runIn(dir, ['release', 'parquet.privspec', '--out', 'b', '--seed', '3', '--not-private']);
    assert.equal(b.code, a.code, b.err);
    const files = readdirSync(join(dir, 'a')).filter((f) => f.endsWith('.csv')).sort();
    assert.ok(files.length >= 5);
    for (const f of files) assert.equal(readFileSync(join(dir, 'b', f), 'utf8'), readFileSync(join(dir, 'a', f), 'utf8'), f);
  });
});
