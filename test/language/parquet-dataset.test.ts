import { blankUnitsOfTable } from '../../engine/anonymity/blank-units.js';
import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../engine/core/random.js';
import { aggregatePlan } from '../../engine/host/run/aggregate-plan.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';
import { memoryAggregate } from '../../engine/source/memory-source.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 26 item 6: a spec whose dataset is a Parquet file is checked, previewed and run through the same store
// (engine/host/sources/csv/csv-store.ts reads it with DuckDB): the diagnostics, the preview and a seeded release equal
// those of the same spec on the CSV the Parquet file was written from (the DP releases, which come from DuckDB's
// aggregates, equal the CSV's released from the in-memory answers under the same bounding key).
describe('a spec whose dataset is a Parquet file', function () {
  this.timeout(120000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-parquet-spec-'));
    const examples = join(import.meta.dirname, '..', '..', 'examples');
    copyFileSync(join(examples, 'data', 'patients.csv'), join(dir, 'patients.csv'));
    await csvToParquet(join(dir, 'patients.csv'), join(dir, 'patients.parquet'));
    const spec = readFileSync(join(examples, 'visits.privspec'), 'utf8').replace(
      /"hierarchies\//g,
      `"${join(examples, 'hierarchies')}/`,
    );
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
    // The DP releases of a Parquet dataset add their noise to DuckDB's answers (engine/host/run/source-release.ts).
    // Every one of them bounds each patient's rows — at the source by the keyed order, in memory by a uniform sample —
    // so their files equal those of the CSV released from the in-memory source's answers under the run's key (drawn
    // from the seed's bounding generator). The PRAM file reads rows in both, and equals the CSV's.
    const b = await runIn(dir, ['release', 'parquet.privspec', '--out', 'b', '--seed', '3', '--not-private']);
    assert.equal(b.code, 0, b.err);
    const services = nodeServices();
    const input = await releaseInput(
      services,
      await loadSpec(join(dir, 'csv.privspec'), services),
      undefined,
      undefined,
      { scanData: false },
    );
    const table = await readCsvFile(join(dir, 'patients.csv'));
    const rng = seededRandom('bounding:3');
    mkdirSync(join(dir, 'answers'), { recursive: true });
    for (const q of aggregatePlan(input, boundingSeed(rng), rng)) {
      if (!q.aggregate) continue;
      const answer = memoryAggregate(table, q.aggregate);
      const header = [...q.aggregate.groupBy.map((_, i) => `g${i}`), ...(q.aggregate.clamp ? ['v'] : []), 'n'];
      const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      const lines = answer.groups.map((g) =>
        [...g.key, ...(q.aggregate!.clamp ? [String(g.value)] : []), String(g.rows)].map(cell).join(','),
      );
      writeFileSync(join(dir, 'answers', `${q.id}.csv`), `${[header.join(','), ...lines].join('\n')}\n`);
    }
    // The plan's count of blank units (review of issue 26: a release from answers refuses blank units too), here 0.
    writeFileSync(
      join(dir, 'answers', 'blank-units.csv'),
      `n\n${blankUnitsOfTable(table, input.dataset.unit!).rows}\n`,
    );
    const a = await runIn(dir, [
      'release',
      'csv.privspec',
      '--aggregates',
      'answers',
      '--out',
      'a',
      '--seed',
      '3',
      '--not-private',
      '--json',
    ]);
    assert.deepEqual(
      (JSON.parse(a.out).releases as { name: string; status: string }[])
        .filter((r) => r.status !== 'written')
        .map((r) => r.name),
      ['diagnosis_pram'],
    );
    const files = readdirSync(join(dir, 'a'))
      .filter((f) => f.endsWith('.csv'))
      .sort();
    assert.equal(files.length, 6);
    for (const f of files)
      assert.equal(readFileSync(join(dir, 'b', f), 'utf8'), readFileSync(join(dir, 'a', f), 'utf8'), f);
    // Issue 26 gap 1: a PRAM release of a Parquet file is streamed (decided on frequency tables, rows shuffled by
    // DuckDB, drawn row by row), so its file holds the CSV release's lines in another order and with other draws: the
    // header, the row count and every column but the randomized ones are compared as multisets.
    const pram = await runIn(dir, [
      'release',
      'csv.privspec',
      '--only',
      'diagnosis_pram',
      '--out',
      'p',
      '--seed',
      '3',
      '--not-private',
    ]);
    assert.equal(pram.code, 0, pram.err);
    const report = JSON.parse(readFileSync(join(dir, 'p', 'diagnosis_pram.json'), 'utf8')) as {
      parameters: { attributes?: { name: string }[] };
    };
    const [got, want] = ['b', 'p'].map((d) => readFileSync(join(dir, d, 'diagnosis_pram.csv'), 'utf8'));
    const [gotHeader, ...gotRows] = got
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    const [wantHeader, ...wantRows] = want
      .trimEnd()
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    assert.equal(gotHeader, wantHeader);
    assert.equal(gotRows.length, wantRows.length);
    const randomized = new Set((report.parameters.attributes ?? []).map((a) => a.name));
    assert.ok(randomized.size > 0);
    const kept = wantHeader.split(',').flatMap((h, j) => (randomized.has(h) ? [] : [j]));
    const project = (rows: string[]) => rows.map((r) => kept.map((j) => r.split(',')[j]).join(',')).sort();
    assert.deepEqual(project(gotRows), project(wantRows));
  });
});
