import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

/**
 * Issue 26, leftovers item 1 (files): `reid`, `attack` and `leakage` read Parquet and `--engine duckdb` as `risk` and
 * `anonymize` do, with the same figures as the CSVs in memory. Their database tables (`--source`) are tested against
 * real servers in test/cli/rows-commands-databases.slow.ts; here, the flags' own checks.
 */
const demo = join(import.meta.dirname, '..', '..', 'examples', 'attack-demo');
const correlated = join(import.meta.dirname, '..', 'fixtures', 'correlated');

describe('reid, attack and leakage on Parquet and through DuckDB', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-rowsrc-'));
    cpSync(demo, dir, { recursive: true });
    cpSync(join(correlated, 'household.csv'), join(dir, 'household.csv'));
    // A released file of the original's records in reverse order (a stand-in for a PRAM file of the same size).
    const lines = (await import('node:fs')).readFileSync(join(dir, 'original.csv'), 'utf8').trim().split('\n');
    writeFileSync(join(dir, 'released.csv'), `${[lines[0], ...lines.slice(1).reverse()].join('\n')}\n`);
    for (const name of ['original', 'candidate', 'released', 'household'])
      await csvToParquet(join(dir, `${name}.csv`), join(dir, `${name}.parquet`));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("attack: the Parquet release, candidates and truth give the CSVs' report", async () => {
    // The truth must be in the release's record order when privspec did not write the release (issue 34): the reversed
    // file is its own truth, row by row.
    const args = (ext: string) => [
      'attack',
      `released.${ext}`,
      `candidate.${ext}`,
      '--qi',
      'age,sex,zip',
      '--truth',
      `released.${ext}`,
      '--id',
      'id',
      '--seed',
      '5',
      '--json',
    ];
    const csv = await runIn(dir, args('csv'));
    assert.equal(csv.err, '');
    const parquet = await runIn(dir, args('parquet'));
    assert.equal(parquet.err, '');
    assert.deepEqual(JSON.parse(parquet.out), JSON.parse(csv.out));
    // The original itself released: every record is linked to the right candidate (each tuple is unique in it).
    assert.equal(JSON.parse(csv.out).released, 100);
    const duck = await runIn(dir, [...args('csv'), '--engine', 'duckdb']);
    assert.deepEqual(JSON.parse(duck.out), JSON.parse(csv.out));
  });

  it("leakage: a Parquet edge list gives the CSV's figures (the 4-cycle with a chord)", async () => {
    const args = ['--tau', '0.5', '--epsilon', '1', '--sensitivity', '2', '--json'];
    const csv = await runIn(dir, ['leakage', 'household.csv', ...args]);
    assert.equal(csv.code, 0, csv.err);
    const parquet = await runIn(dir, ['leakage', 'household.parquet', ...args]);
    assert.equal(parquet.code, 0, parquet.err);
    assert.deepEqual(JSON.parse(parquet.out), JSON.parse(csv.out));
    assert.deepEqual(
      JSON.parse(csv.out).top.map((t: { unit: string }) => t.unit),
      ['ann', 'cy', 'bob', 'dee'],
    );
  });

  it('reid: --engine duckdb on the CSVs gives the in-memory η', async () => {
    const args = [
      'reid',
      'original.csv',
      'released.csv',
      '--qi',
      'sex,zip',
      '--pram',
      'sex=0.8',
      '--pram',
      'zip=0.9',
      '--seed',
      '3',
      '--json',
    ];
    const memory = await runIn(dir, args);
    assert.equal(memory.code, 0, memory.err);
    const duck = await runIn(dir, [...args, '--engine', 'duckdb']);
    assert.equal(duck.code, 0, duck.err);
    assert.deepEqual(JSON.parse(duck.out), JSON.parse(memory.out));
  });

  it('--source is checked before anything is read: one of file or table, never a URL', async () => {
    const both = await runIn(dir, [
      'attack',
      'released.csv',
      'candidate.csv',
      '--qi',
      'age',
      '--truth',
      'original.csv',
      '--source',
      'postgres:s.t',
      '--id',
      'id',
    ]);
    assert.equal(both.code, 2);
    assert.match(both.err, /give the original as --truth FILE or as --source ENGINE:TABLE, not both/);
    const noId = await runIn(dir, [
      'attack',
      'released.csv',
      'candidate.csv',
      '--qi',
      'age',
      '--source',
      'postgres:s.t',
    ]);
    assert.match(noId.err, /option --source needs --id COLUMN/);
    const url = await runIn(dir, [
      'reid',
      '--source',
      'postgres:user:pw@host/db',
      'released.csv',
      '--qi',
      'sex',
      '--pram',
      'sex=0.5',
    ]);
    assert.equal(url.code, 2);
    assert.match(url.err, /--source expects postgres:SCHEMA\.TABLE or clickhouse:DB\.TABLE/);
    assert.doesNotMatch(url.err, /pw/);
    const two = await runIn(dir, [
      'reid',
      '--source',
      'postgres:s.t',
      'original.csv',
      'released.csv',
      '--qi',
      'sex',
      '--pram',
      'sex=0.5',
    ]);
    assert.match(two.err, /with --source \(the original\), expected the <released> argument, got 2/);
    const joint = await runIn(dir, [
      'leakage',
      '--joint',
      'household.csv',
      '--source',
      'postgres:s.t',
      '--epsilon',
      '1',
    ]);
    assert.match(joint.err, /--source names the edge list, which --joint replaces/);
    const fileAndTable = await runIn(dir, ['leakage', 'household.csv', '--source', 'postgres:s.t']);
    assert.match(fileAndTable.err, /give either a file or --source, not both/);
  });
});
