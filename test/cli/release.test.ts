import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ledgerFileSync, ledgerOfLogText } from '../helpers/ledger.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

async function run(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

/** A fresh copy of a fixture spec and its data, so that ledgers and outputs never touch the repository. */
function workspace(spec: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-release-'));
  cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
  cpSync(join(fixtures, spec), join(dir, spec));
  return dir;
}

const json = (path: string) =>
  path.endsWith('.jsonl') ? ledgerOfLogText(readFileSync(path, 'utf8')) : JSON.parse(readFileSync(path, 'utf8'));

describe('privspec release', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = (spec: string) => {
    const d = workspace(spec);
    dirs.push(d);
    return d;
  };

  it('writes a CSV and a JSON report per release and records the spend in the ledger', async () => {
    const dir = fresh('release-basic.privspec');
    const { code, out } = await run(dir, ['release', 'release-basic.privspec', '--out', 'out', '--json']);
    const report = JSON.parse(out);
    const status = Object.fromEntries(report.releases.map((r: { name: string; status: string }) => [r.name, r.status]));
    assert.deepEqual(status, {
      by_sex: 'written',
      older: 'written',
      income: 'written',
      top: 'written',
      public: 'written',
      swapped: 'written',
    });
    assert.equal(code, 0);
    const bySex = json(join(dir, 'out', 'by_sex.json'));
    assert.equal(bySex.mechanism, 'laplace');
    // Hand-computed: a histogram of counts has Δ₁ = 1, so the Laplace scale is 1/0.4 = 2.5 and the 95 % bound 2.5·ln
    // 20.
    assert.equal(bySex.parameters.scale, 2.5);
    assert.deepEqual(bySex.privacySpent, { accounting: 'pure', epsilon: 0.4 });
    assert.ok(Math.abs(bySex.expectedError.bound - 2.5 * Math.log(20)) < 1e-9);
    assert.equal(readFileSync(join(dir, 'out', 'by_sex.csv'), 'utf8').split('\n')[0], 'sex,count');
    // Hand-computed: 0.4 + 0.2 + 0.2 + 0.1 = 0.9 of 1 (generalize spends nothing).
    assert.deepEqual(report.budget.spent, { epsilon: 0.9 });
    // One ledger for the data, beside it; microdata runs (generalize, PRAM) are recorded with no central cost (issue
    // 21).
    const ledger = json(ledgerFileSync(join(dir, 'data', 'people.csv')));
    assert.deepEqual(
      ledger.entries.filter((e: { microdata?: unknown }) => !e.microdata).map((e: { release: string }) => e.release),
      ['by_sex', 'older', 'income', 'top'],
    );
    assert.deepEqual(
      ledger.entries
        .filter((e: { microdata?: unknown }) => e.microdata)
        .map((e: { release: string; costs: object }) => [e.release, e.costs]),
      [
        ['public', {}],
        ['swapped', {}],
      ],
    );
    assert.match(
      report.releases.find((r: { name: string }) => r.name === 'swapped').message,
      /PRAM spends no central DP budget/,
    );
    // The accepted leak is repeated in the release's report.
    assert.deepEqual(json(join(dir, 'out', 'top.json')).accepts, ['data-dependent-domain']);
  });

  it('releases every cell of a declared domain, empty ones included, and draws a mode from the declared values', async () => {
    const dir = fresh('public-domain.privspec');
    const { code } = await run(dir, [
      'release',
      'public-domain.privspec',
      '--out',
      'out',
      '--seed',
      '7',
      '--not-private',
    ]);
    assert.equal(code, 0);
    const lines = readFileSync(join(dir, 'out', 'by_sex.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    // The grouping lists M, F, X, U in that order; U has no rows but is released all the same, so the output's shape
    // reveals nothing about which values occur.
    assert.deepEqual(
      lines.map((l) => l.split(',')[0]),
      ['sex', 'M', 'F', 'X', 'U'],
    );
    const top = json(join(dir, 'out', 'top.json'));
    assert.equal(top.parameters.candidates, 4, 'flu, cold, asthma and measles');
    assert.ok(
      ['flu', 'cold', 'asthma', 'measles'].includes(
        readFileSync(join(dir, 'out', 'top.csv'), 'utf8')
          .trim()
          .split('\n')[2],
      ),
    );
  });

  it('writes only declared columns and generalizes the quasi-identifiers in a generalize release', async () => {
    const dir = fresh('release-basic.privspec');
    await run(dir, ['release', 'release-basic.privspec', '--out', 'out', '--only', 'public']);
    const lines = readFileSync(join(dir, 'out', 'public.csv'), 'utf8')
      .trim()
      .split('\n');
    // name is identifying; id, zip, income and height are not declared, so they count as identifying too (issue 10 item
    // 4).
    assert.equal(lines[0], 'age,sex,diagnosis');
    assert.match(
      json(join(dir, 'out', 'public.json')).notes.join('\n'),
      /removed columns \(identifying or not declared\): id, name, zip, income, height/,
    );
    // Hand-checked: age in 20-year bands with sex kept is 2-anonymous once the single X row (id 11) is suppressed;
    // a suppressed row leaves the file, so 11 of the 12 rows remain and id 11 is not among them.
    assert.equal(lines.length, 12);
    // The rows come in a fresh random order (issue 21): the first input row's generalized form is among them.
    assert.ok(lines.slice(1).includes('20-39,F,flu'));
    assert.ok(!lines.some((l) => l.startsWith('X') || l.includes(',X,')));
  });

  it('applies the pinned levels in a generalize release', async () => {
    const dir = fresh('pinned-levels.privspec');
    const { code } = await run(dir, ['release', 'pinned-levels.privspec', '--out', 'out']);
    assert.equal(code, 0);
    const lines = readFileSync(join(dir, 'out', 'public.csv'), 'utf8')
      .trim()
      .split('\n');
    // Hand-checked: age 34 in 20-year bands is 20-39 and sex stays; the X row is the one row suppressed (10 % of 12
    // allows 1).
    assert.ok(lines.slice(1).includes('20-39,F'));
    assert.equal(lines.length, 12, 'the suppressed row leaves the file');
    assert.ok(!lines.some((l) => l.endsWith(',X')));
    assert.deepEqual(json(join(dir, 'out', 'public.json')).parameters.pinned, ['age', 'sex']);
  });

  it('gives the same output for the same seed', async () => {
    const a = fresh('release-basic.privspec');
    const b = fresh('release-basic.privspec');
    await run(a, [
      'release',
      'release-basic.privspec',
      '--out',
      'out',
      '--only',
      'by_sex',
      '--seed',
      '42',
      '--not-private',
    ]);
    await run(b, [
      'release',
      'release-basic.privspec',
      '--out',
      'out',
      '--only',
      'by_sex',
      '--seed',
      '42',
      '--not-private',
    ]);
    assert.match(readFileSync(join(a, 'out', 'by_sex.csv'), 'utf8'), /^# NOT PRIVATE \(seeded\)\n/);
    assert.equal(
      readFileSync(join(a, 'out', 'by_sex.csv'), 'utf8'),
      readFileSync(join(b, 'out', 'by_sex.csv'), 'utf8'),
    );
  });

  it('spends again when a release runs again, says so, and refuses once the ledger is exhausted', async () => {
    const dir = fresh('release-basic.privspec');
    const first = await run(dir, ['release', 'release-basic.privspec', '--out', 'out', '--only', 'by_sex']);
    assert.equal(first.code, 0);
    const second = await run(dir, ['release', 'release-basic.privspec', '--out', 'out', '--only', 'by_sex']);
    assert.match(second.out, /It was run 1 time before; this run spends ε 0\.4 again\./);
    assert.match(second.out, /ε 0\.8 of 1 spent/);
    // Issue 16: a second run never replaces the first run's files; it writes the next free pair, and each ledger entry
    // names the files of its own run.
    const firstCsv = readFileSync(join(dir, 'out', 'by_sex.csv'), 'utf8');
    assert.deepEqual(readdirSync(join(dir, 'out')).sort(), [
      'by_sex-2.csv',
      'by_sex-2.json',
      'by_sex.csv',
      'by_sex.json',
    ]);
    assert.equal(
      json(join(dir, 'out', 'by_sex.json')).ledgerEntry,
      json(ledgerFileSync(join(dir, 'data', 'people.csv'))).entries[0].id,
    );
    assert.equal(
      json(join(dir, 'out', 'by_sex-2.json')).ledgerEntry,
      json(ledgerFileSync(join(dir, 'data', 'people.csv'))).entries[1].id,
    );
    const entries = json(ledgerFileSync(join(dir, 'data', 'people.csv'))).entries as { files: string[] }[];
    assert.deepEqual(
      entries.map((e) => e.files.map((f) => f.replace(/^.*[\\/]/, ''))),
      [
        ['by_sex.csv', 'by_sex.json'],
        ['by_sex-2.csv', 'by_sex-2.json'],
      ],
    );
    const third = await run(dir, ['release', 'release-basic.privspec', '--out', 'out', '--only', 'by_sex']);
    assert.equal(third.code, 1);
    assert.equal(readFileSync(join(dir, 'out', 'by_sex.csv'), 'utf8'), firstCsv);
    // Hand-computed: 0.8 spent of 1; 0.4 requested, 0.2 remaining.
    assert.match(third.out, /by_sex: refused: .*needs ε 0\.4, ε 0\.2 remains/);
    assert.equal(json(ledgerFileSync(join(dir, 'data', 'people.csv'))).entries.length, 2);
  });

  it('spends nothing and writes nothing with --dry-run', async () => {
    const dir = fresh('release-basic.privspec');
    const { code, out } = await run(dir, ['release', 'release-basic.privspec', '--dry-run', '--only', 'older']);
    assert.equal(code, 0);
    assert.match(out, /older: dry-run: dry run: would spend ε 0\.2; nothing spent, nothing written\./);
    assert.equal(existsSync(ledgerFileSync(join(dir, 'data', 'people.csv'))), false);
    assert.deepEqual(readdirSync(dir).sort(), ['data', 'release-basic.privspec']);
  });

  it('bounds each unit’s contributions under user-level DP', async () => {
    const dir = fresh('release-unit.privspec');
    const { code, out } = await run(dir, ['release', 'release-unit.privspec', '--out', 'out', '--json']);
    assert.equal(code, 0, out);
    const report = json(join(dir, 'out', 'per_sex.json'));
    // Hand-computed: groups 1, rows 2 → Δ₂ = √1·2 = 2; p1's 4 rows are cut to 2, so 2 of 7 rows are dropped.
    assert.equal(report.parameters.sensitivityL2, 2);
    // That count is exact and data-dependent: it goes to the data owner's terminal, never into the release (issue 10
    // item 5).
    assert.ok(!JSON.stringify(report).includes('dropped'));
    assert.deepEqual(JSON.parse(out).releases[0].local, ['contribution bounding dropped 2 rows']);
    assert.deepEqual(report.privacySpent, { accounting: 'zcdp', rho: 0.5 });
  });

  it('refuses to run when the ledger holds spends the accounting cannot state', async () => {
    const dir = fresh('release-unit.privspec');
    assert.equal((await run(dir, ['release', 'release-unit.privspec', '--out', 'out'])).code, 0);
    // The Gaussian spend recorded under zCDP has no pure-ε statement; switching the spec to pure accounting must not
    // hide it.
    const spec = join(dir, 'release-unit.privspec');
    writeFileSync(
      spec,
      readFileSync(spec, 'utf8')
        .replace('budget { rho 0.5 }', 'budget { epsilon 1 }')
        .replace('gaussian rho 0.5', 'laplace epsilon 0.5'),
    );
    const { code, err } = await run(dir, ['release', 'release-unit.privspec', '--out', 'out']);
    assert.equal(code, 1);
    assert.match(err, /1 recorded spend \(first: 'per_sex'\) cannot be stated under 'pure' accounting/);
  });

  it('refuses to write into the folder of the input data (exit 2)', async () => {
    const dir = fresh('release-basic.privspec');
    const { code, err } = await run(dir, ['release', 'release-basic.privspec', '--out', 'data']);
    assert.equal(code, 2);
    assert.match(
      err,
      /^privspec release: the output folder .*data holds the input .*people\.csv; choose a separate folder\n/,
    );
  });

  it('refuses a spec with errors (exit 1) and an unknown release name (exit 2)', async () => {
    const dir = fresh('budget-overrun.privspec');
    const bad = await run(dir, ['release', 'budget-overrun.privspec', '--out', 'out']);
    assert.equal(bad.code, 1);
    assert.match(
      bad.err,
      /^privspec release: budget-overrun\.privspec:8: the spec has 1 error, the first: budget overrun in 'c'/,
    );
    const ok = fresh('release-basic.privspec');
    const unknown = await run(ok, ['release', 'release-basic.privspec', '--out', 'out', '--only', 'nope']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /no release named 'nope'; the spec has by_sex, older, income, top, public, swapped/);
  });
});
