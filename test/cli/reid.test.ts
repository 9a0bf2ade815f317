import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(repoRoot, 'test', 'fixtures', 'pram');

/** Runs `privspec …` in-process and captures what it prints. */
async function privspec(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd: fixtures });
  return { code, out, err };
}

// Hasegawa & Miura §4.2: original (a,A),(b,B),(c,C); released (a,C),(b,B),(b,A); keep 0.8, move 0.1 = retention 0.7
// over 3 values.
const SEED = ['reid', 'seed-original.csv', 'seed-released.csv', '--qi', 'attr1,attr2'];

describe('cli: privspec reid', () => {
  it("issue 23's reproduction: 9 × x,x,x,x + 1 × y,y,y,y released 5 + 5, retain 0.8 on a,b,c,d — exact, doubly stochastic, max 0.2·9⁸/(9⁸+1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-reid-dup-'));
    try {
      writeFileSync(join(dir, 'orig.csv'), `a,b,c,d\n${'x,x,x,x\n'.repeat(9)}y,y,y,y\n`);
      writeFileSync(join(dir, 'rel.csv'), `a,b,c,d\n${'x,x,x,x\n'.repeat(5)}${'y,y,y,y\n'.repeat(5)}`);
      let out = '';
      const code = await runCli(
        [
          'reid',
          'orig.csv',
          'rel.csv',
          '--qi',
          'a,b,c,d',
          ...['a', 'b', 'c', 'd'].flatMap((q) => ['--pram', `${q}=0.8`]),
          '--json',
        ],
        { out: (t) => (out += t), err: () => undefined, cwd: dir },
      );
      assert.equal(code, 0);
      const j = JSON.parse(out);
      assert.equal(j.method, 'exact');
      assert.ok(j.bound < 1e-12 && j.check.maxSumError < 1e-12);
      assert.ok(Math.abs(j.maxRisk - (0.2 * 9 ** 8) / (9 ** 8 + 1)) < 1e-12, String(j.maxRisk));
      for (const row of j.eta) assert.ok(Math.abs(row.reduce((s: number, x: number) => s + x, 0) - 1) < 1e-12);
      for (let c = 0; c < 10; c++)
        assert.ok(Math.abs(j.eta.reduce((s: number, row: number[]) => s + row[c], 0) - 1) < 1e-12);
      assert.deepEqual(
        j.etaByType.original.map((t: { count: number }) => t.count),
        [9, 1],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the seed example: η[0][0] = 0.000576/0.004745 ≈ 0.12139, rows summing to 1, one JSON object', async () => {
    const { code, out, err } = await privspec(...SEED, '--pram', 'attr1=0.7', '--pram', 'attr2=0.7', '--json');
    assert.equal(err, '');
    assert.equal(code, 0);
    assert.equal(out.trim().split('\n').length, 1);
    const j = JSON.parse(out);
    assert.equal(j.method, 'exact');
    assert.equal(j.eta[0][0].toFixed(5), '0.12139');
    for (const row of j.eta) assert.ok(Math.abs(row.reduce((s: number, x: number) => s + x, 0) - 1) < 1e-12);
    // The seed's eq. 20 transposed: the best link is original 2 → released 2, η = 0.971127.
    assert.ok(Math.abs(j.maxRisk - 0.971127) < 1e-6, String(j.maxRisk));
    assert.ok(Math.abs(j.epsilon.perAttribute.attr1 - Math.log(8)) < 1e-12);
  });

  it('--matrix a=file.csv gives the same η when the file holds the same matrix', async () => {
    const a = JSON.parse(
      (await privspec(...SEED, '--matrix', 'attr1=seed-matrix-attr1.csv', '--pram', 'attr2=0.7', '--json')).out,
    );
    assert.equal(a.eta[0][0].toFixed(5), '0.12139');
  });

  it('beyond --exact-limit the output says approximate and states its bound; --seed makes it reproducible', async () => {
    const run = async () =>
      JSON.parse(
        (
          await privspec(
            ...SEED,
            '--pram',
            'attr1=0.7',
            '--pram',
            'attr2=0.7',
            '--exact-limit',
            '2',
            '--seed',
            '5',
            '--json',
          )
        ).out,
      );
    const a = await run();
    assert.equal(a.method, 'approximate');
    assert.ok(a.bound > 0 && a.bound < 0.05);
    assert.ok(Math.abs(a.eta[0][0] - 0.12139) < a.bound * 2);
    assert.deepEqual(await run(), a);
  });

  it('prints a readable text report without --json', async () => {
    const { code, out } = await privspec(...SEED, '--pram', 'attr1=0.7', '--pram', 'attr2=0.7');
    assert.equal(code, 0);
    assert.match(out, /highest η\s+0\.97112\d/);
    assert.match(out, /0\.121391/);
  });

  it('errors are one line with exit 2: a bad retention, a missing matrix, an unknown column, a missing file', async () => {
    const cases: [string[], RegExp][] = [
      [[...SEED, '--pram', 'attr1=1.7', '--pram', 'attr2=0.7'], /--pram attr1: '1.7' is not valid/],
      [[...SEED, '--pram', 'attr1=0.7'], /'attr2' has no matrix/],
      [[...SEED, '--pram', 'attr1', '--pram', 'attr2=0.7'], /not of the form attribute=value/],
      [['reid', 'seed-original.csv', 'seed-released.csv', '--qi', 'nope', '--pram', 'nope=0.5'], /no column 'nope'/],
      [['reid', 'missing.csv', 'seed-released.csv', '--qi', 'attr1', '--pram', 'attr1=0.5'], /missing\.csv/],
      [[...SEED, '--matrix', 'attr1=missing.csv', '--pram', 'attr2=0.7'], /missing\.csv: cannot read the matrix file/],
    ];
    for (const [argv, message] of cases) {
      const { code, out, err } = await privspec(...argv);
      assert.equal(code, 2, argv.join(' '));
      assert.equal(out, '');
      assert.match(err.split('\n')[0], message);
    }
  });

  it("a released value outside the original column's domain is an input error (exit 2)", async () => {
    const { code, err } = await privspec(
      'reid',
      'seed-original.csv',
      'seed-released.csv',
      '--qi',
      'attr1',
      '--pram',
      'attr1=1',
    );
    // With retention 1 the release (a, b, b) cannot come from (a, b, c): no assignment has positive probability.
    assert.equal(code, 2);
    assert.match(err, /cannot have come from the original/);
  });
});
