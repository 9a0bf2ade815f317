import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { runCli } from '../helpers/run-cli-isolated.js';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { riskReportResponse } from '../../language/lsp/risk-report-request.js';

// Issue 22: the risk report (privspec/riskReport), the dataset hover and `privspec risk` count with one function,
// with the spec's unit and pins. Before, the hover counted rows at level 0 whatever the spec said.
describe('language/lsp/risk-report-request: the report, the hover and the command line agree', () => {
  const services = nodeEditorServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-risk-request-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // P1 has visits at 34 (F) and 40 (M); P2–P5 are men in their fifties.
  writeFileSync(
    join(dir, 't.csv'),
    'pid,age,sex,diagnosis\nP1,34,F,X\nP1,40,M,Y\nP2,50,M,X\nP3,50,M,Y\nP4,50,M,Z\nP5,52,M,X\n',
  );
  const spec = (anonymity: string) => `dataset d from "t.csv" {
  quasi age, sex
  sensitive diagnosis
  unit pid
}
hierarchy age: intervals 10, 20
hierarchy sex { "F", "M" -> "*" }
${anonymity}
`;
  const open = async (text: string) => {
    const document = await loadSpecText(text, join(dir, 'spec.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    await services.data.CsvStore.table(join(dir, 't.csv'));
    return document;
  };
  const hover = async (text: string) => {
    const document = await open(text);
    const position = document.textDocument.positionAt(text.indexOf('dataset d') + 9);
    const h: Hover | undefined = await services.lsp.HoverProvider!.getHoverContent(document, {
      textDocument: { uri: document.uri.toString() },
      position,
    });
    return { document, text: (h?.contents as MarkupContent).value };
  };

  it('with age pinned at 1 and a unit: 3 classes of persons, P1 the one person below k=2, in the hover and the report', async () => {
    const { document, text } = await hover(spec('anonymity { k 2  generalize age 1 }'));
    // Hand-counted at age level 1 (decades): {30-39,F} holds P1, {40-49,M} holds P1, {50-59,M} holds P2–P5.
    // Sizes in persons 1, 1, 4: 3 classes, 2 sample uniques; average risk = classes / (person, class) pairs = 3/6.
    // Below k=2: two classes, and one person (P1), counted once.
    assert.match(
      text,
      /Risk at the pinned levels \(age=1, sex=0\) on age, sex, counted in distinct pid \(prosecutor model\): 3 classes, 2 sample uniques, average risk 0\.5, highest 1; below k=2: 1 pid in 2 classes/,
    );
    const report = await riskReportResponse(services, { uri: document.uri.toString(), defaultK: 5, source: 't.csv' });
    assert.deepEqual([report.classes, report.sampleUniques, report.averageRisk, report.highestRisk], [3, 2, 0.5, 1]);
    assert.deepEqual(report.kViolations, { k: 2, records: 1, classes: 2 });
    assert.deepEqual(report.levels, { age: 1, sex: 0 });
  });

  it('without pins the report equals privspec risk --unit on every shared figure', async () => {
    const { document, text } = await hover(spec('anonymity { k 2 }'));
    // At level 0: {34,F} P1, {40,M} P1, {50,M} P2–P4, {52,M} P5: 4 classes, 3 of one person; below 2: P1 and P5.
    assert.match(
      text,
      /Risk as it stands on age, sex, counted in distinct pid \(prosecutor model\): 4 classes, 3 sample uniques/,
    );
    const report = await riskReportResponse(services, { uri: document.uri.toString(), defaultK: 5, source: 't.csv' });
    let out = '';
    await runCli(['risk', 't.csv', '--qi', 'age,sex', '--unit', 'pid', '--k', '2', '--json'], {
      out: (t) => (out += t),
      err: () => undefined,
      cwd: dir,
    });
    const cli = JSON.parse(out);
    assert.deepEqual(
      { k: cli.kViolations.k, records: cli.kViolations.records, classes: cli.kViolations.classes },
      report.kViolations,
    );
    assert.deepEqual(report.kViolations, { k: 2, records: 2, classes: 3 });
    assert.deepEqual(
      [cli.classes, cli.sampleUniques, cli.averageRisk, cli.highestRisk],
      [report.classes, report.sampleUniques, report.averageRisk, report.highestRisk],
    );
    assert.deepEqual(
      Object.entries(cli.classSizeHistogram).map(([s, c]) => [Number(s), c]),
      report.classSizeHistogram,
    );
  });

  it('answers a CSV the settings describe (no spec) with the same function', async () => {
    const report = await riskReportResponse(services, {
      csv: { path: join(dir, 't.csv'), qi: ['age', 'sex'], k: 2 },
      source: 't.csv',
    });
    // No unit from the settings: rows. {50,M} has 3 rows; the other three classes 1 row each.
    assert.deepEqual(report.classSizeHistogram, [
      [1, 3],
      [3, 1],
    ]);
    assert.deepEqual(report.kViolations, { k: 2, records: 3, classes: 3 });
    assert.equal(report.after, undefined);
  });
});
