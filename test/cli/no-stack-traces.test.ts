import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { temporaryName } from '../../engine/host/files/write-file-atomic.js';
import { version } from '../../package.json';

const fixtures = resolve('test/fixtures');

async function privspec(argv: string[], cwd = fixtures) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

/** One line on stderr, no stack frame, no internal "Error:" prefix. */
function assertOneLine(err: string) {
  assert.equal(err.split('\n').length, 2, `one line: ${JSON.stringify(err)}`);
  assert.doesNotMatch(err, /^\s+at |\b(Range|Type|Reference)?Error:/m);
}

describe('issue 10 item 12 — no stack traces, anywhere', () => {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-item12-'));
  copyFileSync(join(fixtures, 'specs', 'clean.privspec'), join(dir, 'clean.privspec'));
  mkdirSync(join(dir, 'data'));
  copyFileSync(join(fixtures, 'specs', 'data', 'people.csv'), join(dir, 'data', 'people.csv'));

  it('EPIPE: `privspec risk … | head -1` exits quietly when the reader has gone', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'risk', join(fixtures, 'risk-small.csv'), '--qi', 'age,zip'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.destroy(); // the reader leaves before the first write, as `head -1` does after its line
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    assert.equal(err.replace(/npm warn.*\n/g, ''), '');
    assert.equal(code, 0);
  });

  it('a 5 MB string in a spec: one line naming the file and line, not "Maximum call stack size exceeded"', async () => {
    // The STRING terminal /"(\\.|[^"\\])*"/ overflows V8's regexp backtracking stack near 5·10⁶ characters.
    writeFileSync(join(dir, 'long.privspec'), `// a spec\n\ndataset d from "${'a'.repeat(5_000_000)}" { quasi age }\n`);
    for (const command of ['check', 'release']) {
      const r = await privspec([command, 'long.privspec', ...(command === 'release' ? ['--out', 'out'] : [])], dir);
      assert.equal(r.code, 2);
      assert.match(r.err, /^privspec \w+: long\.privspec:3: a string longer than 100,000 characters starts here/);
      assertOneLine(r.err);
    }
    // A quote left open near the top of a large file is the same case.
    writeFileSync(
      join(dir, 'open.privspec'),
      `dataset d from "data/people.csv { quasi age }\n${'// filler\n'.repeat(20_000)}`,
    );
    const open = await privspec(['check', 'open.privspec'], dir);
    assert.match(open.err, /open\.privspec:1: a string longer than/);
  });

  it('a spec file not ending in .privspec: "expected a .privspec file", not the service registry', async () => {
    copyFileSync(join(dir, 'clean.privspec'), join(dir, 'clean.txt'));
    for (const command of ['check', 'release']) {
      const r = await privspec([command, 'clean.txt', ...(command === 'release' ? ['--out', 'out'] : [])], dir);
      assert.equal(r.code, 2);
      assert.equal(r.err, `privspec ${command}: clean.txt: expected a .privspec file\n`);
    }
  });

  it('--k -1 says "--k must be a positive integer" (negative numbers glued to every number flag)', async () => {
    for (const [command, args] of [
      ['risk', ['risk-small.csv', '--qi', 'age']],
      ['anonymize', ['risk-small.csv', '--qi', 'age', '--hierarchy', 'age=x.csv']],
    ] as const) {
      const r = await privspec([command, ...args, '--k', '-1']);
      assert.equal(r.code, 2);
      assert.equal(
        r.err,
        `privspec ${command}: --k must be a positive integer, not '-1' (see privspec ${command} --help)\n`,
      );
    }
    const rho = await privspec(['budget', '--rho', '-0.5']);
    assert.equal(
      rho.err,
      "privspec budget: --rho must be a finite number > 0, not '-0.5' (see privspec budget --help)\n",
    );
  });

  it('a directory given as a file: one clear line, no EISDIR', async () => {
    const cases = [
      ['risk', dir, '--qi', 'age'],
      ['anonymize', dir, '--qi', 'age', '--hierarchy', 'age=age.csv', '--k', '2'],
      ['check', dir],
      ['release', dir, '--out', 'out'],
    ];
    mkdirSync(join(dir, 'folder.privspec'));
    cases.push(['check', 'folder.privspec'], ['release', 'folder.privspec', '--out', 'out']);
    cases.push(['anonymize', 'data/people.csv', '--qi', 'age', '--hierarchy', 'age=data', '--k', '2']);
    for (const argv of cases) {
      const r = await privspec(argv, dir);
      assert.equal(r.code, 2, argv.join(' '));
      assert.match(r.err, /is a directory|cannot read a directory|expected a \.privspec file/, argv.join(' '));
      assert.doesNotMatch(r.err, /EISDIR|illegal operation/);
      assert.match(r.err, /: (\S*\/)?(privspec-item12-\w+|folder\.privspec|data): /, 'the message names the path');
      assertOneLine(r.err);
    }
  });

  it('--json errors are one {"error": …} object on stdout, with the exit code unchanged', async () => {
    for (const argv of [
      ['risk', 'missing.csv', '--qi', 'age', '--json'],
      ['risk', 'risk-small.csv', '--json'],
      ['budget', '--rho', 'x', '--json'],
      ['check', 'missing.privspec', '--format', 'json'],
      ['nope', '--json'],
    ]) {
      const r = await privspec(argv);
      assert.equal(r.code, 2, argv.join(' '));
      assert.equal(r.err, '');
      const lines = r.out.trim().split('\n');
      assert.equal(lines.length, 1);
      assert.deepEqual(Object.keys(JSON.parse(lines[0])), ['error']);
    }
  });

  it('a usage error is one line pointing at --help, not the whole help text', async () => {
    const r = await privspec(['risk', 'risk-small.csv', '--qi', 'age', '--nope']);
    assert.equal(r.code, 2);
    assert.equal(r.err, "privspec risk: unknown option '--nope' (see privspec risk --help)\n");
    const missing = await privspec(['anonymize', 'risk-small.csv', '--qi']);
    assert.equal(
      missing.err,
      "privspec anonymize: --qi needs a value (for a value that starts with '-', write --qi=-value) (see privspec anonymize --help)\n",
    );
  });

  it('--version prints "privspec <version>" from package.json, in the built CLI too', async () => {
    assert.equal((await privspec(['--version'])).out, `privspec ${version}\n`);
    assert.match(version, /^\d+\.\d+\.\d+/);
    if (!existsSync('dist/cli.cjs')) return; // the bundle is checked when it has been built (npm test builds first)
    const built = spawnSync(process.execPath, ['dist/cli.cjs', '--version'], { encoding: 'utf8' });
    assert.equal(built.stdout, `privspec ${version}\n`);
  });

  it('temporary files of a killed writer are removed by the next anonymize into the folder; a live one stays', async () => {
    for (const f of ['people.csv', 'age.csv', 'gender.csv']) writeFileSync(join(dir, f), '');
    writeFileSync(join(dir, 'people.csv'), 'age,gender\n34,male\n45,female\n34,male\n45,female\n');
    writeFileSync(join(dir, 'age.csv'), '34;*\n45;*\n');
    writeFileSync(join(dir, 'gender.csv'), 'male;*\nfemale;*\n');
    mkdirSync(join(dir, 'out'), { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid; // a process that has exited
    const stale = temporaryName('released.csv', dead);
    const live = temporaryName('released.csv', process.pid);
    writeFileSync(join(dir, 'out', stale), 'half a file');
    writeFileSync(join(dir, 'out', live), 'being written');
    assert.match(stale, new RegExp(`^\\.released\\.csv\\.privspec-tmp-[A-Za-z0-9_]+-${dead}-[0-9a-f]{12}$`));
    // Written by an older privspec (no host in the name): still recognised as this machine's.
    const older = `.released.csv.privspec-tmp-${dead}-0123456789ab`;
    writeFileSync(join(dir, 'out', older), 'half a file');
    // Another machine's, on a shared folder: its pid means nothing here, so it stays for a day.
    const foreign = `.released.csv.privspec-tmp-otherhost-${dead}-0123456789ab`;
    writeFileSync(join(dir, 'out', foreign), 'being written elsewhere');
    const r = await privspec(
      [
        'anonymize',
        'people.csv',
        '--qi',
        'age,gender',
        '--hierarchy',
        'age=age.csv',
        '--hierarchy',
        'gender=gender.csv',
        '--k',
        '2',
        '--out',
        'out/released.csv',
      ],
      dir,
    );
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(readdirSync(join(dir, 'out')).sort(), [foreign, live, 'released.csv'].sort());
  });
});
