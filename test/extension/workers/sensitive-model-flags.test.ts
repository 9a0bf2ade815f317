import { strict as assert } from 'node:assert';
import { checkCsv } from '../../../extension/workers/csv-check.js';
import { bannerText, summaryMessage, violationMessage } from '../../../extension/csv/messages.js';
import type { CsvModel } from '../../../extension/protocol.js';

/*
 * The CSV's row markers for the spec's sensitive-attribute models, on the salary table of Li, Li &
 * Venkatasubramanian, "t-Closeness: privacy beyond k-anonymity and ℓ-diversity", ICDE 2007, Table 3 (nine patients,
 * salaries 3k…11k, one each). With zip masked to 476** / 479** (level 1 of a mask of the last 2 characters), the
 * classes are {3,4,5,7,9,10} (rows 1, 2, 3, 7, 8, 9) and {6,8,11} (rows 4, 5, 6). Equal distance, derived by hand: a
 * class of n distinct salaries against the uniform 1/9 is at D = 1 − n/9, so 1/3 and 2/3; at t = 0.5 only the 479**
 * class fails. Distinct 4-diversity: the 479** class has 3 distinct salaries and fails, the other has 6 and passes.
 */
const csv = [
  'id,zip,age,salary',
  '1,47677,29,3',
  '2,47602,22,4',
  '3,47678,27,5',
  '4,47905,43,6',
  '5,47909,52,11',
  '6,47906,47,8',
  '7,47605,30,7',
  '8,47673,36,9',
  '9,47607,32,10',
  '',
].join('\n');

function model(criteria: NonNullable<CsvModel['requirements']>['criteria']): CsvModel {
  return {
    qi: ['zip'],
    k: 2,
    identifying: ['id'],
    sensitive: ['salary'],
    hierarchies: { zip: { kind: 'mask', counts: [2, 5] } },
    levels: { zip: 1 },
    requirements: { criteria, suppression: 0, metric: 'loss' },
  };
}

describe('extension/workers/sensitive-model-flags: ℓ-diversity and t-closeness on the CSV rows', () => {
  it('marks the rows of a class that meets k but fails t-closeness, with its distance (ICDE 2007 Table 3, by hand)', () => {
    const m = model([
      { kind: 'k-anonymity', k: 2 },
      { kind: 't-closeness', distance: 'equal', sensitive: 'salary', t: 0.5 },
    ]);
    const { result } = checkCsv(csv, undefined, m, 100);
    assert.equal(result.violatingRows, 0, 'both classes have 3 or 6 rows: none below k = 2');
    assert.deepEqual(
      result.violations.map((v) => [v.row, v.classKey, v.model?.criterion]),
      [
        [4, '{zip=479**}', '0.5-closeness (equal distance) on salary'],
        [5, '{zip=479**}', '0.5-closeness (equal distance) on salary'],
        [6, '{zip=479**}', '0.5-closeness (equal distance) on salary'],
      ],
    );
    assert.ok(Math.abs(result.violations[0].model!.distance! - 2 / 3) < 1e-12, '1 − 3/9');
    assert.deepEqual(result.sensitiveModels, [
      { criterion: '0.5-closeness (equal distance) on salary', rows: 3, classes: 1 },
    ]);
    assert.equal(
      violationMessage(result.violations[0], 2),
      'line 5: class {zip=479**} (3 rows) fails 0.5-closeness (equal distance) on salary: its distance is 0.667',
    );
    assert.equal(
      summaryMessage(result, 2, 'salary.privspec'),
      '3 of 9 rows in 1 class fail 0.5-closeness (equal distance) on salary (quasi-identifiers from salary.privspec)',
    );
    assert.equal(
      bannerText({ violatingRows: 0, violatingClasses: 0, k: 2, sensitiveModels: result.sensitiveModels }),
      '3 rows in 1 class fail 0.5-closeness (equal distance) on salary',
    );
  });

  it('a t that the data meets marks nothing: 1/3 and 2/3 are both within 0.7', () => {
    const { result } = checkCsv(
      csv,
      undefined,
      model([{ kind: 't-closeness', distance: 'equal', sensitive: 'salary', t: 0.7 }]),
      100,
    );
    assert.deepEqual(result.violations, []);
    assert.equal(result.sensitiveModels, undefined);
  });

  it('marks distinct ℓ-diversity failures, and a row below k keeps its k marker (k first)', () => {
    // k = 4: the 479** class (3 rows) is below k; its rows are k markers, not ℓ ones. With k = 2 they are ℓ markers.
    const l4 = { kind: 'l-diversity', variant: 'distinct', sensitive: 'salary', l: 4 } as const;
    const below = checkCsv(csv, undefined, { ...model([l4]), k: 4 }, 100).result;
    assert.deepEqual(
      below.violations.map((v) => [v.row, v.model]),
      [
        [4, undefined],
        [5, undefined],
        [6, undefined],
      ],
    );
    const met = checkCsv(csv, undefined, model([l4]), 100).result;
    assert.deepEqual(
      met.violations.map((v) => [v.row, v.model?.criterion, v.model?.distance]),
      [
        [4, 'distinct-4-diversity on salary', undefined],
        [5, 'distinct-4-diversity on salary', undefined],
        [6, 'distinct-4-diversity on salary', undefined],
      ],
    );
  });
});
