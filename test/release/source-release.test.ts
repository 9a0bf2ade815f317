import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../engine/core/random.js';
import { aggregatePlan } from '../../engine/host/run/aggregate-plan.js';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { readCsvFile } from '../../engine/host/sources/csv/read-csv-file.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { runReleasesAtSource } from '../../engine/host/run/source-release.js';
import type { AggregateAnswer } from '../../engine/source/data-source.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';
import { memoryAggregate } from '../../engine/source/memory-source.js';
import { parseViewFile } from '../../engine/view/view-file.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { adultDirOrSkip } from '../helpers/adult.js';
import { ledgerOf } from '../helpers/ledger.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

// Issue 26: every DP release of data read where it lies — a Parquet file, or a CSV DuckDB reads — adds its noise to
// the source's aggregates, views included, and never reads the table. Without bounding neither path draws from the
// generator before the noise, so with the same --seed the files equal the in-memory release of the CSV byte for byte.
const RELEASES = `budget { epsilon 20 }
release by_sex: count by sex where age in 30..50 laplace epsilon 1
release mean_age: mean age clamp 17..90 by sex laplace epsilon 1
release top_race: mode race exponential epsilon 1
release v_hdp: view age within 20..60, sex, race, education hdpview epsilon 1
release v_tree: view age within 20..60, sex, race privtree epsilon 1
release v_id: view age within 17..90, sex, race identity epsilon 1
`;
const NAMES = ['by_sex', 'mean_age', 'top_race', 'v_hdp', 'v_tree', 'v_id'];

function spec(data: string, extra = ''): string {
  return `dataset adult from "${data}"${data.endsWith('.csv') ? ' delimiter ";"' : ''} {
  quasi sex, age, race
  sensitive education
  insensitive "marital-status", "native-country", workclass, ${extra === '' ? 'occupation, ' : ''}"salary-class"
  ${extra}
}
hierarchy sex { "Male", "Female" -> "*" }
hierarchy race from "adult_hierarchy_race.csv"
hierarchy education from "adult_hierarchy_education.csv"
`;
}

async function inputOf(file: string): Promise<RunInput> {
  const services = nodeServices();
  return releaseInput(services, await loadSpec(file, services));
}

const noRows = (input: RunInput): RunInput => ({
  ...input,
  readTable: () => Promise.reject(new Error('the table was read')),
});

/** The CSV files of a release folder, by name. */
function csvs(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}

