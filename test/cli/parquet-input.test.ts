import { strict as assert } from 'node:assert';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adultDirOrSkip } from '../helpers/adult.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';

/** `searchMs` is a timing; everything else in the report must match. */
const withoutTiming = (out: string) => {
  const o = JSON.parse(out) as Record<string, unknown>;
  delete o.searchMs;
  return o;
};

describe('privspec risk and anonymize read Parquet, and CSV through DuckDB (--engine)', function () {
  this.timeout(120000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-parquet-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  let adult: string;
  let parquet: string;
  let data: string;
  before(async function () {
    data = adultDirOrSkip(this);
    // A copy: anonymize --out records its run and row key beside the data it reads, never in the shared Adult folder.
    adult = join(dir, 'adult.csv');
    copyFileSync(join(data, 'adult.csv'), adult);
    parquet = join(dir, 'adult.parquet');
    await csvToParquet(adult, parquet, { delimiter: ';', integers: ['age'] });
  });

  it('risk on the Parquet file and on the CSV through DuckDB print the JSON of the in-memory CSV read, byte for byte', async () => {
    const args = [
      '--qi',
      'sex,age,race,marital-status',
      '--k',
      '5',
      '--sensitive',
      'salary-class',
      '--sampling-fraction',
      '0.1',
      '--json',
    ];
    const memory = await runIn(dir, ['risk', adult, ...args]);
    assert.equal(memory.code, 1, memory.err);
    for (const input of [[parquet], [adult, '--engine', 'duckdb']]) {
      const other = await runIn(dir, ['risk', ...input, ...args]);
      assert.equal(other.err, '');
      assert.equal(other.code, 1);
      assert.equal(other.out, memory.out, input.join(' '));
    }
  });

  it('risk with a per-record figure (SUDA) reads the Parquet rows and agrees with the CSV', async () => {
    const args = ['--qi', 'sex,race,marital-status', '--suda', '--json'];
    const memory = await runIn(dir, ['risk', adult, ...args]);
    const duck = await runIn(dir, ['risk', parquet, ...args]);
    assert.equal(duck.err, '');
    assert.deepEqual(JSON.parse(duck.out), JSON.parse(memory.out));
  });

  it('anonymize searches the Parquet frequency table and finds the CSV optimum, loss included; --out writes the same classes', async () => {
    const h = (c: string) => ['--hierarchy', `${c}=${join(data, `adult_hierarchy_${c}.csv`)}`];
    const args = [
      '--qi',
      'age,sex,race,education',
      ...h('age'),
      ...h('sex'),
      ...h('race'),
      ...h('education'),
      '--k',
      '5',
      '--suppression',
      '0.02',
      '--json',
    ];
    const memory = await runIn(dir, ['anonymize', adult, ...args]);
    assert.equal(memory.code, 0, memory.err);
    const duck = await runIn(dir, ['anonymize', parquet, ...args]);
    assert.equal(duck.code, 0, duck.err);
    assert.deepEqual(withoutTiming(duck.out), withoutTiming(memory.out));
    const written = await runIn(dir, ['anonymize', parquet, ...args, '--out', join(dir, 'out.csv')]);
    assert.equal(written.code, 0, written.err);
    assert.deepEqual(withoutTiming(written.out), { ...withoutTiming(memory.out), out: join(dir, 'out.csv') });
    // Issue 26: the Parquet file's rows were streamed from DuckDB, shuffled there; the in-memory writer's file (Adult's
    // ';') holds the same lines as a multiset.
    const inMemory = await runIn(dir, ['anonymize', adult, ...args, '--out', join(dir, 'out-memory.csv')]);
    assert.equal(inMemory.code, 0, inMemory.err);
    const cells = (file: string, d: string) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split(d).join('\u0000'));
    const [streamedHeader, ...streamedRows] = cells(join(dir, 'out.csv'), ',');
    const [memoryHeader, ...memoryRows] = cells(join(dir, 'out-memory.csv'), ';');
    assert.equal(streamedHeader, memoryHeader);
    assert.ok(streamedRows.length > 29000);
    assert.deepEqual(streamedRows.sort(), memoryRows.sort());
  });

  it('--engine memory on a Parquet file, and an unknown engine, are one-line errors', async () => {
    const memory = await runIn(dir, ['risk', parquet, '--qi', 'sex', '--engine', 'memory']);
    assert.equal(memory.code, 2);
    assert.match(memory.err, /Parquet file is read by DuckDB/);
    assert.equal(memory.err.trim().split('\n').length, 1);
    const bad = await runIn(dir, ['risk', adult, '--qi', 'sex', '--engine', 'spark']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /option --engine: 'spark' is not one of auto, duckdb, memory/);
  });

  it('reid reads a Parquet original and release as their CSVs (the Hasegawa–Miura §4.2 seed example)', async () => {
    const pram = join(import.meta.dirname, '..', 'fixtures', 'pram');
    await csvToParquet(join(pram, 'seed-original.csv'), join(dir, 'seed-original.parquet'));
    await csvToParquet(join(pram, 'seed-released.csv'), join(dir, 'seed-released.parquet'));
    const args = ['--qi', 'attr1,attr2', '--pram', 'attr1=0.7', '--pram', 'attr2=0.7', '--json'];
    const csv = await runIn(pram, ['reid', 'seed-original.csv', 'seed-released.csv', ...args]);
    assert.equal(csv.code, 0, csv.err);
    const parquetRun = await runIn(dir, ['reid', 'seed-original.parquet', 'seed-released.parquet', ...args]);
    assert.equal(parquetRun.code, 0, parquetRun.err);
    assert.deepEqual(JSON.parse(parquetRun.out), JSON.parse(csv.out));
  });

  it('a missing Parquet file and an unknown column name the file', async () => {
    const missing = await runIn(dir, ['risk', join(dir, 'nope.parquet'), '--qi', 'sex']);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /nope\.parquet/);
    const col = await runIn(dir, ['risk', parquet, '--qi', 'sex,nope']);
    assert.equal(col.code, 2);
    assert.match(col.err, /no column 'nope' in .*adult\.parquet/);
  });
});
