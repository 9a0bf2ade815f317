import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { runIn } from '../helpers/run-cli.js';

/**
 * Issue 26, review: DuckDB renames a repeated column name ('a', 'a' → 'a', 'a_1'), so `--engine duckdb` read a file the
 * in-memory reader refuses, and `--qi a` silently read the first 'a' only. Both engines now refuse it with the CSV
 * reader's one message, and a Parquet file whose schema repeats a name is refused alike.
 */
describe('duplicate column names through DuckDB', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-dup-'));
    writeFileSync(join(dir, 'dup.csv'), 'age,sex,age\n30,F,31\n40,M,41\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const command of [
    ['risk', '--qi', 'age'],
    ['risk', '--qi', 'sex', '--suda'],
    ['anonymize', '--qi', 'sex', '--hierarchy', 'sex=h.csv', '--k', '1'],
  ]) {
    it(`${command.join(' ')}: --engine duckdb gives the memory engine's message`, async () => {
      writeFileSync(join(dir, 'h.csv'), 'F;*\nM;*\n');
      const memory = await runIn(dir, [command[0], 'dup.csv', ...command.slice(1), '--engine', 'memory']);
      const duck = await runIn(dir, [command[0], 'dup.csv', ...command.slice(1), '--engine', 'duckdb']);
      assert.equal(memory.code, 2);
      assert.match(memory.err, /duplicate column name 'age' in the header: columns 1 and 3; rename one of them/);
      assert.equal(duck.code, 2);
      assert.equal(duck.err, memory.err);
      assert.equal(duck.err.split('\n').length, 2, duck.err);
    });
  }

  it('a Parquet file whose schema repeats a name is refused with the column named', async () => {
    // DuckDB's writer renames a repeated name itself, so the file is written with two names of one length and the
    // second is then given the first's bytes in the footer (Thrift strings are length-prefixed: nothing else moves).
    const csv = join(dir, 'two.csv');
    writeFileSync(csv, 'zzcolA,sex,zzcolB\n30,F,31\n40,M,41\n');
    const made = join(dir, 'made.parquet');
    const duck = await DuckDbSource.open(csv);
    try {
      await duck.query(`COPY (SELECT * FROM ${duck.relation}) TO '${made}' (FORMAT parquet)`);
    } finally {
      await duck.close();
    }
    writeFileSync(
      join(dir, 'dup.parquet'),
      Buffer.from(readFileSync(made).toString('latin1').split('zzcolB').join('zzcolA'), 'latin1'),
    );
    const r = await runIn(dir, ['risk', 'dup.parquet', '--qi', 'sex']);
    assert.equal(r.code, 2);
    assert.match(
      r.err,
      /dup\.parquet.*duplicate column name 'zzcolA' in the schema: columns 1 and 3; rename one of them/,
    );
    assert.equal(r.err.split('\n').length, 2, r.err);
    // The file as DuckDB wrote it (distinct names) is read as before.
    const ok = await runIn(dir, ['risk', 'made.parquet', '--qi', 'sex', '--json']);
    assert.equal(ok.code, 0, ok.err);
    assert.equal(JSON.parse(ok.out).rows, 2);
  });

  /**
   * Review of issue 26: DuckDB trims a header's names and takes names that differ only in case for one, renaming the
   * later one ('A', 'a', 'a_1' become 'A', 'a_1', 'a_1_1'), so `--qi a_1` read the column 'a' through DuckDB and the
   * file's own 'a_1' in memory: another column's values (an identifier's, say) under the name asked for. By hand: the
   * in-memory reader sees a_1 = 3 and 6 (two classes of one record); DuckDB's 'a_1' is the column 'a' (2 and 5).
   */
  for (const [header, column, name] of [
    ['A,a,a_1,sex', 2, 'a'],
    [' a,a,sex', 1, ' a'],
  ] as const) {
    it(`a header '${header}' that DuckDB renames is refused naming column ${column}`, async () => {
      writeFileSync(
        join(dir, 'case.csv'),
        `${header}\n1,2,3,F\n4,5,6,M\n`.replace(/^ a,a,sex\n1,2,3,F\n4,5,6,M/, ' a,a,sex\n1,2,F\n4,5,M'),
      );
      const qi = header.startsWith('A') ? 'a_1' : 'a';
      const memory = await runIn(dir, ['risk', 'case.csv', '--qi', qi, '--engine', 'memory', '--json']);
      assert.equal(memory.code, 0, memory.err);
      assert.equal(JSON.parse(memory.out).rows, 2);
      const duck = await runIn(dir, ['risk', 'case.csv', '--qi', qi, '--engine', 'duckdb']);
      assert.equal(duck.code, 2, duck.out);
      assert.match(
        duck.err,
        new RegExp(`case\\.csv:1:${column}: column ${column} '${name}' of the header is '[^']+' to DuckDB`),
      );
      assert.equal(duck.err.split('\n').length, 2, duck.err);
    });
  }

  it('a Parquet schema whose names differ only in case is refused', async () => {
    const csv = join(dir, 'cased.csv');
    writeFileSync(csv, 'zzcola,sex,zzcolb\n30,F,31\n40,M,41\n');
    const made = join(dir, 'cased-made.parquet');
    const duck = await DuckDbSource.open(csv);
    try {
      await duck.query(`COPY (SELECT * FROM ${duck.relation}) TO '${made}' (FORMAT parquet)`);
    } finally {
      await duck.close();
    }
    // 'zzcolb' becomes 'ZZCOLA' in the footer (same length): DuckDB then reads it as 'ZZCOLA_1', and 'zzcola' binds
    // first.
    writeFileSync(
      join(dir, 'cased.parquet'),
      Buffer.from(readFileSync(made).toString('latin1').split('zzcolb').join('ZZCOLA'), 'latin1'),
    );
    const r = await runIn(dir, ['risk', 'cased.parquet', '--qi', 'sex']);
    assert.equal(r.code, 2, r.out);
    assert.match(r.err, /cased\.parquet.*column 3 'ZZCOLA' of the schema is 'ZZCOLA_1' to DuckDB/);
    assert.equal(r.err.split('\n').length, 2, r.err);
  });

  /**
   * Review of issue 26: DuckDB's sniffer guessed a comment character and leading lines to skip, so through DuckDB a
   * file the in-memory reader refuses was read with rows missing: 'code,sex / a,M / #note / #b,F / c,F / d,M' gave 3
   * rows (a, c, d: the well-formed row '#b,F' dropped with the stray line), and 'junk / code,sex / …' took the second
   * line for the header (the column-name check above already refuses that one: 'junk' is not 'code'). Both are
   * refused through DuckDB as in memory, DuckDB told no comment and no skipped line; a '#' in a value is a value.
   */
  for (const [what, text] of [
    ['a stray line beginning with #', 'code,sex\na,M\n#note\n#b,F\nc,F\nd,M\n'],
    ['a line before the header', 'junk\ncode,sex\na,M\nb,F\nc,F\n'],
  ] as const) {
    it(`${what}: refused through DuckDB as in memory, no row dropped`, async () => {
      writeFileSync(join(dir, 'sniffed.csv'), text);
      const memory = await runIn(dir, ['risk', 'sniffed.csv', '--qi', 'sex', '--engine', 'memory']);
      assert.equal(memory.code, 2, memory.out);
      const duck = await runIn(dir, ['risk', 'sniffed.csv', '--qi', 'sex', '--engine', 'duckdb']);
      assert.equal(duck.code, 2, duck.out);
      assert.match(duck.err, /sniffed\.csv/);
      assert.equal(duck.err.split('\n').length, 2, duck.err);
    });
  }

  it("a value beginning with '#' is a value through DuckDB, as in memory", async () => {
    writeFileSync(join(dir, 'hash.csv'), 'code,sex\n#1,M\n#2,F\nx3,M\n#4,F\n');
    for (const engine of ['memory', 'duckdb']) {
      const r = await runIn(dir, ['risk', 'hash.csv', '--qi', 'code', '--engine', engine, '--json']);
      assert.equal(r.code, 0, r.err);
      // Four rows, four distinct codes: four classes of one (hand-counted).
      assert.deepEqual([JSON.parse(r.out).rows, JSON.parse(r.out).classes], [4, 4], engine);
    }
  });

  it("a CSV's unnamed index column (',age,sex', as pandas writes it) is read through DuckDB as in memory", async () => {
    writeFileSync(join(dir, 'index.csv'), ',age,sex\n0,30,M\n1,41,F\n2,30,M\n');
    for (const engine of ['memory', 'duckdb']) {
      const r = await runIn(dir, ['risk', 'index.csv', '--qi', 'age,sex', '--engine', engine, '--json']);
      assert.equal(r.code, 0, r.out);
      // Three rows, two classes (30/M twice, 41/F once), hand-counted.
      assert.deepEqual([JSON.parse(r.out).rows, JSON.parse(r.out).classes], [3, 2], engine);
    }
    // DuckDB's name for it, 'column0', is refused where the file has its own 'column0': that name would read the index.
    writeFileSync(join(dir, 'index2.csv'), ',column0,sex\n0,30,M\n1,41,F\n');
    const r = await runIn(dir, ['risk', 'index2.csv', '--qi', 'column0,sex', '--engine', 'duckdb']);
    assert.equal(r.code, 2, r.out);
    assert.match(r.err, /index2\.csv:1:1: column 1 '' of the header is 'column0' to DuckDB/);
  });
});
