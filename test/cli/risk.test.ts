import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(repoRoot, 'test', 'fixtures');

/** Runs `privspec …` in-process and captures what it prints. */
async function privspec(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd: fixtures });
  return { code, out, err };
}

describe('cli: privspec risk', () => {
  // risk-small.csv, on age,zip,sex: (30,100,M)×3, (40,200,F)×2, (50,300,M)×1, (60,100,F)×1 — 7 records in 4 classes.
  it('prints the contract JSON for a small hand-checked file', async () => {
    const { code, out, err } = await privspec('risk', 'risk-small.csv', '--qi', 'age,zip,sex', '--json');
    assert.equal(err, '');
    assert.equal(code, 0);
    assert.equal(out.trim().split('\n').length, 1, 'exactly one JSON object on one line');
    const j = JSON.parse(out);
    assert.equal(j.rows, 7);
    assert.deepEqual(j.qi, ['age', 'zip', 'sex']);
    assert.equal(j.classes, 4);
    assert.equal(j.sampleUniques, 2);
    // Hand-computed: average risk = classes/rows = 4/7; the uniques give the highest risk 1, the triple the lowest 1/3.
    assert.equal(j.averageRisk, 4 / 7);
    assert.equal(j.highestRisk, 1);
    assert.equal(j.lowestRisk, 1 / 3);
    assert.deepEqual(j.classSizeHistogram, { '1': 2, '2': 1, '3': 1 });
    // Every class is smaller than 5, so all 7 records have a risk above the default threshold 0.2.
    assert.deepEqual(j.recordsAtRisk, { threshold: 0.2, records: 7, classes: 4, share: 1 });
    assert.equal(j.kViolations, undefined);
    assert.equal(j.populationUniqueness, undefined);
  });

  it('reports k violations and exits 1 when there are any', async () => {
    const three = await privspec('risk', 'risk-small.csv', '--qi', 'age,zip,sex', '--k', '3', '--json');
    assert.equal(three.code, 1);
    // Classes smaller than 3: the two uniques and the pair, 4 records.
    assert.deepEqual(JSON.parse(three.out).kViolations, { k: 3, records: 4, classes: 3 });
    const one = await privspec('risk', 'risk-small.csv', '--qi', 'age,zip,sex', '--k', '1', '--json');
    assert.equal(one.code, 0);
    assert.deepEqual(JSON.parse(one.out).kViolations, { k: 1, records: 0, classes: 0 });
  });

  it('estimates population uniqueness with --sampling-fraction', async () => {
    const { code, out } = await privspec(
      'risk',
      'risk-small.csv',
      '--qi',
      'age,zip,sex',
      '--sampling-fraction',
      '0.5',
      '--json',
    );
    assert.equal(code, 0);
    const p = JSON.parse(out).populationUniqueness;
    assert.equal(p.rule, 'dankar');
    assert.ok(['zayatz', 'snb'].includes(p.model), 'fractions above 0.1 choose between Zayatz and SNB');
    assert.equal(p.estimate, p[p.model].estimate);
    assert.equal(p.populationSize, 14);
    // Hand-computed Poisson–Gamma: K = 4 ages × 3 zips × 2 sexes = 24 cells, n = 7, N0 = 14, s₁ = 2, Σf² = 1+1+4+9 =
    // 15. s_f² = (15 − 49/24)/23 = 311/552; β = (K·s_f²/n − 1)/n = (311/161 − 1)/7 = 150/1127;
    // 1 + 1/(Kβ) = 1 + 1127/3600 = 4727/3600; (1 + nβ)/(1 + N0β) = (2177/1127)/(3227/1127) = 2177/3227.
    // U = 2·(2177/3227)^(4727/3600) = 2·0.674620^1.313056 = 2·e^(1.313056·(−0.393605)) = 2·e^(−0.516825) = 2·0.596411
    //   = 1.192822, a share of U/7 = 0.170403.
    const U = 2 * Math.pow(2177 / 3227, 4727 / 3600);
    assert.equal(p.poissonGamma.cells, 24);
    assert.ok(Math.abs(p.poissonGamma.beta - 150 / 1127) < 1e-15);
    assert.ok(Math.abs(p.poissonGamma.sampleUniquesThatArePopulationUniques - U) < 1e-12);
    assert.ok(Math.abs(p.poissonGamma.estimate - 0.170403) < 1e-6);
    const pg = await privspec(
      'risk',
      'risk-small.csv',
      '--qi',
      'age,zip,sex',
      '--sampling-fraction',
      '0.5',
      '--population-model',
      'poisson-gamma',
      '--json',
    );
    const q = JSON.parse(pg.out).populationUniqueness;
    assert.equal(q.model, 'poisson-gamma');
    assert.equal(q.estimate, q.poissonGamma.estimate);
  });

  it('reports ℓ-diversity with --sensitive', async () => {
    const { out } = await privspec(
      'risk',
      'risk-small.csv',
      '--qi',
      'age,zip,sex',
      '--sensitive',
      'diagnosis',
      '--json',
    );
    const d = JSON.parse(out).lDiversity;
    // The triple holds flu, cold (ℓ = 2); the pair holds flu twice and each unique one value (ℓ = 1): 3 classes, 4
    // records.
    assert.equal(d.sensitive, 'diagnosis');
    assert.equal(d.minDistinctL, 1);
    assert.equal(d.homogeneousClasses, 3);
    assert.equal(d.homogeneousRecords, 4);
    assert.deepEqual(d.distinctLHistogram, { '1': 3, '2': 1 });
  });

  it('prints a readable report without --json', async () => {
    const { code, out } = await privspec(
      'risk',
      'risk-small.csv',
      '--qi',
      'age,zip,sex',
      '--k',
      '2',
      '--sensitive',
      'diagnosis',
      '--sampling-fraction',
      '0.5',
    );
    assert.equal(code, 1);
    assert.match(out, /records\s+7\n/);
    assert.match(out, /sample uniques\s+2 \(28\.57% of records\)/);
    assert.match(out, /average risk\s+57\.14%/);
    assert.match(out, /violated: 2 classes holding 2 records \(28\.57%\) have fewer than 2 records/);
    assert.match(out, /Population uniqueness/);
    assert.match(out, /3 classes holding 4 records \(57\.14%\) have a single 'diagnosis' value/);
  });

  it('honours --delimiter and detects it when omitted', async () => {
    const given = await privspec(
      'risk',
      'risk-small-semicolon.csv',
      '--qi',
      'age,zip,sex',
      '--delimiter',
      ';',
      '--json',
    );
    const detected = await privspec('risk', 'risk-small-semicolon.csv', '--qi', 'age,zip,sex', '--json');
    assert.equal(JSON.parse(given.out).averageRisk, 4 / 7);
    assert.equal(given.out, detected.out);
  });

  it('names an unknown column in one line and lists the existing ones (exit 2)', async () => {
    const text = await privspec('risk', 'risk-small.csv', '--qi', 'age,postcode');
    assert.equal(text.code, 2);
    assert.equal(text.out, '');
    assert.equal(
      text.err,
      "privspec risk: risk-small.csv:1: no column 'postcode' in risk-small.csv (columns: age, zip, sex, diagnosis)\n",
    );
    // With --json the same line is the one JSON object on stdout (issue 10 item 12), and the exit code is unchanged.
    const json = await privspec('risk', 'risk-small.csv', '--qi', 'age,postcode', '--json');
    assert.equal(json.code, 2);
    assert.equal(json.err, '');
    assert.deepEqual(JSON.parse(json.out), { error: text.err.trim() });
  });

  it('reports a missing file and a malformed CSV in one line with exit 2', async () => {
    const missing = await privspec('risk', 'no-such-file.csv', '--qi', 'age');
    assert.equal(missing.code, 2);
    assert.equal(missing.err.trim().split('\n').length, 1);
    assert.match(missing.err, /no-such-file\.csv/);
    const ragged = await privspec('risk', 'risk-malformed.csv', '--qi', 'age');
    assert.equal(ragged.code, 2);
    assert.equal(ragged.err.trim().split('\n').length, 1);
    assert.match(ragged.err, /risk-malformed\.csv:3/);
  });

  it('rejects bad options with exit 2', async () => {
    for (const argv of [
      ['risk', 'risk-small.csv'],
      ['risk', '--qi', 'age'],
      ['risk', 'risk-small.csv', '--qi', 'age', '--sampling-fraction', '0'],
      ['risk', 'risk-small.csv', '--qi', 'age', '--sampling-fraction', '1.5'],
      ['risk', 'risk-small.csv', '--qi', 'age', '--k', '2.5'],
      ['risk', 'risk-small.csv', '--qi', 'age,age'],
      ['risk', 'risk-small.csv', '--qi', 'age', '--sensitive', 'age'],
      ['risk', 'risk-small.csv', '--qi', 'age', '--population-model', 'magic'],
      ['risk', 'risk-small.csv', '--qi', 'age', '--bogus'],
    ]) {
      const { code, err } = await privspec(...argv);
      assert.equal(code, 2, argv.join(' '));
      assert.match(err.split('\n')[0], /^privspec risk: /, argv.join(' '));
    }
  });
});