describe('issue 26 — DP releases and views of data read at its source come from the source’s aggregates', function () {
  this.timeout(180000);
  let dir: string;
  beforeEach(function () {
    const d = adultDirOrSkip(this);
    dir = mkdtempSync(join(tmpdir(), 'privspec-source-release-'));
    useTestRegistryFor(dir);
    for (const f of ['adult.csv', 'adult_hierarchy_race.csv', 'adult_hierarchy_education.csv'])
      copyFileSync(join(d, f), join(dir, f));
  });
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('Parquet (text and typed) and a CSV read by DuckDB: the in-memory CSV release’s files with the same seed, and the table is never read', async () => {
    await csvToParquet(join(dir, 'adult.csv'), join(dir, 'adult.parquet'), { delimiter: ';' });
    await csvToParquet(join(dir, 'adult.csv'), join(dir, 'typed.parquet'), { delimiter: ';', integers: ['age'] });
    for (const data of ['adult.csv', 'adult.parquet', 'typed.parquet'])
      writeFileSync(join(dir, `${data}.privspec`), spec(data) + RELEASES);
    const direct = await runIn(dir, [
      'release',
      'adult.csv.privspec',
      '--out',
      'memory',
      '--seed',
      '5',
      '--not-private',
    ]);
    assert.equal(direct.code, 0, direct.err + direct.out);
    const expected = csvs(join(dir, 'memory'));
    assert.deepEqual([...expected.keys()], NAMES.map((n) => `${n}.csv`).sort());
    // The CLI on Parquet, and the runner on both Parquet files and on the CSV with the engine 'duckdb', with a table
    // that throws when read.
    for (const data of ['adult.parquet', 'typed.parquet']) {
      const cli = await runIn(dir, [
        'release',
        `${data}.privspec`,
        '--out',
        `cli-${data}`,
        '--seed',
        '5',
        '--not-private',
      ]);
      assert.equal(cli.code, 0, cli.err + cli.out);
      assert.deepEqual(csvs(join(dir, `cli-${data}`)), expected, data);
    }
    for (const [data, engine] of [
      ['adult.parquet', 'auto'],
      ['typed.parquet', 'auto'],
      ['adult.csv', 'duckdb'],
    ] as const) {
      const input = { ...noRows(await inputOf(join(dir, `${data}.privspec`))), engine };
      const result = await runReleasesAtSource(input, { out: join(dir, `runner-${data}`), dryRun: false, seed: 5 });
      assert.deepEqual(
        result.releases.map((r) => r.status),
        NAMES.map(() => 'written'),
        JSON.stringify(result.releases),
      );
      assert.deepEqual(csvs(join(dir, `runner-${data}`)), expected, `${data} (${engine})`);
    }
    // The views' files hold the whole view: the same blocks and counts as from the rows.
    const view = (d: string) => parseViewFile(readFileSync(join(dir, d, 'v_hdp.json'), 'utf8'));
    assert.deepEqual(view('cli-adult.parquet').blocks, view('memory').blocks);
  });

  it('bounded views and counts: a Parquet release keeps the rows the keyed order keeps in memory (the same key from the seed)', async () => {
    await csvToParquet(join(dir, 'adult.csv'), join(dir, 'adult.parquet'), { delimiter: ';' });
    const bounded = `budget { epsilon 20 }
release b_count: count by race bound unit groups 1 rows 40 laplace epsilon 1
release b_view: view age within 20..60, sex, race hdpview epsilon 1 bound unit rows 500
release b_tree: view age within 20..60, sex privtree epsilon 1 bound unit rows 500
`;
    writeFileSync(join(dir, 'p.privspec'), spec('adult.parquet', 'unit occupation') + bounded);
    writeFileSync(join(dir, 'c.privspec'), spec('adult.csv', 'unit occupation') + bounded);
    const atSource = await runReleasesAtSource(noRows(await inputOf(join(dir, 'p.privspec'))), {
      out: join(dir, 'p'),
      dryRun: false,
      seed: 9,
    });
    assert.ok(
      atSource.releases.every((r) => r.status === 'written'),
      JSON.stringify(atSource.releases),
    );
    // The in-memory source's answers to the same requests, keyed as the at-source run keys them for seed 9.
    const input = await inputOf(join(dir, 'c.privspec'));
    const table = await readCsvFile(join(dir, 'adult.csv'));
    const rng = seededRandom('bounding:9');
    const answers = new Map<string, AggregateAnswer>(
      aggregatePlan(input, boundingSeed(rng), rng).flatMap((q) =>
        q.aggregate ? [[q.id, memoryAggregate(table, q.aggregate)] as const] : [],
      ),
    );
    assert.equal(answers.size, 3);
    for (const a of answers.values())
      assert.ok(
        a.groups.reduce((s, g) => s + g.rows, 0) < a.selectedRows!,
        `${a.request.id}: bounding dropped nothing`,
      );
    const memory = await runReleases(noRows(input), {
      out: join(dir, 'm'),
      dryRun: false,
      seed: 9,
      aggregates: answers,
    });
    assert.ok(
      memory.releases.every((r) => r.status === 'written'),
      JSON.stringify(memory.releases),
    );
    assert.deepEqual(csvs(join(dir, 'p')), csvs(join(dir, 'm')));
    // The local note is the rows' path's: the rows bounding dropped, never in the files.
    assert.match(atSource.releases[1].local!.join('\n'), /contribution bounding dropped \d+ rows/);
  });

  it('a view’s files are estimated from the answer’s rows, as from the table’s, before anything is spent', async () => {
    await csvToParquet(join(dir, 'adult.csv'), join(dir, 'adult.parquet'), { delimiter: ';' });
    // 1,000 ages × 2 sexes × 5 races = 10,000 cells, more than the 1,024 blocks an estimate without rows would allow.
    const wide = 'budget { epsilon 20 }\nrelease w: view age within 0..999, sex, race hdpview epsilon 1\n';
    writeFileSync(join(dir, 'p.privspec'), spec('adult.parquet') + wide);
    writeFileSync(join(dir, 'c.privspec'), spec('adult.csv') + wide);
    const need = (r: { releases: { status: string; message: string }[] }) => {
      assert.equal(r.releases[0].status, 'refused', r.releases[0].message);
      return /its files need about ([\d.]+ [KMG]iB)/.exec(r.releases[0].message)?.[1];
    };
    const options = { dryRun: false, freeBytes: () => Promise.resolve(1) };
    const atSource = need(
      await runReleasesAtSource(noRows(await inputOf(join(dir, 'p.privspec'))), { ...options, out: join(dir, 'p') }),
    );
    const inMemory = need(
      await runReleases(await inputOf(join(dir, 'c.privspec')), { ...options, out: join(dir, 'c') }),
    );
    assert.ok(inMemory);
    assert.equal(atSource, inMemory);
    assert.equal(ledgerOf(join(dir, 'adult.parquet')), undefined);
  });

  it('privspec plan prints the view’s query; its DuckDB answer fed back with --aggregates gives the direct release’s view', async () => {
    writeFileSync(join(dir, 'a.privspec'), spec('adult.csv') + RELEASES);
    const planned = await runIn(dir, ['plan', 'a.privspec', '--dialect', 'duckdb', '--json']);
    assert.equal(planned.code, 0, planned.err);
    const plan = JSON.parse(planned.out) as { queries: { id: string; sql: string }[] };
    assert.deepEqual(
      plan.queries.map((q) => q.id),
      NAMES.map((n) => `release-${n}`),
    );
    mkdirSync(join(dir, 'answers'));
    const duck = await DuckDbSource.open(join(dir, 'adult.csv'), { delimiter: ';' });
    try {
      for (const [i, q] of plan.queries.entries()) {
        const ext = i % 2 ? 'csv' : 'parquet';
        await duck.query(
          `COPY (${q.sql}) TO '${join(dir, 'answers', `${q.id}.${ext}`)}' (FORMAT ${ext}${ext === 'csv' ? ', HEADER' : ''})`,
        );
      }
    } finally {
      await duck.close();
    }
    const fromAnswers = await runIn(dir, [
      'release',
      'a.privspec',
      '--aggregates',
      'answers',
      '--out',
      'a',
      '--seed',
      '13',
      '--not-private',
    ]);
    assert.equal(fromAnswers.code, 0, fromAnswers.err + fromAnswers.out);
    const direct = await runIn(dir, ['release', 'a.privspec', '--out', 'b', '--seed', '13', '--not-private']);
    assert.equal(direct.code, 0, direct.err + direct.out);
    assert.deepEqual(csvs(join(dir, 'a')), csvs(join(dir, 'b')));
    assert.equal(csvs(join(dir, 'a')).size, NAMES.length);
  });

  it('a missing or malformed view answer is refused before anything is spent', async () => {
    writeFileSync(join(dir, 'a.privspec'), spec('adult.csv') + RELEASES);
    mkdirSync(join(dir, 'answers'));
    for (const n of NAMES.filter((n) => n !== 'v_tree'))
      writeFileSync(
        join(dir, 'answers', `release-${n}.csv`),
        n === 'v_hdp'
          ? 'g0,g1,g2,g3,n\n30,Male,White,Bachelors,4\n'
          : n === 'v_id'
            ? 'g0,g1,g2,n\n30,Male,White,4\n'
            : n === 'mean_age'
              ? 'g0,v,n\nMale,30,2\n'
              : 'g0,n\nMale,2\n',
      );
    const missing = await runIn(dir, ['release', 'a.privspec', '--aggregates', 'answers', '--out', 'o']);
    assert.notEqual(missing.code, 0);
    assert.match(missing.err + missing.out, /v_tree: no answer release-v_tree\.csv or \.parquet/);
    writeFileSync(join(dir, 'answers', 'release-v_tree.csv'), 'g0,g1,g2,n\n30,Male,White,1.5\n');
    const bad = await runIn(dir, ['release', 'a.privspec', '--aggregates', 'answers', '--out', 'o']);
    assert.equal(bad.code, 2, bad.err + bad.out);
    assert.match(bad.err, /release-v_tree\.csv.*2.*n must be a positive integer, got '1\.5'/);
    assert.equal(ledgerOf(join(dir, 'adult.csv')), undefined);
  });
});
