import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { groupingHierarchy } from '../../engine/hierarchy/grouping-hierarchy.js';
import { ledgerTotal } from '../../engine/release/ledger-entry.js';
import type { Constraint } from '../../engine/release/release-description.js';
import { tableFromRows } from '../../engine/table/table.js';
import { ledgerFileSync, ledgerOfLogText } from '../helpers/ledger.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

// Issue 10 ("Safe by default"), items 1, 2, 3, 8 and 9: each reproduction from the issue, run against
// `privspec release`.

async function run(cwd: string, args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

const PEOPLE = `id,name,age,sex,income
1,Ann,34,F,52000
2,Bob,35,M,48000
3,Cid,51,M,61000
4,Dee,52,F,58000
5,Eve,23,F,31000
6,Fay,24,F,29000
`;

function workspace(spec: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-safety-'));
  mkdirSync(join(dir, 'data'));
  mkdirSync(join(dir, 'hier'));
  writeFileSync(join(dir, 'data', 'people.csv'), PEOPLE);
  writeFileSync(join(dir, 'hier', 'sex.csv'), 'M;*\nF;*\n');
  writeFileSync(join(dir, 'spec.privspec'), spec);
  return dir;
}

const SPEC = `dataset people from "data/people.csv" {
  identifying name
  quasi age, sex
}
hierarchy sex from "hier/sex.csv"
budget { epsilon 4 }
release people: count by sex  laplace epsilon 1
release sex:    count  laplace epsilon 1
`;

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = (spec = SPEC) => {
  const d = workspace(spec);
  dirs.push(d);
  useTestRegistryFor(d);
  return d;
};
// The data's ledger (one per dataset, in the registry).
const ledger = (dir: string) => ledgerFileSync(join(dir, 'data', 'people.csv'));

describe('issue 10 item 1 — no output may replace an input, by any route', () => {
  it('refuses --out that is a symlink to the data folder, before spending (the input CSV was overwritten)', async () => {
    const dir = fresh();
    symlinkSync(join(dir, 'data'), join(dir, 'link'));
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'link', '--only', 'people']);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /link.*holds the input .*people\.csv.*resolves to/);
    assert.equal(readFileSync(join(dir, 'data', 'people.csv'), 'utf8'), PEOPLE);
    assert.equal(existsSync(ledger(dir)), false, 'nothing spent');
  });

  it('refuses an output named like a hierarchy file in its folder (the hierarchy was overwritten)', async () => {
    const dir = fresh();
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'hier', '--only', 'sex']);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /hier.*holds the input .*sex\.csv/);
    assert.equal(readFileSync(join(dir, 'hier', 'sex.csv'), 'utf8'), 'M;*\nF;*\n');
  });

  it('refuses an output that is a hard link or a symlink to an input, in an otherwise fresh folder', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'out'));
    linkSync(join(dir, 'data', 'people.csv'), join(dir, 'out', 'people.csv'));
    const hard = await run(dir, ['release', 'spec.privspec', '--out', 'out', '--only', 'people']);
    assert.equal(hard.code, 2, hard.err);
    assert.match(hard.err, /the output .*out\/people\.csv would replace the input .*data\/people\.csv/);
    rmSync(join(dir, 'out', 'people.csv'));
    symlinkSync(join(dir, 'hier', 'sex.csv'), join(dir, 'out', 'sex.csv'));
    const soft = await run(dir, ['release', 'spec.privspec', '--out', 'out', '--only', 'sex']);
    assert.equal(soft.code, 2, soft.err);
    assert.match(soft.err, /would replace the input .*hier\/sex\.csv/);
    assert.equal(existsSync(ledger(dir)), false);
  });
});

