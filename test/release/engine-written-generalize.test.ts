import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adultDirOrSkip } from '../helpers/adult.js';
import { csvToParquet } from '../helpers/parquet.js';
import { lowHighPlan } from '../helpers/low-high-plan.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { runIn } from '../helpers/run-cli.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { duckdbRelation, DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { writeEngineFile } from '../../engine/host/run/engine-written-file.js';
import {
  copyGeneralized,
  decisionTablesMismatch,
  generalizedTables,
  LIMITS,
} from '../../engine/host/sources/duckdb/duckdb-generalized-copy.js';
import { DuckDBInstance } from '@duckdb/node-api';
import type { GeneralizedRows } from '../../engine/source/generalized-rows.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { seededRandom } from '../../engine/core/random.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';
import { fromSpreadsheetSafe } from '../../engine/host/files/spreadsheet-safe-cell.js';
import { generated, parsed } from '../helpers/generated-release-data.js';

// Issue 38 item 1: a generalize release of data DuckDB reads is one SQL statement — the hierarchy as a join on the
// decision's maps, the failing classes left out by a join on the kept ones, the keyed shuffle, the declared columns —
// written by DuckDB's COPY into a hidden temporary file, checked against the decision's rows and classes, and linked
// into place (engine/host/run/engine-written-file.ts). Its file must hold the lines of the in-memory release of the
// same spec on a CSV copy, as a multiset of parsed rows.

/** Runs the spec's releases in this process (so that a spy on DuckDbSource sees them) into `out`. */
async function release(spec: string, out: string): Promise<void> {
  const services = nodeServices();
  const input = await releaseInput(services, await loadSpec(spec, services));
  const result = await runReleases(input, { out, dryRun: false });
  for (const r of result.releases) assert.equal(r.status, 'written', r.message);
}

/** Counts the calls of DuckDbSource's row stream and of its engine writer while `body` runs. */
async function spied<T>(body: () => Promise<T>): Promise<{ value: T; streamed: number; copied: number }> {
  const proto = DuckDbSource.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const rows = proto.shuffledRows;
  const write = proto.writeGeneralized;
  let streamed = 0;
  let copied = 0;
  proto.shuffledRows = function (this: unknown, ...a: unknown[]) {
    streamed++;
    return rows.apply(this, a);
  };
  proto.writeGeneralized = function (this: unknown, ...a: unknown[]) {
    copied++;
    return write.apply(this, a);
  };
  try {
    return { value: await body(), streamed, copied };
  } finally {
    proto.shuffledRows = rows;
    proto.writeGeneralized = write;
  }
}

describe('issue 38 — a generalize release written by DuckDB', function () {
  this.timeout(300000);
  let dir: string;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('generated data with formula-like cells: the in-memory release’s rows as a multiset, written by COPY, spreadsheet-safe', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-engine-written-'));
    useTestRegistryFor(dir);
    generated(dir);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'), { delimiter: ',' });
    await release(join(dir, 'csv.privspec'), join(dir, 'a'));
    const run = await spied(() => release(join(dir, 'parquet.privspec'), join(dir, 'b')));
    assert.equal(run.copied, 1, 'DuckDB wrote the file');
    assert.equal(run.streamed, 0, 'no row crossed into JavaScript');
    assert.deepEqual(readdirSync(join(dir, 'b')).sort(), ['g.csv', 'g.json'], 'no temporary file is left');
    const a = parsed(join(dir, 'a', 'g.csv'));
    const b = parsed(join(dir, 'b', 'g.csv'));
    assert.deepEqual(b.header, a.header);
    assert.ok(a.rows.length > 2800, `most rows are kept (${a.rows.length})`);
    assert.deepEqual(b.rows, a.rows);
    // Spreadsheet-safe as privspec's writer makes it: every formula-like cell, label or note, is behind one quote.
    const text = readFileSync(join(dir, 'b', 'g.csv'), 'utf8');
    for (const cell of ['=cmd|x', '+A1', '-1+2', '@SUM(1)', '\tTAB', "'=quoted", '@20s'])
      assert.ok(
        b.rows.some((r) => (JSON.parse(r) as string[]).includes(`'${cell}`)),
        `'${cell} is written`,
      );
    assert.ok(
      b.rows.some((r) => (JSON.parse(r) as string[]).includes('-3')),
      'a plain number stays a number',
    );
    for (const line of text.split('\n'))
      for (const cell of line.split(','))
        assert.ok(!/^"?[=+@\t]/.test(cell) || fromSpreadsheetSafe(cell) !== cell, `no raw formula: ${line}`);
  });

  it('Adult: the same rows as the in-memory release of the CSV copy', async function () {
    const d = adultDirOrSkip(this);
    dir = mkdtempSync(join(tmpdir(), 'privspec-engine-written-adult-'));
    useTestRegistryFor(dir);
    for (const h of ['age', 'race', 'education', 'marital-status'])
      copyFileSync(join(d, `adult_hierarchy_${h}.csv`), join(dir, `adult_hierarchy_${h}.csv`));
    await csvToParquet(join(d, 'adult.csv'), join(dir, 'd.parquet'), { delimiter: ';' });
    const copy = await DuckDbSource.open(join(dir, 'd.parquet'));
    try {
      await copy.query(
        `COPY (SELECT * FROM ${copy.relation}) TO '${join(dir, 'd.csv').replace(/'/g, "''")}' (FORMAT csv, HEADER true)`,
      );
    } finally {
      await copy.close();
    }
    const spec = (data: string) => `dataset adult from "${data}" {
  quasi sex, age, race, education, "marital-status"
  sensitive "salary-class"
  insensitive workclass, occupation
}
hierarchy sex { "Male", "Female" -> "*" }
hierarchy age from "adult_hierarchy_age.csv"
hierarchy race from "adult_hierarchy_race.csv"
hierarchy education from "adult_hierarchy_education.csv"
hierarchy "marital-status" from "adult_hierarchy_marital-status.csv"
anonymity { k 10  suppression 0.02 }
release g: generalize
`;
    writeFileSync(join(dir, 'csv.privspec'), spec('d.csv'));
    writeFileSync(join(dir, 'parquet.privspec'), spec('d.parquet'));
    await release(join(dir, 'csv.privspec'), join(dir, 'a'));
    const run = await spied(() => release(join(dir, 'parquet.privspec'), join(dir, 'b')));
    assert.deepEqual([run.copied, run.streamed], [1, 0]);
    const a = parsed(join(dir, 'a', 'g.csv'));
    const b = parsed(join(dir, 'b', 'g.csv'));
    assert.deepEqual(b.header, a.header);
    assert.ok(a.rows.length > 29000, `Adult's 30,162 rows, at most 2 % suppressed (${a.rows.length})`);
    assert.deepEqual(b.rows, a.rows);
  });

  it('hostile column names, output names and folders: bound and quoted, the same rows as in memory', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-engine-written-hostile-'));
    useTestRegistryFor(dir);
    const names = { age: `a"ge'); DROP TABLE t; --`, sex: '=s,e\nx', note: 'n\'o\\te"' };
    generated(dir, names);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'), { delimiter: ',' });
    await release(join(dir, 'csv.privspec'), join(dir, 'a'));
    // An output folder whose name is SQL and shell text; the release's own name is the spec's.
    const out = join(dir, `o'ut"; COPY (SELECT 1) TO 'x' --\n$HOME`);
    mkdirSync(out);
    const run = await spied(() => release(join(dir, 'parquet.privspec'), out));
    assert.equal(run.copied, 1);
    assert.deepEqual(readdirSync(out).sort(), ['g.csv', 'g.json']);
    const a = parsed(join(dir, 'a', 'g.csv'));
    const b = parsed(join(out, 'g.csv'));
    assert.deepEqual(b.header, a.header);
    assert.ok(b.header.includes(`'=s,e\nx`), 'the formula-like column name is written behind a quote');
    assert.deepEqual(b.rows, a.rows);
  });
});

