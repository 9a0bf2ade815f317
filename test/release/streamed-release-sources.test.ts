import { strict as assert } from 'node:assert';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adultDirOrSkip } from '../helpers/adult.js';
import { ledgerOf } from '../helpers/ledger.js';
import { csvToParquet } from '../helpers/parquet.js';
import { runIn } from '../helpers/run-cli.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import type { DataSource, RowBatch } from '../../engine/source/data-source.js';
import { adultStreamSpec } from '../helpers/streamed-specs.js';
import { assertShuffled, SHUFFLE_ROWS } from '../helpers/shuffle-runs.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { runCli as runCliInRegistry } from '../../cli/run-cli.js';

// Issue 26 gap 1: generalize and PRAM releases of every input read at its source are decided on the source's
// frequency tables and streamed (engine/release/kinds/generalize/streamed-generalize.ts, pram/streamed-pram.ts). Here
// the sources DuckDB reads: Parquet, and a CSV under `--engine duckdb`; the database tables are in
// test/cli/database-sources.slow.ts.

type Report = Record<string, unknown>;

const lines = (file: string) => {
  const text = readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  const [header, ...rows] = text;
  return { header, rows: rows.sort() };
};

/** The report without what names the run (ledger, entry id, time): the rest must be equal. */
const figures = (file: string) => {
  const { ledger, ledgerEntry, createdAt, spec, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as Report;
  assert.ok(
    ledgerEntry !== undefined && ledger !== undefined && spec !== undefined,
    'the report names its ledger entry',
  );
  void createdAt;
  return rest;
};

const column = (rows: readonly string[], j: number) => rows.map((r) => r.split(',')[j]).sort();

/**
 * 3,000 rows: an identifier, two quasi-identifiers, the diagnosis and a copy of it (a quasi-identifier left raw at
 * level 0).
 */
function writeData(dir: string): void {
  const values = ['flu', 'cold', 'asthma'];
  const rows: string[] = [];
  // A linear congruential sequence (Knuth's MMIX constants) so the data is fixed without Math.random.
  let x = 12345n;
  const next = (m: number) => {
    x = (6364136223846793005n * x + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number(x >> 33n) % m;
  };
  for (let i = 0; i < 3000; i++) {
    const d = values[next(3)];
    rows.push(`${i},${[20, 30, 40, 50, 60][next(5)]},${next(2) ? 'M' : 'F'},${d},${d}`);
  }
  writeFileSync(join(dir, 'd.csv'), `id,age,sex,diagnosis,orig\n${rows.join('\n')}\n`);
}

const SPEC = (data: string, release: string, k = 2) => `dataset d from "${data}" {
  identifying id
  quasi age, sex, orig
  sensitive diagnosis
}
hierarchy age { "20", "30" -> "20-39"  "40", "50", "60" -> "40-69"  "20-39", "40-69" -> "*" }
hierarchy sex { "M", "F" -> "*" }
hierarchy orig { "flu", "cold", "asthma" -> "*" }
hierarchy diagnosis { "flu", "cold", "asthma" -> "*" }
anonymity { k ${k}  suppression 0.05 }
${release}
`;

/**
 * A run with a ledger registry of its own. The runs compared here read copies of the same bytes (d.csv and x/d.csv),
 * which share one ledger (issue 36), so a second PRAM of them would be refused as a rerun; each engine's run is
 * compared as a first run.
 */
async function runInOwnRegistry(dir: string, args: string[], name: string) {
  const saved = process.env.PRIVSPEC_LEDGER_DIR;
  process.env.PRIVSPEC_LEDGER_DIR = join(dir, `ledgers-${name}`);
  let out = '';
  let err = '';
  try {
    const code = await runCliInRegistry(args, { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
    return { code, out, err };
  } finally {
    process.env.PRIVSPEC_LEDGER_DIR = saved;
  }
}

describe('issue 26 — generalize and PRAM releases streamed from every source DuckDB reads', function () {
  this.timeout(180000);
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-streamed-sources-'));
    useTestRegistryFor(dir);
    writeData(dir);
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    // A copy in its own folder, so that its ledger is not the in-memory run's (a second PRAM of the same records is
    // refused).
    mkdirSync(join(dir, 'x'));
    copyFileSync(join(dir, 'd.csv'), join(dir, 'x', 'd.csv'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function release(spec: string, name: string, out: string, extra: string[] = []) {
    writeFileSync(join(dir, name), spec);
    const r = await runInOwnRegistry(dir, ['release', name, '--out', out, ...extra], out);
    assert.equal(r.code, 0, r.err + r.out);
    return r;
  }

  it('generalize: a CSV under --engine duckdb and a Parquet file give the in-memory lines (as multisets) and report', async () => {
    const g = 'release g: generalize';
    // k 200 over 3,000 rows: the optimum generalizes and suppresses, so both the levels and the classes are tested.
    const memory = await release(SPEC('d.csv', g, 200), 'm.privspec', 'm');
    const duck = await release(SPEC('x/d.csv', g, 200), 'c.privspec', 'c', ['--engine', 'duckdb']);
    const parquet = await release(SPEC('d.parquet', g, 200), 'p.privspec', 'p');
    const expected = lines(join(dir, 'm', 'g.csv'));
    assert.equal(expected.header, 'age,sex,diagnosis,orig');
    for (const out of ['c', 'p']) {
      assert.deepEqual(readdirSync(join(dir, out)).sort(), ['g.csv', 'g.json']);
      assert.deepEqual(lines(join(dir, out, 'g.csv')), expected, out);
      assert.deepEqual(figures(join(dir, out, 'g.json')), figures(join(dir, 'm', 'g.json')), out);
    }
    // The suppressed count and the loss (terminal only) are the in-memory ones.
    const local = (err: string) => err.split('\n').filter((l) => /suppressed|loss/.test(l));
    assert.ok(local(memory.err).length > 0, memory.err);
    assert.deepEqual(local(duck.err), local(memory.err));
    assert.deepEqual(local(parquet.err), local(memory.err));
  });

  it('PRAM: same header, rows and report as in memory, the other columns equal as multisets, the same local ε', async () => {
    const p = 'release p: pram diagnosis retain 0.7';
    const memory = await release(SPEC('d.csv', p), 'm.privspec', 'm');
    const outs = {
      c: await release(SPEC('x/d.csv', p), 'c.privspec', 'c', ['--engine', 'duckdb']),
      p: await release(SPEC('d.parquet', p), 'p.privspec', 'p'),
    };
    const expected = lines(join(dir, 'm', 'p.csv'));
    assert.equal(expected.header, 'age,sex,diagnosis,orig');
    // By hand: k 2 is met at level 0 (every (age, sex, orig) class of 3,000 rows over 30 cells holds well over 2 rows),
    // nothing suppressed, all 3,000 rows written.
    assert.equal(expected.rows.length, 3000);
    const epsilon = (out: string) => /local ε ([0-9.]+)/.exec(out)?.[1];
    for (const [out, r] of Object.entries(outs)) {
      const got = lines(join(dir, out, 'p.csv'));
      assert.equal(got.header, expected.header);
      assert.equal(got.rows.length, expected.rows.length);
      for (const j of [0, 1, 3]) assert.deepEqual(column(got.rows, j), column(expected.rows, j), `${out}: column ${j}`);
      assert.deepEqual(figures(join(dir, out, 'p.json')), figures(join(dir, 'm', 'p.json')), out);
      // Retention 0.7 over 3 values keeps with 0.7 + 0.1 = 0.8 and moves with 0.1: ε = ln(0.8/0.1) = ln 8 = 2.08.
      assert.equal(epsilon(r.out), '2.08');
      assert.equal(epsilon(r.out), epsilon(memory.out));
      assert.match(r.err, /expected distortion of 'diagnosis'/);
      // 3,000 records: over the 2,000 × 2,000 linkage matrix, η is not computed, in the in-memory release's words.
      const eta = (err: string) => /identification risk η[^\n]*/.exec(err)?.[0];
      assert.equal(eta(r.err), eta(memory.err));
      assert.match(eta(r.err)!, /the linkage matrix of 3000 records exceeds 2000 × 2000/);
    }
    // At most 2,000 written records: η is computed from the records the stream kept, as in memory.
    writeFileSync(
      join(dir, 'small.csv'),
      `${readFileSync(join(dir, 'd.csv'), 'utf8').split('\n').slice(0, 501).join('\n')}\n`,
    );
    await csvToParquet(join(dir, 'small.csv'), join(dir, 'small.parquet'));
    const small = await release(SPEC('small.parquet', p), 's.privspec', 's');
    assert.match(small.err, /identification risk η of the written records: max [0-9.e-]+ \(/);
    // The expected distortion comes from the true counts: the same figure as in memory.
    const distortion = (err: string) => /expected distortion[^\n]*/.exec(err)?.[0];
    assert.equal(distortion(outs.p.err), distortion(memory.err));
  });

  it('PRAM streamed (seeded): per input value the outputs follow the matrix row within 5 binomial standard deviations', async () => {
    await release(SPEC('d.parquet', 'release p: pram diagnosis retain 0.4'), 'p.privspec', 'p', [
      '--seed',
      '11',
      '--not-private',
    ]);
    const report = JSON.parse(readFileSync(join(dir, 'p', 'p.json'), 'utf8')) as {
      parameters: { attributes: { labels: string[]; matrix: number[][] }[] };
    };
    const { labels, matrix } = report.parameters.attributes[0];
    // Retention 0.4 over 3 values: 0.4 + 0.6/3 = 0.6 on the diagonal, 0.2 elsewhere (retention-matrix.ts; sdcMicro).
    labels.forEach((_, u) =>
      labels.forEach((__, v) => assert.ok(Math.abs(matrix[u][v] - (u === v ? 0.6 : 0.2)) < 1e-12)),
    );
    const { rows } = lines(join(dir, 'p', 'p.csv'));
    // 'orig' is written raw (level 0): it is the input value of the randomized 'diagnosis' beside it.
    const counts = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const [, , released, original] = r.split(',');
      const row = counts.get(original) ?? new Map<string, number>();
      row.set(released, (row.get(released) ?? 0) + 1);
      counts.set(original, row);
    }
    for (const [u, original] of labels.entries()) {
      const row = counts.get(original)!;
      const n = [...row.values()].reduce((a, b) => a + b, 0);
      for (const [v, released] of labels.entries()) {
        // Binomial(n, p): mean np, standard deviation √(np(1 − p)); 5 of them bound a correct draw but for 6·10⁻⁷.
        const p = matrix[u][v];
        const got = row.get(released) ?? 0;
        assert.ok(
          Math.abs(got - n * p) <= 5 * Math.sqrt(n * p * (1 - p)),
          `${original} → ${released}: ${got} of ${n}, expected ${n * p}`,
        );
      }
    }
    // And the randomization did something: some rows changed their value (with 0.4 of them expected to).
    assert.ok(rows.filter((r) => r.split(',')[2] !== r.split(',')[3]).length > 1000);
  });

  it('--engine: an unknown engine is a usage error; a Parquet file with --engine memory is refused before anything runs', async () => {
    writeFileSync(join(dir, 'p.privspec'), SPEC('d.parquet', 'release g: generalize'));
    const bad = await runIn(dir, ['release', 'p.privspec', '--out', 'o', '--engine', 'spark']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /option --engine: 'spark' is not one of auto, duckdb, memory/);
    const memory = await runIn(dir, ['release', 'p.privspec', '--out', 'o', '--engine', 'memory']);
    assert.equal(memory.code, 2, memory.err + memory.out);
    assert.match(memory.err, /a Parquet file is read by DuckDB: use '--engine duckdb' or 'auto'/);
    assert.ok(!existsSync(join(dir, 'o')) || readdirSync(join(dir, 'o')).length === 0);
    assert.equal(ledgerOf(join(dir, 'd.parquet')), undefined, 'nothing recorded');
  });

  it("anonymize --out through DuckDB keeps the input CSV's delimiter, as the in-memory writer does (Adult's ';')", async function () {
    const d = adultDirOrSkip(this);
    const h = (c: string) => ['--hierarchy', `${c}=${join(d, `adult_hierarchy_${c}.csv`)}`];
    const args = ['--qi', 'age,sex,race', ...h('age'), ...h('sex'), ...h('race'), '--k', '5', '--suppression', '0.02'];
    // A copy: anonymize --out records its run and row key beside the data it reads, never in the shared Adult folder.
    const adult = join(dir, 'adult.csv');
    copyFileSync(join(d, 'adult.csv'), adult);
    for (const [engine, out] of [
      ['memory', 'm.csv'],
      ['duckdb', 'c.csv'],
    ]) {
      const r = await runIn(dir, ['anonymize', adult, ...args, '--engine', engine, '--out', join(dir, out)]);
      assert.equal(r.code, 0, r.err);
    }
    const memory = readFileSync(join(dir, 'm.csv'), 'utf8').trimEnd().split('\n');
    const duck = readFileSync(join(dir, 'c.csv'), 'utf8').trimEnd().split('\n');
    assert.ok(memory[0].includes(';'), memory[0]);
    assert.equal(duck[0], memory[0]);
    assert.ok(duck.length > 29000);
    assert.deepEqual(duck.slice(1).sort(), memory.slice(1).sort());
  });

  it("DuckDB's shuffledRows: a keyed random order (ROW_NUMBER() hashed with the key), equal rows not in runs", async () => {
    writeFileSync(join(dir, 'runs.csv'), `i,v\n${SHUFFLE_ROWS.map((r) => r.join(',')).join('\n')}\n`);
    for (const file of ['runs.csv', 'runs.parquet']) {
      if (file.endsWith('.parquet')) await csvToParquet(join(dir, 'runs.csv'), join(dir, file));
      const duck = await DuckDbSource.open(join(dir, file));
      try {
        await assertShuffled(duck);
      } finally {
        await duck.close();
      }
    }
  });

  describe('through the runner, with a source standing in', () => {
    async function inputOf(spec: string): Promise<RunInput> {
      writeFileSync(join(dir, 's.privspec'), spec);
      const services = nodeServices();
      return {
        ...(await releaseInput(services, await loadSpec(join(dir, 's.privspec'), services))),
        readTable: () => Promise.reject(new Error('the table was read')),
      };
    }

    /** DuckDB over the file, with `rows` and `table` refused and every shuffled row counted. */
    const spy =
      (calls: string[]) =>
      async (file: string): Promise<DataSource> => {
        const duck = await DuckDbSource.open(file);
        return {
          name: duck.name,
          columns: () => duck.columns(),
          frequencyTable: (r) => (calls.push(`frequencyTable ${r.columns.join(',')}`), duck.frequencyTable(r)),
          aggregate: (r) => duck.aggregate(r),
          rows: () => {
            throw new Error('rows() was called');
          },
          shuffledRows: (columns, key, batchRows) => (
            calls.push(`shuffledRows ${columns.join(',')}`),
            duck.shuffledRows(columns, key, batchRows)
          ),
          close: () => duck.close(),
        };
      };

    it('the table is never read: only frequency tables and the shuffled stream are asked of the source', async () => {
      const input = await inputOf(
        SPEC(
          'd.parquet',
          'release g: generalize  accept linked-releases "test fixture: both files of one table"\nrelease p: pram diagnosis retain 0.7',
        ),
      );
      const calls: string[] = [];
      const result = await runReleases(input, { out: join(dir, 'o'), dryRun: false, openSource: spy(calls) });
      assert.deepEqual(
        result.releases.map((r) => r.status),
        ['written', 'written'],
        JSON.stringify(result.releases),
      );
      assert.deepEqual(calls, [
        'frequencyTable age,sex,orig',
        'shuffledRows age,sex,diagnosis,orig',
        'frequencyTable diagnosis',
        'frequencyTable age,sex,orig',
        'shuffledRows age,sex,diagnosis,orig',
      ]);
      assert.equal(lines(join(dir, 'o', 'g.csv')).rows.length, 3000);
      assert.equal(lines(join(dir, 'o', 'p.csv')).rows.length, 3000);
    });

    for (const [kind, text] of [
      ['generalize', 'release g: generalize'],
      ['pram', 'release g: pram diagnosis retain 0.7'],
    ] as const) {
      it(`${kind}: rows that change between the decision and the stream fail the per-class check: no file, the spend recorded`, async () => {
        const input = await inputOf(SPEC('d.parquet', text, 200));
        // The second read differs: one row's age moves from 20 to 60, so the total is the same but two classes are not.
        const changing = async (file: string): Promise<DataSource> => {
          const real = await spy([])(file);
          return {
            ...real,
            shuffledRows: async function* (columns, key, batchRows): AsyncIterable<RowBatch> {
              const at = columns.indexOf('age');
              let moved = false;
              for await (const batch of real.shuffledRows!(columns, key, batchRows)) {
                yield {
                  columns,
                  rows: batch.rows.map((r) =>
                    !moved && r[at] === '20' ? ((moved = true), r.map((v, j) => (j === at ? '60' : v))) : r,
                  ),
                };
              }
            },
          };
        };
        const result = await runReleases(input, { out: join(dir, 'o'), dryRun: false, openSource: changing });
        const outcome = result.releases[0];
        assert.equal(outcome.status, 'failed', outcome.message);
        assert.match(
          outcome.message,
          /\(ledger entry [^)]+\), output not written: .*changed while the release read it \(the generalized class .* holds \d+ streamed rows, the decision counted \d+\)/,
        );
        assert.ok(!existsSync(join(dir, 'o')) || readdirSync(join(dir, 'o')).length === 0, 'no file is left');
        assert.equal(ledgerOf(join(dir, 'd.parquet'))?.entries.length, 1, 'the spend is recorded');
      });
    }
  });

  it('Adult under --engine duckdb: the generalize and PRAM releases equal the in-memory ones', async function () {
    const d = adultDirOrSkip(this);
    copyFileSync(join(d, 'adult.csv'), join(dir, 'adult.csv'));
    for (const h of ['age', 'race'])
      copyFileSync(join(d, `adult_hierarchy_${h}.csv`), join(dir, `adult_hierarchy_${h}.csv`));
    writeFileSync(join(dir, 'a.privspec'), adultStreamSpec('"adult.csv"'));
    mkdirSync(join(dir, 'y'));
    for (const f of ['adult.csv', 'adult_hierarchy_age.csv', 'adult_hierarchy_race.csv'])
      copyFileSync(join(dir, f), join(dir, 'y', f));
    writeFileSync(join(dir, 'y', 'a.privspec'), readFileSync(join(dir, 'a.privspec')));
    for (const [spec, out, extra] of [
      ['a.privspec', 'm', []],
      ['y/a.privspec', 'c', ['--engine', 'duckdb']],
    ] as const) {
      const r = await runInOwnRegistry(dir, ['release', spec, '--out', out, ...extra], out);
      assert.equal(r.code, 0, r.err + r.out);
    }
    const g = lines(join(dir, 'm', 'g.csv'));
    assert.ok(g.rows.length > 25000, `${g.rows.length} rows`);
    assert.deepEqual(lines(join(dir, 'c', 'g.csv')), g);
    assert.deepEqual(figures(join(dir, 'c', 'g.json')), figures(join(dir, 'm', 'g.json')));
    const p = lines(join(dir, 'm', 'p.csv'));
    const q = lines(join(dir, 'c', 'p.csv'));
    assert.equal(q.header, p.header);
    assert.equal(q.rows.length, p.rows.length);
    const others = p.header.split(',').flatMap((h, j) => (h === 'salary-class' ? [] : [j]));
    assert.ok(others.length >= 3, p.header);
    for (const j of others) assert.deepEqual(column(q.rows, j), column(p.rows, j), `column ${j}`);
    assert.deepEqual(figures(join(dir, 'c', 'p.json')), figures(join(dir, 'm', 'p.json')));
  });
});
