import { strict as assert } from 'node:assert';
import { tableFromRows, type Table } from '../../../engine/table/table.js';
import { TableError } from '../../../engine/table/table.js';
import { weightedRisk } from '../../../engine/risk/weighted-risk.js';
import { loadAdultOrSkip } from '../../helpers/adult.js';

const close = (actual: number, expected: number, tol = 1e-12) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${actual} vs ${expected}`);

/**
 * A table whose every class exercises one branch of the risk formula; the figures are derived by hand:
 *   (F, A)  f=1, F̂=4   p=¼   r = (1/3)·ln 4
 *   (M, A)  f=2, F̂=10  p=⅕   r = ¼ − (1/16)·ln 5
 *   (M, B)  f=3, F̂=6   p=½   r = 0.2 (approx) or ln 2 − ½ (exact)
 *   (F, B)  f=1, F̂=1          r = 1  (f = F̂)
 *   (F, C)  f=2, F̂=2          r = ½  (f = F̂)
 */
function branches(): Table {
  return tableFromRows(
    ['sex', 'region', 'w'],
    [
      ['F', 'A', '4'],
      ['M', 'A', '5'],
      ['M', 'A', '5'],
      ['M', 'B', '2'],
      ['M', 'B', '2'],
      ['M', 'B', '2'],
      ['F', 'B', '1'],
      ['F', 'C', '1'],
      ['F', 'C', '1.0'],
    ],
    'branches.csv',
  );
}
const R1 = Math.log(4) / 3;
const R2 = 0.25 - 0.0625 * Math.log(5);

describe('survey-weighted risk (sdcMicro measure_risk)', () => {
  it('per record fk, F̂k and risk, and the expected re-identifications, by hand on every branch', () => {
    const w = weightedRisk(branches(), ['sex', 'region'], 'w');
    assert.deepEqual([...w.perRecord.fk], [1, 2, 2, 3, 3, 3, 1, 2, 2]);
    assert.deepEqual([...w.perRecord.Fk], [4, 10, 10, 6, 6, 6, 1, 2, 2]);
    close(w.perRecord.risk[0], R1);
    close(w.perRecord.risk[1], R2);
    close(w.perRecord.risk[3], 0.2);
    assert.equal(w.perRecord.risk[6], 1);
    assert.equal(w.perRecord.risk[7], 0.5);
    const expected = R1 + 2 * R2 + 3 * 0.2 + 1 + 2 * 0.5;
    close(w.expectedReidentifications, expected);
    close(w.globalRisk, expected / 9);
    // Above 0.1: every record (the smallest risk is R2 ≈ 0.149).
    assert.equal(w.highRiskRecords.aboveThreshold, 9);
    // Sorted risks: R2, R2, .2, .2, .2, R1, .5, .5, 1 → median 0.2; |r − 0.2| sorted: 0, 0, 0, .0506, .0506, .262, .3,
    // .3, .8 → median 0.0506 = 0.2 − R2; cut-off 0.2 + 2·1.4826·(0.2 − R2); records above it and above 0.1: R1, ½, ½,
    // 1.
    close(w.highRiskRecords.mainPartCutoff, 0.2 + 2 * 1.4826 * (0.2 - R2));
    assert.equal(w.highRiskRecords.higherThanMainPart, 4);
    assert.deepEqual(w.riskiest[0], { key: ['F', 'B'], fk: 1, Fk: 1, risk: 1 });
    assert.deepEqual(
      w.riskiest.map((c) => c.key.join('')),
      ['FB', 'FC', 'FA', 'MB', 'MA'],
    );
  });

  it('the exact method differs only on f > 2', () => {
    const w = weightedRisk(branches(), ['sex', 'region'], 'w', { method: 'exact' });
    close(w.perRecord.risk[3], Math.LN2 - 0.5);
    close(w.perRecord.risk[0], R1);
    close(w.expectedReidentifications, R1 + 2 * R2 + 3 * (Math.LN2 - 0.5) + 1 + 1);
  });

  it('the distribution puts each class in its band (from, to]', () => {
    const w = weightedRisk(branches(), ['sex', 'region'], 'w');
    const band = (x: number) => w.distribution.find((b) => x > b.from && x <= b.to)!;
    // (0.1, 0.2] holds M,A (0.149) and M,B (0.2); (0.2, 0.5] F,A (0.462) and F,C (½); (0.5, 1] F,B (1).
    assert.deepEqual([band(0.149).records, band(0.149).classes], [5, 2]);
    assert.deepEqual([band(0.462).records, band(0.462).classes], [3, 2]);
    assert.deepEqual([band(1).records, band(1).classes], [1, 1]);
    assert.equal(
      w.distribution.reduce((s, b) => s + b.records, 0),
      9,
    );
    assert.equal(
      w.distribution.reduce((s, b) => s + b.classes, 0),
      5,
    );
  });

  it('a threshold counts records strictly above it', () => {
    assert.equal(
      weightedRisk(branches(), ['sex', 'region'], 'w', { threshold: 0.3 }).highRiskRecords.aboveThreshold,
      4,
    );
    assert.throws(() => weightedRisk(branches(), ['sex', 'region'], 'w', { threshold: 2 }), /within \[0, 1\]/);
  });

  it('a weight that is empty, not a number or below 1 is refused with its line', () => {
    for (const [bad, cause] of [
      ['', /is empty/],
      ['abc', /'abc' is not a number/],
      ['0x10', /'0x10' is not a number/],
      ['0.5', /is 0.5, below 1/],
      ['-3', /is -3, below 1/],
    ] as const) {
      const t = {
        ...tableFromRows(
          ['k', 'w'],
          [
            ['a', '2'],
            ['b', bad],
          ],
          'bad.csv',
        ),
        rowLines: Int32Array.from([2, 3]),
      };
      assert.throws(
        () => weightedRisk(t, ['k'], 'w'),
        (e: unknown) => e instanceof TableError && e.line === 3 && e.file === 'bad.csv' && cause.test(e.message),
      );
    }
  });
});

describe('golden: survey-weighted risk on Adult (sdcMicro 5.8.1 measure_risk, computed independently)', function () {
  this.timeout(60_000);
  it('keys sex, age, race, marital-status, education with weight 10: 1204.8023184670778 expected re-identifications, global risk 0.03994437764296392', function () {
    const adult = loadAdultOrSkip(this);
    const t: Table = {
      ...adult,
      columns: [...adult.columns, { name: 'w', codes: new Int32Array(adult.rowCount), dictionary: ['10'] }],
    };
    const w = weightedRisk(t, ['sex', 'age', 'race', 'marital-status', 'education'], 'w');
    close(w.expectedReidentifications, 1204.8023184670778);
    close(w.globalRisk, 0.03994437764296392);
    // No weights: 6,072 classes; 3,187 records with f = 1 and 1,816 with f = 2 (908 pairs), as sdcMicro's sum(fk == 2).
    const fk = w.perRecord.fk;
    assert.equal(
      new Set(
        Array.from({ length: t.rowCount }, (_, r) =>
          t.columns
            .slice(0, 5)
            .map((c) => c.codes[r])
            .join(),
        ),
      ).size,
      6072,
    );
    assert.equal(fk.filter((f) => f === 1).length, 3187);
    assert.equal(fk.filter((f) => f === 2).length, 1816);
  });
});