describe('issue 38 — privspec anonymize --out on Parquet, written by DuckDB as CSV or Parquet', function () {
  this.timeout(300000);
  let dir: string;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('--format parquet writes the rows of the CSV --out as a Parquet file; refused where DuckDB does not write', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-engine-anonymize-'));
    useTestRegistryFor(dir);
    generated(dir);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'), { delimiter: ',' });
    const args = ['--qi', 'age,sex', '--hierarchy', 'age=age.csv', '--hierarchy', 'sex=sex.csv', '--k', '40'];
    writeFileSync(join(dir, 'sex.csv'), 'M;*\nF;*\n');
    const args2 = [...args, '--suppression', '0.05', '--keep', 'note', '--json'];
    const memory = await runIn(dir, ['anonymize', 'd.csv', ...args2, '--out', 'memory.csv']);
    assert.equal(memory.code, 0, memory.err);
    const parquet = await runIn(dir, ['anonymize', 'd.parquet', ...args2, '--out', 'o.parquet', '--format', 'parquet']);
    assert.equal(parquet.code, 0, parquet.err);
    const duck = await DuckDbSource.open(join(dir, 'o.parquet'));
    let rows: string[];
    try {
      rows = (await duck.query(`SELECT * FROM ${duck.relation}`)).map((r) => JSON.stringify(r.map(String))).sort();
      assert.deepEqual(await duck.columns(), ['age', 'sex', 'note']);
    } finally {
      await duck.close();
    }
    // Parquet holds the values themselves: the CSV's spreadsheet quote is not part of a value there.
    const csv = parsed(join(dir, 'memory.csv'));
    assert.deepEqual(
      rows,
      csv.rows.map((r) => JSON.stringify((JSON.parse(r) as string[]).map(fromSpreadsheetSafe))).sort(),
    );
    const refused = await runIn(dir, ['anonymize', 'd.csv', ...args2, '--out', 'x.parquet', '--format', 'parquet']);
    assert.equal(refused.code, 2);
    assert.match(
      refused.err + refused.out,
      /--format parquet is written by DuckDB: give a Parquet file or --engine duckdb/,
    );
    assert.ok(!readdirSync(dir).includes('x.parquet'));
  });
});

