import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adultDirOrSkip } from '../helpers/adult.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { smallStreamSpec } from '../helpers/streamed-specs.js';
import { runReleases } from '../../engine/host/run/release-runner.js';

// Issue 26 gap 1: a generalize release of a Parquet dataset is decided on DuckDB's frequency table and its rows are
// streamed, shuffled by DuckDB, through the decision into the release's CSV
// (engine/release/kinds/generalize/streamed-generalize.ts). The decision is the in-memory release's (the same problem,
// so the same optimum), so the report's figures are the same and the CSV holds the same lines, as a multiset, as the
// in-memory release of the same spec on the CSV copy.

interface Report {
  mechanism: string;
  parameters: Record<string, unknown>;
  notes: string[];
  query: unknown;
  ledgerEntry: string | null;
}

/** The release's CSV lines after the header, sorted, and the header. */
const lines = (file: string) => {
  const [header, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\n');
  return { header, rows: rows.sort() };
};

async function releaseBoth(
  dir: string,
  spec: (data: string) => string,
): Promise<{
  csv: ReturnType<typeof lines>;
  parquet: ReturnType<typeof lines>;
  reports: [Report, Report];
  outs: [string, string];
}> {
  writeFileSync(join(dir, 'csv.privspec'), spec('d.csv'));
  writeFileSync(join(dir, 'parquet.privspec'), spec('d.parquet'));
  const a = await runIn(dir, ['release', 'csv.privspec', '--out', 'a']);
  assert.equal(a.code, 0, a.err + a.out);
  const b = await runIn(dir, ['release', 'parquet.privspec', '--out', 'b']);
  assert.equal(b.code, 0, b.err + b.out);
  assert.deepEqual(readdirSync(join(dir, 'b')).sort(), ['g.csv', 'g.json']);
  const report = (d: string) => JSON.parse(readFileSync(join(dir, d, 'g.json'), 'utf8')) as Report;
  return {
    csv: lines(join(dir, 'a', 'g.csv')),
    parquet: lines(join(dir, 'b', 'g.csv')),
    reports: [report('a'), report('b')],
    outs: [a.err, b.err],
  };
}

const sameFigures = ([a, b]: [Report, Report]) => {
  assert.equal(b.mechanism, a.mechanism);
  assert.deepEqual(b.parameters, a.parameters);
  assert.deepEqual(b.notes, a.notes);
  assert.deepEqual(b.query, a.query);
  assert.ok(b.ledgerEntry, 'the streamed release is recorded in the ledger');
};

describe('issue 26 — a generalize release of a Parquet dataset is streamed', function () {
  this.timeout(120000);
  let dir: string;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('small fixture: same levels, same suppressed rows, identifying and undeclared columns left out', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-streamed-'));
    useTestRegistryFor(dir);
    // 12 rows, an identifying id and name and an undeclared column 'extra', none of which may leave. By hand: at age
    // level 0 the classes are too small for k 3 with either sex level ((0,1): ages 50 and 60 hold 2 and 1 rows, 3 rows
    // over the suppression limit of 1.2); at (1,0) the classes (20-39,F), (20-39,M), (40-69,F), (40-69,M) hold 3 rows
    // each, so the optimum is age 1, sex 0 with nothing suppressed.
    const rows = [
      ['1', 'a', '20', 'F', 'flu', 'x'],
      ['2', 'b', '30', 'F', 'cold', 'x'],
      ['3', 'c', '20', 'F', 'asthma', 'y'],
      ['4', 'd', '20', 'M', 'flu', 'y'],
      ['5', 'e', '30', 'M', 'cold', 'x'],
      ['6', 'f', '30', 'M', 'flu', 'x'],
      ['7', 'g', '40', 'F', 'flu', 'x'],
      ['8', 'h', '50', 'F', 'cold', 'y'],
      ['9', 'i', '40', 'F', 'flu', 'y'],
      ['10', 'j', '40', 'M', 'asthma', 'x'],
      ['11', 'k', '50', 'M', 'flu', 'x'],
      ['12', 'l', '60', 'M', 'cold', 'y'],
    ];
    writeFileSync(join(dir, 'd.csv'), `id,name,age,sex,diagnosis,extra\n${rows.map((r) => r.join(',')).join('\n')}\n`);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    const spec = (data: string) => smallStreamSpec(`"${data}"`);
    const { csv, parquet, reports, outs } = await releaseBoth(dir, spec);
    sameFigures(reports);
    assert.equal(parquet.header, 'age,sex,diagnosis');
    assert.equal(parquet.header, csv.header);
    assert.deepEqual(parquet.rows, csv.rows);
    // By hand: age level 1 and sex level 0 give classes of 3, 3, 3 and 3 rows ((40-69,M) holds 40, 50 and 60): nothing
    // is suppressed, all 12 rows written.
    assert.deepEqual(reports[1].parameters.levels, { age: 1, sex: 0 });
    // The runner read only the Parquet file's column names (every release streams), so these 12 rows came from the
    // stream.
    assert.equal(parquet.rows.length, 12);
    assert.deepEqual(
      outs[1].split('\n').filter((l) => l.includes('suppressed')),
      outs[0].split('\n').filter((l) => l.includes('suppressed')),
    );
  });

  it('beside a DP release (which reads the table) the generalize release writes the same lines and the count is written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-streamed-mixed-'));
    useTestRegistryFor(dir);
    const rows = ['20,F', '30,F', '20,F', '20,M', '30,M', '30,M', '40,F', '50,F', '40,F', '40,M', '50,M', '60,M'];
    writeFileSync(join(dir, 'd.csv'), `age,sex\n${rows.join('\n')}\n`);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    writeFileSync(
      join(dir, 'm.privspec'),
      `dataset d from "d.parquet" {
  quasi age, sex
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 3  suppression 0.1 }
budget { epsilon 1 }
release g: generalize  accept linked-releases "test fixture: a generalized file beside a DP count of the same table"
release c: count by sex laplace epsilon 1
`,
    );
    const r = await runIn(dir, ['release', 'm.privspec', '--out', 'o']);
    assert.equal(r.code, 0, r.err + r.out);
    assert.deepEqual(readdirSync(join(dir, 'o')).sort(), ['c.csv', 'c.json', 'g.csv', 'g.json']);
    // By hand, as in the first test: age level 1, sex level 0, all 12 rows.
    const g = lines(join(dir, 'o', 'g.csv'));
    assert.deepEqual(g.rows, [
      '20-39,F',
      '20-39,F',
      '20-39,F',
      '20-39,M',
      '20-39,M',
      '20-39,M',
      '40-69,F',
      '40-69,F',
      '40-69,F',
      '40-69,M',
      '40-69,M',
      '40-69,M',
    ]);
  });

  it('the runner never reads the table for a Parquet generalize release (readTable throws), and writes every row', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-streamed-norows-'));
    useTestRegistryFor(dir);
    const rows = ['20,F', '30,F', '20,F', '20,M', '30,M', '30,M', '40,F', '50,F', '40,F', '40,M', '50,M', '60,M'];
    writeFileSync(join(dir, 'd.csv'), `age,sex\n${rows.join('\n')}\n`);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    writeFileSync(
      join(dir, 's.privspec'),
      `dataset d from "d.parquet" {
  quasi age, sex
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 3  suppression 0.1 }
release g: generalize
`,
    );
    const services = nodeServices();
    const input = await releaseInput(services, await loadSpec(join(dir, 's.privspec'), services));
    const result = await runReleases(
      { ...input, readTable: () => Promise.reject(new Error('the table was read')) },
      { out: join(dir, 'o'), dryRun: false },
    );
    assert.equal(result.releases[0].status, 'written', result.releases[0].message);
    // By hand, as in the first test: age level 1, sex level 0, all 12 rows.
    assert.deepEqual(lines(join(dir, 'o', 'g.csv')).rows, [
      '20-39,F',
      '20-39,F',
      '20-39,F',
      '20-39,M',
      '20-39,M',
      '20-39,M',
      '40-69,F',
      '40-69,F',
      '40-69,F',
      '40-69,M',
      '40-69,M',
      '40-69,M',
    ]);
  });

  it('Adult: the same decision and the same lines as the in-memory release of the CSV copy', async function () {
    const d = adultDirOrSkip(this);
    dir = mkdtempSync(join(tmpdir(), 'privspec-streamed-adult-'));
    useTestRegistryFor(dir);
    copyFileSync(join(d, 'adult.csv'), join(dir, 'adult.csv'));
    for (const h of ['age', 'race'])
      copyFileSync(join(d, `adult_hierarchy_${h}.csv`), join(dir, `adult_hierarchy_${h}.csv`));
    await csvToParquet(join(dir, 'adult.csv'), join(dir, 'd.parquet'), { delimiter: ';' });
    // The CSV copy with ',' so that one spec text serves both (the Parquet file has no delimiter).
    const duckCsv = join(dir, 'd.csv');
    const { DuckDbSource } = await import('../../engine/host/sources/duckdb/duckdb-source.js');
    const duck = await DuckDbSource.open(join(dir, 'd.parquet'));
    try {
      await duck.query(`COPY (SELECT * FROM ${duck.relation}) TO '${duckCsv}' (FORMAT csv, HEADER)`);
    } finally {
      await duck.close();
    }
    const spec = (data: string) => `dataset adult from "${data}" {
  quasi sex, age, race
  sensitive education
  insensitive workclass, "salary-class"
}
hierarchy sex { "Male", "Female" -> "*" }
hierarchy age from "adult_hierarchy_age.csv"
hierarchy race from "adult_hierarchy_race.csv"
anonymity { k 5  suppression 0.02 }
release g: generalize
`;
    const { csv, parquet, reports, outs } = await releaseBoth(dir, spec);
    sameFigures(reports);
    // The suppressed count and the information loss go to the terminal: the same figures.
    const local = (out: string) => out.split('\n').filter((l) => /suppressed|information loss/.test(l));
    assert.ok(local(outs[0]).length > 0, outs[0]);
    assert.deepEqual(local(outs[1]), local(outs[0]));
    assert.equal(parquet.header, csv.header);
    assert.ok(parquet.rows.length > 25000, `${parquet.rows.length} rows`);
    assert.deepEqual(parquet.rows, csv.rows);
  });
});