describe('issue 10 item 2 — the ledger is the truth, even under concurrency', function () {
  this.timeout(120_000);
  it('six concurrent runs under budget ε 4 with one ε 1 release: exactly four write, the ledger records four', async () => {
    const cli = resolve('dist/cli.cjs');
    assert.ok(existsSync(cli), 'npm test builds dist/cli.cjs first');
    for (let round = 0; round < 3; round++) {
      const dir = fresh();
      const runs = Array.from(
        { length: 6 },
        (_, i) =>
          new Promise<number>((done) => {
            const child = spawn(
              process.execPath,
              [cli, 'release', 'spec.privspec', '--only', 'sex', '--out', `out${i}`],
              { cwd: dir, stdio: 'ignore' },
            );
            child.on('exit', (code) => done(code ?? -1));
          }),
      );
      const codes = await Promise.all(runs);
      assert.equal(codes.filter((c) => c === 0).length, 4, `round ${round}: exit codes ${codes.join(',')}`);
      assert.equal(codes.filter((c) => c === 1).length, 2);
      const entries = ledgerOfLogText(readFileSync(ledger(dir), 'utf8')).entries;
      assert.equal(entries.length, 4);
      const written = Array.from({ length: 6 }, (_, i) => existsSync(join(dir, `out${i}`, 'sex.csv'))).filter(
        Boolean,
      ).length;
      assert.equal(written, 4, 'no output without its spend');
      assert.equal(existsSync(`${ledger(dir)}.lock`), false, 'the lock is released');
    }
  });

  it('a lock left by a dead process is taken over', async () => {
    const dir = fresh();
    mkdirSync(dirname(ledger(dir)), { recursive: true });
    writeFileSync(
      `${ledger(dir)}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), at: Date.now() }),
    );
    const r = await run(dir, ['release', 'spec.privspec', '--only', 'sex', '--out', 'out']);
    assert.equal(r.code, 0, r.err);
  });
});

describe('issue 10 item 3 — validate, then spend, then write', () => {
  it('--out naming an existing file is refused before anything is spent', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'taken'), 'x');
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'taken']);
    assert.equal(r.code, 2);
    assert.match(r.err, /taken is a file, not a folder/);
    assert.doesNotMatch(r.err, /EEXIST|\n\s+at /);
    assert.equal(existsSync(ledger(dir)), false);
  });

  it('an output path that exists as a folder is refused before anything is spent', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'out', 'sex.json'), { recursive: true });
    const r = await run(dir, ['release', 'spec.privspec', '--only', 'sex', '--out', 'out']);
    assert.equal(r.code, 2);
    assert.match(r.err, /sex\.json exists and is not a file/);
    assert.equal(existsSync(ledger(dir)), false);
  });

  it('a failure after the spend says "spent, output not written" with the ledger entry', async () => {
    const dir = fresh();
    // The runner planned and charged a histogram by sex, then the table turns out to lack that column.
    const specFile = join(dir, 'spec.privspec');
    const report = await runReleases(
      {
        specFile,
        dataset: {
          name: 'p',
          file: join(dir, 'data', 'people.csv'),
          identifying: [],
          quasi: ['sex'],
          sensitive: [],
          insensitive: [],
        },
        budget: { accounting: 'pure', epsilon: 4 },
        releases: [
          { name: 'h', query: { kind: 'count', by: ['sex'] }, mechanism: { kind: 'laplace', epsilon: 1 }, accepts: [] },
        ],
        hierarchies: new Map([
          [
            'sex',
            groupingHierarchy([
              new Map([
                ['M', '*'],
                ['F', '*'],
              ]),
            ]),
          ],
        ]),
        inputFiles: [],
        readTable: () => Promise.resolve(tableFromRows(['id'], [['1']])),
      },
      { out: join(dir, 'out'), dryRun: false },
    );
    const outcome = report.releases[0];
    assert.equal(outcome.status, 'failed');
    const entries = ledgerOfLogText(readFileSync(ledger(dir), 'utf8')).entries;
    assert.equal(entries.length, 1);
    assert.match(outcome.message, new RegExp(`^spent ε 1 \\(ledger entry ${entries[0].id}\\), output not written: `));
    assert.equal(existsSync(join(dir, 'out', 'h.csv')), false);
  });
});

describe('review findings on the release path', () => {
  it('a budget with no limit in its notion allows nothing (budget { delta 1e-6 } under approx accounting)', async () => {
    const dir = fresh(SPEC.replace('budget { epsilon 4 }', 'budget { delta 1e-6 }'));
    const r = await run(dir, ['release', 'spec.privspec', '--only', 'sex', '--out', 'out']);
    assert.equal(r.code, 1);
    assert.match(r.err + r.out, /the budget gives no ε limit under 'approx' accounting/);
    assert.equal(existsSync(join(dir, 'out', 'sex.csv')), false);
    const check = await run(dir, ['check', 'spec.privspec', '--format', 'json']);
    assert.ok(
      JSON.parse(check.out).diagnostics.some(
        (d: { code: string; severity: string }) => d.code === 'no-budget' && d.severity === 'error',
      ),
    );
  });

  it('an infinite where bound is refused, so ledger regions always read back and compose', async () => {
    const dir = fresh(
      SPEC.replace(
        'release sex:    count  laplace epsilon 1',
        'release sex:    count where age in -1e999..30  laplace epsilon 1',
      ),
    );
    const check = await run(dir, ['check', 'spec.privspec', '--format', 'json']);
    assert.equal(check.code, 1);
    assert.ok(
      JSON.parse(check.out).diagnostics.some((d: { message: string }) =>
        /where bound must be a finite number/.test(d.message),
      ),
    );
  });

  it('a stored region that does not read back composes with everything', () => {
    const costs = { pure: { kind: 'pure' as const, epsilon: 1 } };
    const broken = { kind: 'range', low: null, high: 30 } as unknown as Constraint;
    const entries = [1, 2, 3].map((i) => ({
      id: String(i),
      release: 'r',
      at: '',
      costs,
      box: { age: [broken] },
      userLevel: false,
    }));
    assert.deepEqual(ledgerTotal(entries, 'pure'), { epsilon: 3 });
  });
});

describe('issue 10 item 8 — warnings that hide a leak become errors', () => {
  const leaky = SPEC.replace(
    'release people: count by sex  laplace epsilon 1',
    'release by_age: count by age  laplace epsilon 1',
  );
  it('groups taken from the data: an error in check, a refusal in release', async () => {
    const dir = fresh(leaky);
    const check = await run(dir, ['check', 'spec.privspec', '--format', 'json']);
    assert.equal(check.code, 1);
    assert.ok(
      JSON.parse(check.out).diagnostics.some(
        (d: { code: string; severity: string }) => d.code === 'data-dependent-domain' && d.severity === 'error',
      ),
    );
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'out', '--only', 'by_age']);
    assert.equal(r.code, 1);
    assert.equal(existsSync(ledger(dir)), false);
  });

  it("'accept data-dependent-domain' runs it, and the release's JSON repeats the clause", async () => {
    const dir = fresh(
      leaky.replace('count by age  laplace epsilon 1', 'count by age  laplace epsilon 1  accept data-dependent-domain'),
    );
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'out', '--only', 'by_age']);
    assert.equal(r.code, 0, r.err + r.out);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'by_age.json'), 'utf8'));
    assert.deepEqual(report.accepts, ['data-dependent-domain']);
    assert.ok(report.notes.some((n: string) => /taken from the data \(accepted: data-dependent-domain\)/.test(n)));
  });

  it('a unit without a bound: an error unless accepted', async () => {
    const unit = SPEC.replace('  quasi age, sex\n', '  quasi age, sex\n  unit id\n');
    const dir = fresh(unit);
    const check = await run(dir, ['check', 'spec.privspec', '--format', 'json']);
    assert.ok(
      JSON.parse(check.out).diagnostics.some(
        (d: { code: string; severity: string }) => d.code === 'unbounded-contribution' && d.severity === 'error',
      ),
    );
    const ok = fresh(
      unit
        .replace(
          'release sex:    count  laplace epsilon 1',
          'release sex:    count  bound unit rows 1  laplace epsilon 1',
        )
        .replace('count by sex  laplace', 'count by sex  bound unit groups 1 rows 1  laplace'),
    );
    assert.equal((await run(ok, ['release', 'spec.privspec', '--out', 'out', '--only', 'sex'])).code, 0);
  });
});

describe('issue 10 item 9 — seeded noise is marked and never spent as if private', () => {
  it('--seed needs --not-private', async () => {
    const dir = fresh();
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'out', '--seed', '1']);
    assert.equal(r.code, 2);
    assert.match(r.err, /--not-private/);
  });

  it('a seeded run says NOT PRIVATE on the first line of every output and spends nothing', async () => {
    const dir = fresh();
    const r = await run(dir, ['release', 'spec.privspec', '--out', 'out', '--seed', '1', '--not-private', '--json']);
    assert.equal(r.code, 0, r.err);
    for (const f of ['people.csv', 'people.json', 'sex.csv', 'sex.json']) {
      assert.match(readFileSync(join(dir, 'out', f), 'utf8').split('\n')[0], /NOT PRIVATE \(seeded\)/, f);
    }
    assert.equal(
      JSON.parse(readFileSync(join(dir, 'out', 'sex.json'), 'utf8')).notPrivate.startsWith('NOT PRIVATE (seeded)'),
      true,
    );
    const report = JSON.parse(r.out);
    assert.equal(report.notPrivate, true);
    assert.deepEqual(report.budget.spent, { epsilon: 0 });
    const entries = ledgerOfLogText(readFileSync(ledger(dir), 'utf8')).entries;
    assert.ok(entries.every((e: { notPrivate?: boolean }) => e.notPrivate === true));
  });
});