describe('issue 38 — the engine-written file is checked before it is put in place', function () {
  this.timeout(120000);
  let dir: string;
  let source: DuckDbSource | undefined;
  afterEach(async () => {
    await source?.close();
    source = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** lowHighPlan's 1,000 rows in a fresh folder, and the source over its Parquet copy. */
  async function fixture(): Promise<GeneralizedRows> {
    dir = mkdtempSync(join(tmpdir(), 'privspec-engine-check-'));
    const plan = await lowHighPlan(dir);
    source = await DuckDbSource.open(join(dir, 'd.parquet'));
    return plan;
  }

  const write = (plan: GeneralizedRows, out: string, seed: number) =>
    writeEngineFile(out, source!, plan, {
      inputs: [join(dir, 'd.parquet')],
      key: boundingSeed(seededRandom(seed)),
      format: { format: 'csv', delimiter: ',' },
    });

  it('a class count that differs from the decision removes the temporary file and names the class', async () => {
    const plan = await fixture();
    const moved = { ...plan, classes: { ...plan.classes, rows: Int32Array.of(501, 500) }, rows: 1001 };
    const out = join(dir, 'out.csv');
    await assert.rejects(
      write(moved, out, 1),
      /changed while the release read it \(DuckDB wrote 1000 rows, the decision kept 1001\); nothing was written/,
    );
    // Same total, rows moved between classes: only the per-class check catches it (the statement's own joins count
    // 500 rows in each class: values 0 and 1 under 'low', 2 and 3 under 'high', 250 rows each). The first class in
    // the order of the classes' keys is named: 'low', label code 0 (it was 'high', the first in the labels' order,
    // while the check grouped by the labels' text).
    const shifted = { ...plan, classes: { ...plan.classes, rows: Int32Array.of(499, 501) } };
    await assert.rejects(
      write(shifted, out, 1),
      /the generalized class \["low"\] holds 500 rows, the decision counted 499\); nothing was written/,
    );
    // A wrong map: value 2 taken to 'low' writes 1,000 rows as the decision kept, but 750 under 'low' (values 0, 1
    // and 2) and only value 3's 250 under 'high'; 'low' comes first.
    const mapped = { ...plan, quasi: [{ ...plan.quasi[0], codes: Int32Array.of(0, 0, 0, 1) }] };
    await assert.rejects(
      write(mapped, out, 1),
      /the generalized class \["low"\] holds 750 rows, the decision counted 500\); nothing was written/,
    );
    assert.deepEqual(readdirSync(dir).sort(), ['d.csv', 'd.parquet'], 'no output and no temporary file');
  });

  it('the tables the statement joins are compared with the decision: a map or the kept classes that differ are named', async () => {
    const plan = await fixture();
    const instance = await DuckDBInstance.create(':memory:');
    const con = await instance.connect();
    try {
      // The tables as the COPY joins them: each map (raw value, label code, label), the kept classes by their key
      // (one quasi-identifier of radix 2: the key is the label's code) and rows.
      const tables = async (map: string, classes: string) => {
        await con.run(`CREATE OR REPLACE TEMP TABLE _privspec_m0 AS SELECT * FROM (VALUES ${map}) t(v, code, label)`);
        await con.run(`CREATE OR REPLACE TEMP TABLE _privspec_k AS SELECT * FROM (VALUES ${classes}) t(key, n)`);
        return decisionTablesMismatch(con, plan);
      };
      const map = `('0', 0, 'low'), ('1', 0, 'low'), ('2', 1, 'high'), ('3', 1, 'high')`;
      const kept = `(0, 500), (1, 500)`;
      assert.equal(await tables(map, kept), undefined, 'the decision itself');
      // Values 1 and 2 swapped: every class keeps its 500 rows, so only the map's own check sees it.
      assert.equal(
        await tables(`('0', 0, 'low'), ('1', 1, 'high'), ('2', 0, 'low'), ('3', 1, 'high')`, kept),
        'the map of "g" takes "1" to "high", the decision to "low"',
      );
      // The right label under the wrong code: the key and the label looked up after the sort would be 'high''s.
      assert.equal(
        await tables(`('0', 0, 'low'), ('1', 1, 'low'), ('2', 1, 'high'), ('3', 1, 'high')`, kept),
        'the map of "g" gives "1" the code 1, the decision 0',
      );
      assert.equal(
        await tables(`('0', 0, 'low'), ('1', 0, 'low'), ('2', 1, 'high')`, kept),
        'the map of "g" holds 3 values, the decision 4',
      );
      assert.equal(await tables(`${map}, ('3', 1, 'high')`, kept), 'the map of "g" holds "3" twice');
      assert.equal(
        await tables(map, `(0, 500), (1, 499)`),
        "the kept classes' table holds 2 classes of 999 rows, the decision 2 of 1000",
      );
    } finally {
      con.closeSync();
      instance.closeSync();
    }
  });

  it("a COPY or a check out of DuckDB's memory beside the other: each again alone, the COPY over the claimed file from its start", async () => {
    const plan = await fixture();
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const con = await instance.connect();
    // DuckDB's own words when the two statements share its memory limit (the 10^8-row release, docs/scale.md).
    const oom = () => Promise.reject(new Error('Out of Memory Error: could not allocate block of size 256.0 KiB'));
    try {
      const from = duckdbRelation(join(dir, 'd.parquet'));
      const copy = (connection: typeof con, connect: () => Promise<typeof con>, name: string) =>
        copyGeneralized(connection, connect, from, plan, boundingSeed(seededRandom(4)), join(dir, name), {
          format: 'csv',
          delimiter: ',',
        });
      assert.deepEqual(await copy(con, () => instance.connect(), 'alone.csv'), { rows: 1000 });
      // The check's first connection runs out of memory; the COPY beside it succeeded and stands, the check runs again.
      let connects = 0;
      const failingCheck = async () => {
        const c = await instance.connect();
        return connects++ === 0 ? (Object.assign(Object.create(c) as typeof c, { runAndReadAll: oom }) as typeof c) : c;
      };
      assert.deepEqual(await copy(con, failingCheck, 'check-oom.csv'), { rows: 1000 });
      assert.equal(connects, 2, 'the check ran again');
      // The COPY's first run out of memory over a longer file already at the target (a COPY cut midway): the file is
      // rewritten from its start, the same bytes as the COPY alone.
      writeFileSync(join(dir, 'copy-oom.csv'), 'x'.repeat(200_000));
      let copies = 0;
      const failingCopy = Object.assign(Object.create(con) as typeof con, {
        runAndReadAll: (sql: string, values?: never) =>
          sql.startsWith('COPY') && copies++ === 0 ? oom() : con.runAndReadAll(sql, values),
      });
      assert.deepEqual(await copy(failingCopy, () => instance.connect(), 'copy-oom.csv'), { rows: 1000 });
      assert.equal(copies, 2, 'the COPY ran again');
      for (const name of ['check-oom.csv', 'copy-oom.csv'])
        assert.equal(readFileSync(join(dir, name), 'utf8'), readFileSync(join(dir, 'alone.csv'), 'utf8'), name);
      // Above the rows written beside the check (lowered here): the COPY ends before the check's connection opens.
      const events: string[] = [];
      const logged = Object.assign(Object.create(con) as typeof con, {
        runAndReadAll: async (sql: string, values?: never) => {
          const r = await con.runAndReadAll(sql, values);
          if (sql.startsWith('COPY')) events.push('COPY');
          return r;
        },
      });
      const turn = await copyGeneralized(
        logged,
        () => (events.push('check'), instance.connect()),
        from,
        plan,
        boundingSeed(seededRandom(4)),
        join(dir, 'in-turn.csv'),
        { format: 'csv', delimiter: ',' },
        { ...LIMITS, besideMostRows: 999 },
      );
      assert.deepEqual(turn, { rows: 1000 });
      assert.deepEqual(events, ['COPY', 'check'], '1,000 rows above 999: in turn');
      assert.equal(readFileSync(join(dir, 'in-turn.csv'), 'utf8'), readFileSync(join(dir, 'alone.csv'), 'utf8'));
      // Another failure is not retried: it is the release's failure.
      const broken = Object.assign(Object.create(con) as typeof con, {
        runAndReadAll: (sql: string, values?: never) =>
          sql.startsWith('COPY') ? Promise.reject(new Error('IO Error: disk full')) : con.runAndReadAll(sql, values),
      });
      await assert.rejects(
        copy(broken, () => instance.connect(), 'broken.csv'),
        /disk full/,
      );
    } finally {
      con.closeSync();
      instance.closeSync();
    }
  });

  it('a radix past a BIGINT key and labels past the bound list: joined on the codes, labels from the maps, the same bytes, the same wrong decisions caught', async () => {
    const plan = await fixture();
    assert.deepEqual(generalizedTables(plan).radix, [2], 'one quasi-identifier of two labels: the key is the code');
    const coded = { maxKey: 0n, boundLabels: 0 };
    assert.equal(generalizedTables(plan, coded).radix, undefined, 'a largest key above the limit: no key');
    assert.equal(generalizedTables(plan, coded).boundLabels, false, 'more labels than the limit: none bound');
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const con = await instance.connect();
    try {
      const from = duckdbRelation(join(dir, 'd.parquet'));
      const copy = (p: GeneralizedRows, name: string, limits?: typeof coded) =>
        copyGeneralized(
          con,
          () => instance.connect(),
          from,
          p,
          boundingSeed(seededRandom(4)),
          join(dir, name),
          { format: 'csv', delimiter: ',' },
          limits,
        );
      assert.deepEqual(await copy(plan, 'keyed.csv'), { rows: 1000 });
      assert.deepEqual(await copy(plan, 'coded.csv', coded), { rows: 1000 });
      assert.equal(
        readFileSync(join(dir, 'coded.csv'), 'utf8'),
        readFileSync(join(dir, 'keyed.csv'), 'utf8'),
        'one key, one order, the same labels',
      );
      // The two wrong decisions of the test above, through the join on the codes.
      const shifted = { ...plan, classes: { ...plan.classes, rows: Int32Array.of(499, 501) } };
      assert.equal(
        (await copy(shifted, 'shifted.csv', coded)).mismatch,
        'the generalized class ["low"] holds 500 rows, the decision counted 499',
      );
      const mapped = { ...plan, quasi: [{ ...plan.quasi[0], codes: Int32Array.of(0, 0, 0, 1) }] };
      assert.equal(
        (await copy(mapped, 'mapped.csv', coded)).mismatch,
        'the generalized class ["low"] holds 750 rows, the decision counted 500',
      );
    } finally {
      con.closeSync();
      instance.closeSync();
    }
  });

  it('the order is keyed: two keys give two orders, neither the input order, with the same rows', async () => {
    const plan = await fixture();
    const order = (file: string) => parseCsv(readFileSync(file, 'utf8')).columns[0];
    await write(plan, join(dir, 'one.csv'), 1);
    await write(plan, join(dir, 'two.csv'), 2);
    await write(plan, join(dir, 'again.csv'), 1);
    const seq = (file: string) => {
      const c = order(join(dir, file));
      return Array.from(c.codes, (code) => Number(c.dictionary[code]));
    };
    const [one, two, again] = [seq('one.csv'), seq('two.csv'), seq('again.csv')];
    assert.deepEqual(
      [...one].sort((x, y) => x - y),
      Array.from({ length: 1000 }, (_, k) => k),
    );
    assert.deepEqual(
      [...two].sort((x, y) => x - y),
      Array.from({ length: 1000 }, (_, k) => k),
    );
    assert.deepEqual(again, one, 'one key, one order (the key is all that orders the rows)');
    // The order is the keyed hash's, spelled here apart from the code (as the scale bench's peer spells it): the
    // labels are looked up after the sort, and the rows must keep the sort's order through that projection.
    const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
    const con = await instance.connect();
    try {
      const keyed = (
        await con.runAndReadAll(
          `SELECT k FROM (SELECT k, ROW_NUMBER() OVER () AS n FROM read_parquet($1)) ORDER BY md5_number($2 || '|1:s' || length(CAST(n AS VARCHAR)) || ':' || CAST(n AS VARCHAR)), n`,
          [join(dir, 'd.parquet'), boundingSeed(seededRandom(1))],
        )
      )
        .getRowsJS()
        .map((r) => Number(r[0]));
      assert.deepEqual(one, keyed, 'the file in the keyed order');
    } finally {
      con.closeSync();
      instance.closeSync();
    }
    // Two independent uniform orders of 1,000 rows share a position for about one row (1/1000 each), and a uniform
    // order keeps about one row in its input place; 20 is far beyond either by chance (Poisson(1): P(≥ 20) < 1e-18).
    const same = one.filter((k, i) => two[i] === k).length;
    assert.ok(same < 20, `the two orders agree at ${same} places`);
    assert.ok(one.filter((k, i) => k === i).length < 20, 'not the input order');
    // The labels are the decision's.
    const t = parseCsv(readFileSync(join(dir, 'one.csv'), 'utf8'));
    const g = t.columns[1];
    const k = t.columns[0];
    for (let i = 0; i < t.rowCount; i++)
      assert.equal(g.dictionary[g.codes[i]], Number(k.dictionary[k.codes[i]]) % 4 < 2 ? 'low' : 'high');
  });

  it('output names that are SQL: the path is bound, not written into the statement', async () => {
    const plan = await fixture();
    for (const name of [`x'); COPY (SELECT 1) TO 'p.csv`, 'a"b;--.csv', "it's\n.csv", '$1.csv', '*?[a].csv']) {
      const out = join(dir, name);
      const written = await write(plan, out, 3);
      assert.equal(written.rows, 1000);
      assert.equal(parseCsv(readFileSync(out, 'utf8')).rowCount, 1000, name);
    }
    assert.equal(readdirSync(dir).filter((f) => f.startsWith('.')).length, 0, 'no temporary file is left');
  });
});
