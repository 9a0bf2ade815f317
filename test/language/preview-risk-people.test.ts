import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { riskReportFigures } from '../../engine/report/risk-report-figures.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releasePreview } from '../../language/lsp/preview-request.js';
import { specRiskInput } from '../../language/lsp/risk-report-request.js';

const examples = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');

// Issue 37 item 2: with a unit, the generalize preview said "Highest risk 100 % → 25 %, Average 41.5 % → 1.1 %"
// (counted in rows) while the Risk Report for the same transformation said 33.3 % and 2.3 % (counted in patients).
// Every risk figure now comes from the report's one count (engine/risk/class-risk.ts).
describe('issue 37 item 2: with a unit the preview counts risk in people, as the Risk Report does', function () {
  this.timeout(120_000);
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-risk-people-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const open = async (specFile: string) => {
    const document = await loadSpecText(readFileSync(specFile, 'utf8'), specFile, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  };
  const figures = async (specFile: string, release: string) => {
    const document = await open(specFile);
    const p = await releasePreview(services, document, { uri: document.uri.toString(), release, controls: {} });
    assert.ok(p.body.kind === 'generalize');
    const report = riskReportFigures((await specRiskInput(services.data.CsvStore, document))!);
    assert.ok(report.after !== undefined && !('unavailable' in report.after), JSON.stringify(report.after));
    return { body: p.body, report, after: report.after };
  };

  it("examples/public-file.privspec: public_file's preview states the Risk Report's 33.3 % highest and 2.3 % average", async () => {
    const copy = join(dir, 'examples');
    cpSync(examples, copy, { recursive: true });
    const { body, after, report } = await figures(join(copy, 'public-file.privspec'), 'public_file');
    assert.deepEqual(body.selected, [2, 0, 3]);
    // Counted by hand from data/patients.csv at age in 10-year bands, sex, zip to two digits: 240 classes; the 7 below
    // 3 patients or 3-diverse entropy (23 visits, 15 patient-class pairs) are suppressed, leaving 233 classes over
    // 9,985 patient-class pairs (each of the 10,000 patients is in one class). Average = 233 / 9,985 = 0.023335.
    // Highest = 1/3: five kept classes hold 3 patients each, e.g. 90-99, M, 10*** (8 visits of 3 patients: 1/8 by
    // visits) and 80-89, F, 87*** (4 visits of 3 patients: the 25 % the preview used to state by visits).
    assert.equal(body.after.unit, 'patient_id');
    assert.equal(body.after.classes, 233);
    assert.equal(body.after.persons, 9985);
    assert.equal(body.after.averageRisk, 233 / 9985);
    assert.equal(body.after.highestRisk, 1 / 3);
    assert.equal(after.classes, body.after.classes);
    assert.equal(after.averageRisk, body.after.averageRisk);
    assert.equal(after.highestRisk, body.after.highestRisk);
    // As it stands (the Risk Report's "before": the data at the spec's pinned levels, age 2, sex 0, zip 3, not the raw
    // data the preview used to count): 240 classes over the 10,000 patients, each patient in one class; two classes
    // hold a single patient, so the highest is 1, and the average is 240 / 10,000 (counted with a script over
    // data/patients.csv: floor(age / 10), sex, the zip's first two digits, distinct patient_id). The raw data's
    // 8,743 classes (87.4 %) were a second "before" for the same spec. The report states the same figures.
    assert.equal(body.before.classes, 240);
    assert.equal(body.before.persons, 10000);
    assert.equal(body.before.averageRisk, 240 / 10000);
    assert.equal(body.before.highestRisk, 1);
    assert.deepEqual(
      [body.before.classes, body.before.averageRisk, body.before.highestRisk],
      [report.classes, report.averageRisk, report.highestRisk],
    );
    // The class sizes after count patients, as the report's histogram after does: 233 kept classes, 9,985 patients.
    const histogram = body.classSizes;
    assert.equal(
      histogram.reduce((n, [, c]) => n + c, 0),
      233,
    );
    assert.equal(
      histogram.reduce((n, [s, c]) => n + s * c, 0),
      9985,
    );
    assert.deepEqual(histogram, after.classSizeHistogram);
  });

  it('a tiny table derived by hand: risks count distinct units, before and after', async () => {
    const tiny = join(dir, 'tiny');
    mkdirSync(tiny);
    // Patient a has three visits at 21, b one at 25; c two at 34 and 36, d two at 38.
    writeFileSync(
      join(tiny, 'data.csv'),
      'pid,age,sex\na,21,M\na,21,M\na,21,M\nb,25,M\nc,34,F\nc,36,F\nd,38,F\nd,38,F\n',
    );
    writeFileSync(
      join(tiny, 'spec.privspec'),
      [
        'dataset d from "data.csv" {',
        '  quasi age, sex',
        '  unit pid',
        '}',
        'hierarchy age: intervals 10',
        'hierarchy sex { "M", "F" -> "*" }',
        // Age is left to the search (it picks 1, tens), so that the data as it stands is the raw data here.
        'anonymity { k 2  generalize sex 0  suppression 0% }',
        'release pub: generalize',
        '',
      ].join('\n'),
    );
    const { body, after } = await figures(join(tiny, 'spec.privspec'), 'pub');
    // Before: classes (21,M) a; (25,M) b; (34,F) c; (36,F) c; (38,F) d — five classes of one patient each, five
    // patient-class pairs (c is in two): average 5/5 = 1, highest 1. By rows the average would be 5/8.
    assert.deepEqual(
      [body.before.rows, body.before.classes, body.before.persons, body.before.averageRisk, body.before.highestRisk],
      [8, 5, 5, 1, 1],
    );
    // After age in tens: (20-29,M) holds a and b, (30-39,F) c and d — 2 classes, 4 pairs: average 2/4, highest 1/2.
    // By rows (4 and 4) it would be 2/8 and 1/4.
    assert.deepEqual(
      [body.after.rows, body.after.classes, body.after.persons, body.after.averageRisk, body.after.highestRisk],
      [8, 2, 4, 1 / 2, 1 / 2],
    );
    assert.deepEqual([after.classes, after.averageRisk, after.highestRisk], [2, 1 / 2, 1 / 2]);
  });
});
