import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

// Review of issue 26: a DP release that accepts a domain taken from the data ('accept data-dependent-domain') on data
// read where it lies. The preview takes such a domain from the source's frequency table of the column
// (source-preview.ts `sourceDomains`); the release planned its request on an empty table and stopped the whole run with
// "no column 'note' in the table (columns: )", the releases that declare their domains included, and `privspec plan`
// failed the same way. Now the release reads the same domain from the source's frequency tables, so its files are the
// in-memory release's of the CSV with the same seed (no bounding: neither path draws before the noise).

/** The CSV files of a release folder, by name. */
function csvs(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}

const spec = (data: string) => `dataset d from "${data}" {
  quasi age, sex
  insensitive note
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 3 }
release by_note: count by note laplace epsilon 1  accept data-dependent-domain
release top_note: mode note exponential epsilon 1  accept data-dependent-domain
release by_sex: count by sex laplace epsilon 1
`;

describe('review — a domain taken from the data, on data read at its source', function () {
  this.timeout(120000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-source-domain-'));
    // note takes the values 10, 9 and 2 (never declared): the domain is them sorted as numbers, 2, 9, 10.
    const rows = ['20,F,10', '30,F,9', '20,M,2', '40,M,10', '30,M,9', '50,F,10', '60,M,2', '20,F,10'];
    writeFileSync(join(dir, 'd.csv'), `age,sex,note\n${rows.join('\n')}\n`);
  });
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('Parquet and a CSV under --engine duckdb write the in-memory release’s files (same seed); plan prints the query', async () => {
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    writeFileSync(join(dir, 'csv.privspec'), spec('d.csv'));
    writeFileSync(join(dir, 'parquet.privspec'), spec('d.parquet'));
    const memory = await runIn(dir, [
      'release',
      'csv.privspec',
      '--out',
      'memory',
      '--seed',
      '5',
      '--not-private',
      '--engine',
      'memory',
    ]);
    assert.equal(memory.code, 0, memory.err + memory.out);
    const expected = csvs(join(dir, 'memory'));
    assert.deepEqual([...expected.keys()], ['by_note.csv', 'by_sex.csv', 'top_note.csv']);
    // By hand: the domain of note is its values sorted as numbers, one row each.
    assert.deepEqual(
      expected
        .get('by_note.csv')!
        .trimEnd()
        .split('\n')
        .slice(2)
        .map((l) => l.split(',')[0]),
      ['2', '9', '10'],
    );
    for (const [name, args] of [
      ['duckdb', ['csv.privspec', '--engine', 'duckdb']],
      ['parquet', ['parquet.privspec']],
    ] as const) {
      const r = await runIn(dir, ['release', ...args, '--out', name, '--seed', '5', '--not-private']);
      assert.equal(r.code, 0, `${name}: ${r.err}${r.out}`);
      assert.deepEqual(csvs(join(dir, name)), expected, name);
      const domain = (d: string) => JSON.parse(readFileSync(join(dir, d, 'by_note.json'), 'utf8')).parameters;
      assert.deepEqual(domain(name), domain('memory'), `${name}: the report's parameters`);
    }
    const plan = await runIn(dir, ['plan', 'parquet.privspec', '--dialect', 'duckdb']);
    assert.equal(plan.code, 0, plan.err);
    assert.match(plan.out, /-- release-by_note \(release by_note\)/);
    // A warehouse's answers hold no domain: such a release is still refused with them, before anything is spent.
    mkdirSync(join(dir, 'answers'));
    const fromAnswers = await runIn(dir, ['release', 'parquet.privspec', '--aggregates', 'answers', '--out', 'a']);
    assert.notEqual(fromAnswers.code, 0);
    assert.match(fromAnswers.err, /by_note: a domain taken from the data needs the data/);
  });
});
