import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';
import { adultDir, ADULT_MISSING, skipOrFail } from '../helpers/adult.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(repoRoot, 'test', 'fixtures');

async function privspec(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}
const close = (actual: number, expected: number, tol = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${actual} vs ${expected}`);

// risk-weighted.csv: the branch table of test/engine/risk/weighted-risk.test.ts (one class per branch of the formula).
const R1 = Math.log(4) / 3;
const R2 = 0.25 - 0.0625 * Math.log(5);

describe('cli: privspec risk --weight / --suda / --per-record (issue 28)', () => {
  it('--weight adds individualRisk, expectedReidentifications, globalRisk and highRiskRecords (by hand)', async () => {
    const { code, out, err } = await privspec(
      fixtures,
      'risk',
      'risk-weighted.csv',
      '--qi',
      'sex,region',
      '--weight',
      'w',
      '--json',
    );
    assert.equal(err, '');
    assert.equal(code, 0);
    const j = JSON.parse(out);
    const expected = R1 + 2 * R2 + 3 * 0.2 + 1 + 1;
    close(j.expectedReidentifications, expected);
    close(j.globalRisk, expected / 9);
    assert.equal(j.weight, 'w');
    assert.equal(j.individualRisk.method, 'approx');
    assert.equal(j.individualRisk.max, 1);
    assert.equal(j.individualRisk.median, 0.2);
    assert.deepEqual(j.individualRisk.riskiest[0], { key: { sex: 'F', region: 'B' }, fk: 1, Fk: 1, risk: 1 });
    assert.equal(j.highRiskRecords.threshold, 0.1);
    assert.equal(j.highRiskRecords.aboveThreshold, 9);
    assert.equal(j.highRiskRecords.higherThanMainPart, 4);
    // The weight is not a quasi-identifier: the class figures are those of sex, region alone.
    assert.equal(j.classes, 5);
  });

  it('--method exact and --individual-risk-threshold', async () => {
    const { out } = await privspec(
      fixtures,
      'risk',
      'risk-weighted.csv',
      '--qi',
      'sex,region',
      '--weight',
      'w',
      '--method',
      'exact',
      '--individual-risk-threshold',
      '0.3',
      '--json',
    );
    const j = JSON.parse(out);
    close(j.expectedReidentifications, R1 + 2 * R2 + 3 * (Math.LN2 - 0.5) + 2);
    assert.equal(j.highRiskRecords.aboveThreshold, 4);
  });

  it('refuses bad flags and a bad weight with one line', async () => {
    const cases: [string[], RegExp][] = [
      [['--weight', 'w', '--method', 'fast'], /--method: 'fast' is not one of approx, exact/],
      [['--method', 'exact'], /--method needs --weight/],
      [['--weight', 'sex'], /'sex' is also a quasi-identifier/],
      [['--weight', 'diagnosis'], /risk-weighted\.csv:2: weight column 'diagnosis': the weight 'flu' is not a number/],
      [['--max-msu', '2'], /need --suda/],
      [['--suda', '--max-msu', '0'], /--max-msu must be a positive integer/],
      [['--per-record', 'x.csv'], /--per-record needs --weight, --suda or --sensitive/],
    ];
    for (const [flags, message] of cases) {
      const { code, err } = await privspec(fixtures, 'risk', 'risk-weighted.csv', '--qi', 'sex,region', ...flags);
      assert.equal(code, 2, flags.join(' '));
      assert.match(err, message);
      assert.equal(err.trim().split('\n').length, 1);
    }
  });

  it('--per-record writes record, line, fk, Fk, risk and SUDA scores; never over the input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-per-record-'));
    writeFileSync(join(dir, 'data.csv'), readFileSync(join(fixtures, 'risk-weighted.csv')));
    const { code } = await privspec(
      dir,
      'risk',
      'data.csv',
      '--qi',
      'sex,region',
      '--weight',
      'w',
      '--suda',
      '--sensitive',
      'diagnosis',
      '--per-record',
      'out.csv',
    );
    assert.equal(code, 0);
    const lines = readFileSync(join(dir, 'out.csv'), 'utf8').trim().split('\n');
    assert.equal(lines[0], 'record,line,fk,Fk,risk,suda_score,dis_suda_score,diagnosis_distinct_l');
    assert.equal(lines.length, 10);
    // Record 1 (F,A): f = 1, F̂ = 4, r = (1/3)·ln 4. F and A are each shared, so its one MSU is {sex, region}, of
    // weight (3 − 2)! = 1 (two variables count as three, as in sdcMicro); ℓ = 1 (flu alone).
    assert.match(lines[1], /^1,2,1,4,0\.4620981203732968\d*,1,[0-9.e-]+,1$/);
    // Record 2 (M,A): f = 2, no MSU, ℓ = 2 (flu, cold).
    assert.match(lines[2], /^2,3,2,10,0\.149410130472868\d*,0,0,2$/);
    const refused = await privspec(
      dir,
      'risk',
      'data.csv',
      '--qi',
      'sex,region',
      '--weight',
      'w',
      '--per-record',
      'data.csv',
    );
    assert.equal(refused.code, 2);
    assert.match(refused.err, /would replace the input/);
    assert.equal(
      readFileSync(join(dir, 'data.csv'), 'utf8'),
      readFileSync(join(fixtures, 'risk-weighted.csv'), 'utf8'),
    );
    assert.ok(!existsSync(join(dir, 'x.csv')));
  });

  it('--suda reports the hand-derived MSUs and scores of suda-hand.csv', async () => {
    const { code, out } = await privspec(fixtures, 'risk', 'suda-hand.csv', '--qi', 'V1,V2,V3', '--suda', '--json');
    assert.equal(code, 0);
    const s = JSON.parse(out).suda;
    assert.deepEqual(s.msusBySize, { '1': 1, '2': 4, '3': 1 });
    assert.equal(s.recordsWithMsu, 6);
    assert.equal(s.maxScore, 2);
    assert.equal(s.maxMsu, 3);
    const capped = JSON.parse(
      (await privspec(fixtures, 'risk', 'suda-hand.csv', '--qi', 'V1,V2,V3', '--suda', '--max-msu', '2', '--json')).out,
    ).suda;
    assert.deepEqual(capped.msusBySize, { '1': 1, '2': 4 });
  });

  it('--sensitive adds sdcMicro’s per-record distinct ℓ summary', async () => {
    const { out } = await privspec(
      fixtures,
      'risk',
      'risk-weighted.csv',
      '--qi',
      'sex,region',
      '--sensitive',
      'diagnosis',
      '--json',
    );
    // Per record: F,A 1; M,A 2 2; M,B 2 2 2; F,B 1; F,C 1 1 → sorted 1 1 1 1 2 2 2 2 2: quartiles at h = 2, 4, 6.
    assert.deepEqual(JSON.parse(out).lDiversity.perRecord, {
      min: 1,
      firstQuartile: 1,
      median: 2,
      mean: 14 / 9,
      thirdQuartile: 2,
      max: 2,
      recordsWithL1: 4,
    });
  });

  it('prints the weighted and SUDA sections without --json', async () => {
    const { out } = await privspec(
      fixtures,
      'risk',
      'risk-weighted.csv',
      '--qi',
      'sex,region',
      '--weight',
      'w',
      '--suda',
    );
    assert.match(out, /expected re-identifications\s+3\.36/);
    assert.match(out, /higher than the main part\s+4/);
    assert.match(out, /SUDA2: minimal sample uniques up to 2 variables/);
  });

  it('golden: Adult with a constant weight 10 (sdcMicro 5.8.1): 1204.8023184670778 and 0.03994437764296392', async function () {
    this.timeout(60_000);
    const dir = adultDir();
    if (!dir) skipOrFail(this, ADULT_MISSING);
    const work = mkdtempSync(join(tmpdir(), 'privspec-adult-weight-'));
    const lines = readFileSync(join(dir, 'adult.csv'), 'utf8').trim().split(/\r?\n/);
    writeFileSync(
      join(work, 'adult-w.csv'),
      `${lines.map((l, i) => `${l};${i === 0 ? 'weight' : '10'}`).join('\n')}\n`,
    );
    const { code, out } = await privspec(
      work,
      'risk',
      'adult-w.csv',
      '--qi',
      'sex,age,race,marital-status,education',
      '--weight',
      'weight',
      '--json',
    );
    assert.equal(code, 0);
    const j = JSON.parse(out);
    close(j.expectedReidentifications, 1204.8023184670778);
    close(j.globalRisk, 0.03994437764296392);
    assert.equal(j.classes, 6072);
    assert.equal(j.classSizeHistogram['1'], 3187);
    assert.equal(2 * j.classSizeHistogram['2'], 1816);
  });
});
