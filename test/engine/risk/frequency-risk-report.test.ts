import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { runCli } from '../../helpers/run-cli-isolated.js';
import { toJson, toText } from '../../../cli/commands/risk.js';
import { readCsvFile } from '../../../engine/host/sources/csv/read-csv-file.js';
import { readFrequencyTable } from '../../../engine/host/sources/csv/read-frequency-table.js';
import { riskColumns, riskReportOfFrequencies } from '../../../engine/risk/frequency-risk-report.js';
import { riskReport, type RiskOptions } from '../../../engine/risk/risk-report.js';
import { tableFromRows } from '../../../engine/table/table.js';
import { frequencyTableOf } from '../../../engine/table/frequency-table-of.js';
import { ADULT_COLUMNS, ADULT_MISSING, adultDir, skipOrFail } from '../../helpers/adult.js';

type Options = Omit<RiskOptions, 'generalization'>;

/** The report on the frequency table read in one pass equals the report on the per-row table, figure for figure. */
async function assertSameReport(path: string, qi: readonly string[], options: Options = {}): Promise<void> {
  const columns = riskColumns(qi, options);
  const rows = riskReport(await readCsvFile(path, { columns }), qi, options);
  const frequencies = riskReportOfFrequencies(await readFrequencyTable(path, columns), qi, options);
  assert.deepEqual(frequencies, rows, `${path} ${qi.join(',')} ${JSON.stringify(options)}`);
}

describe('riskReportOfFrequencies', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-freq-risk-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('equals the per-row report on every risk fixture, with k, sensitive, unit and sampling fraction', async () => {
    const cases: [string, string[], Options][] = [
      ['test/fixtures/risk-small.csv', ['age', 'zip', 'sex'], { k: 2, sensitive: 'diagnosis', samplingFraction: 0.1 }],
      ['test/fixtures/risk-small.csv', ['zip'], { k: 3, riskThreshold: 0.5 }],
      ['test/fixtures/risk-small-semicolon.csv', ['age', 'sex'], { sensitive: 'diagnosis', unit: 'zip', k: 2 }],
      ['test/fixtures/risk-weighted.csv', ['sex', 'region'], { sensitive: 'diagnosis', k: 2, samplingFraction: 0.5 }],
      ['test/fixtures/suda-hand.csv', ['V1', 'V2'], { sensitive: 'V3', k: 2 }],
      [
        'test/fixtures/specs/data/people.csv',
        ['age', 'sex', 'zip'],
        { sensitive: 'diagnosis', k: 2, samplingFraction: 0.2 },
      ],
      ['test/fixtures/specs/data/visits.csv', ['sex'], { unit: 'patient', k: 2, sensitive: 'visit' }],
      ['test/fixtures/csv/bom-crlf-semicolon.csv', ['city'], { sensitive: 'note', k: 2 }],
    ];
    for (const [path, qi, options] of cases) await assertSameReport(path, qi, options);
  });

  it('equals the per-row report on Adult: the golden quasi-identifiers, k, ℓ-diversity, population models', async function () {
    const adult = adultDir();
    if (!adult) skipOrFail(this, ADULT_MISSING);
    const path = join(adult, 'adult.csv');
    const qi = ADULT_COLUMNS.filter((c) => c !== 'salary-class');
    await assertSameReport(path, [...qi, 'salary-class'], { k: 5, samplingFraction: 0.1 });
    await assertSameReport(path, qi, { k: 5, sensitive: 'salary-class', samplingFraction: 0.01 });
    await assertSameReport(path, ['age', 'sex', 'race'], {
      k: 100,
      sensitive: 'occupation',
      unit: 'native-country',
      riskThreshold: 0.01,
    });
  });

  it('prints what the per-row report prints: privspec risk on Adult, JSON and text', async function () {
    const adult = adultDir();
    if (!adult) skipOrFail(this, ADULT_MISSING);
    const path = join(adult, 'adult.csv');
    const qi = ['age', 'sex', 'race', 'education'];
    const options = { k: 5, sensitive: 'salary-class', samplingFraction: 0.1 };
    const expected = riskReport(await readCsvFile(path, { columns: riskColumns(qi, options) }), qi, options);
    const run = async (...extra: string[]) => {
      let out = '';
      await runCli(
        [
          'risk',
          path,
          '--qi',
          qi.join(','),
          '--k',
          '5',
          '--sensitive',
          'salary-class',
          '--sampling-fraction',
          '0.1',
          ...extra,
        ],
        { out: (t) => (out += t), err: () => {}, cwd: dir },
      );
      return out;
    };
    assert.equal(await run('--json'), `${JSON.stringify(toJson(expected))}\n`);
    assert.equal(await run(), toText(expected, 'dankar', path));
  });

  it('equals the per-row report on random tables, with units in several classes (property)', () => {
    const value = fc.constantFrom('a', 'b', 'c', 'd');
    const table = fc.array(fc.tuple(value, value, value, fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5')), {
      minLength: 1,
      maxLength: 60,
    });
    fc.assert(
      fc.property(
        table,
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        fc.boolean(),
        (rows, k, withSensitive, withUnit) => {
          const t = tableFromRows(['q1', 'q2', 's', 'u'], rows);
          const qi = ['q1', 'q2'];
          const options: Options = {
            k,
            samplingFraction: 0.3,
            ...(withSensitive && { sensitive: 's' }),
            ...(withUnit && { unit: 'u' }),
          };
          assert.deepEqual(
            riskReportOfFrequencies(frequencyTableOf(t, riskColumns(qi, options)), qi, options),
            riskReport(t, qi, options),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
