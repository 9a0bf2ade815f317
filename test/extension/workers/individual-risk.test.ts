import { strict as assert } from 'node:assert';
import { checkCsv } from '../../../extension/workers/csv-check.js';
import { riskReportFigures } from '../../../engine/report/risk-report-figures.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { riskReportMarkdown } from '../../../extension/risk-report/risk-report-markdown.js';
import type { CsvModel } from '../../../extension/protocol.js';
import { DEFAULT_INDIVIDUAL_RISK_THRESHOLD, weightedRisk } from '../../../engine/risk/weighted-risk.js';

// The branch table of the engine's weighted-risk test: (F,A) f=1 F̂=4, (M,A) f=2 F̂=10, (M,B) f=3 F̂=6, (F,B) f=F̂=1,
// (F,C) f=F̂=2.
const TEXT = 'sex,region,w\nF,A,4\nM,A,5\nM,A,5\nM,B,2\nM,B,2\nM,B,2\nF,B,1\nF,C,1\nF,C,1\n';
const MODEL: CsvModel = { qi: ['sex', 'region'], k: 1, weight: 'w', riskThreshold: 0.3, hierarchies: {}, levels: {} };
const R1 = Math.log(4) / 3;
const R2 = 0.25 - 0.0625 * Math.log(5);

describe('extension/workers: individual risk in the CSV check and the risk report (issue 28)', () => {
  it('flags the records above the threshold on their quasi-identifier cells, with fk, F̂k and risk', () => {
    const { result } = checkCsv(TEXT, undefined, MODEL, 100);
    const c = result.individualRisk!;
    // Above 0.3: (F,A) 0.462, (F,B) 1, (F,C) ½ ×2 — four records.
    assert.equal(c.records, 4);
    assert.deepEqual(
      c.flags.map((f) => [f.row, f.line, f.fk, f.Fk, f.classKey]),
      [
        [1, 1, 1, 4, '{sex=F, region=A}'],
        [7, 7, 1, 1, '{sex=F, region=B}'],
        [8, 8, 2, 2, '{sex=F, region=C}'],
        [9, 9, 2, 2, '{sex=F, region=C}'],
      ],
    );
    assert.deepEqual(c.flags[0].cells, [[0, 3]]);
    assert.ok(Math.abs(c.flags[0].risk - R1) < 1e-12);
    assert.ok(Math.abs(c.expectedReidentifications - (R1 + 2 * R2 + 0.6 + 2)) < 1e-12);
    // At most maxDiagnostics are located; the count covers all.
    const capped = checkCsv(TEXT, undefined, MODEL, 2).result.individualRisk!;
    assert.equal(capped.flags.length, 2);
    assert.equal(capped.records, 4);
  });

  it("the flags are the engine's figures: weightedRisk's records above the threshold, their risks and the sum", () => {
    const table = parseCsv(TEXT, { source: 'branches.csv' });
    for (const model of [MODEL, { ...MODEL, riskThreshold: undefined }]) {
      const c = checkCsv(TEXT, undefined, model, 100).result.individualRisk!;
      const w = weightedRisk(table, MODEL.qi, 'w', { threshold: model.riskThreshold });
      assert.equal(c.threshold, w.highRiskRecords.threshold);
      assert.equal(c.records, w.highRiskRecords.aboveThreshold);
      assert.equal(c.expectedReidentifications, w.expectedReidentifications);
      for (const f of c.flags) {
        assert.equal(f.risk, w.perRecord.risk[f.row - 1]);
        assert.equal(f.fk, w.perRecord.fk[f.row - 1]);
        assert.equal(f.Fk, w.perRecord.Fk[f.row - 1]);
      }
    }
    // Without a threshold, the engine's default 0.1 (sdcMicro's floor): by hand every record is above it — (M,A)
    // R2 = ¼ − ln 5 / 16 ≈ 0.149, (M,B) 0.6 / 3 = 0.2, the others ½ or more.
    const byDefault = checkCsv(TEXT, undefined, { ...MODEL, riskThreshold: undefined }, 100).result.individualRisk!;
    assert.equal(DEFAULT_INDIVIDUAL_RISK_THRESHOLD, 0.1);
    assert.equal(byDefault.threshold, DEFAULT_INDIVIDUAL_RISK_THRESHOLD);
    assert.equal(byDefault.records, 9);
  });

  it('no weight in the model, or a weight column the CSV lacks: no individual-risk check', () => {
    assert.equal(checkCsv(TEXT, undefined, { ...MODEL, weight: undefined }, 100).result.individualRisk, undefined);
    assert.equal(checkCsv(TEXT, undefined, { ...MODEL, weight: 'nope' }, 100).result.individualRisk, undefined);
  });

  it('a bad weight is an error with its line, and the k-anonymity check still stands', () => {
    const { result } = checkCsv('sex,region,w\nF,A,4\nM,A,x\n', undefined, { ...MODEL, k: 2 }, 100);
    assert.deepEqual(result.individualRisk!.error, {
      message:
        "weight column 'w': the weight 'x' is not a number; a survey weight is the number of people a record stands for (at least 1)",
      line: 3,
    });
    assert.equal(result.violatingRows, 2);
  });

  it('the risk report gains the distribution and the riskiest combinations; Markdown shows them', () => {
    const table = parseCsv(TEXT, { source: 'branches.csv' });
    // The report is the engine's (as the language server answers privspec/riskReport) for a dataset with that weight.
    const dataset = {
      name: 'd',
      file: 'branches.csv',
      identifying: [],
      quasi: MODEL.qi,
      sensitive: [],
      insensitive: [],
      weight: 'w',
    };
    const report = riskReportFigures({
      table,
      source: 'branches.csv',
      dataset,
      k: 1,
      hierarchies: new Map(),
      riskThreshold: 0.3,
    });
    const w = report.individualRisk!;
    assert.ok(!('error' in w));
    if ('error' in w) return;
    assert.equal(w.aboveThreshold, 4);
    assert.deepEqual(
      w.riskiest.slice(0, 2).map((c) => [c.classKey, c.fk, c.Fk, c.risk]),
      [
        ['{sex=F, region=B}', 1, 1, 1],
        ['{sex=F, region=C}', 2, 2, 0.5],
      ],
    );
    assert.equal(
      w.distribution.reduce((s, b) => s + b.records, 0),
      9,
    );
    const md = riskReportMarkdown(report, new Date('2026-01-01'));
    assert.match(md, /\| Records with individual risk above 0\.3 \| 4 \|/);
    assert.match(md, /## Individual risk \(survey weight w/);
    assert.match(md, /\| 0\.5–1 \| 1 \| 1 \|/);
    assert.match(md, /\| \{sex=F, region=B\} \| 1 \| 1 \| 1 \|/);
  });
});
