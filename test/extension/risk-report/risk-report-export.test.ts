import { strict as assert } from 'node:assert';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { riskReportHtml } from '../../../extension/risk-report/risk-report-html.js';
import { percent, riskReportMarkdown, short } from '../../../extension/risk-report/risk-report-markdown.js';
import { riskReportFigures } from '../../../engine/report/risk-report-figures.js';
import { riskInput, visitsCsv, visitsModel } from '../fixtures.js';

describe('extension/risk-report export', () => {
  const report = riskReportFigures(riskInput(parseCsv(visitsCsv), visitsModel, 'data/visits.csv'));
  const date = new Date('2026-01-02T03:04:05Z');

  it('formats shares and numbers', () => {
    assert.equal(percent(6 / 18), '33.3%');
    assert.equal(short(2 * Math.SQRT2), '2.828');
  });

  it('writes Markdown tables a pull request can show', () => {
    const md = riskReportMarkdown(report, date);
    assert.match(md, /^# Re-identification risk: data\/visits\.csv$/m);
    assert.match(md, /^\| Equivalence classes \| 6 \|$/m);
    assert.match(md, /^\| Average prosecutor risk \| 33\.3% \|$/m);
    assert.match(md, /^\| Rows in classes below k=3 \| 3 in 2 classes \|$/m);
    // One class of size 5: 5 rows; the bar is scaled to the most frequent size (3, with 2 classes).
    assert.match(md, /^\| 5 \| 1 \| 5 \| █{10} \|$/m);
    assert.match(md, /^\| zip \| 1 \| 5 \|$/m);
  });

  it('writes a self-contained HTML file without scripts', () => {
    const html = riskReportHtml(report, date);
    assert.match(html, /<th>Equivalence classes<\/th><td>6<\/td>/);
    assert.doesNotMatch(html, /<script/);
    assert.equal((html.match(/<rect /g) ?? []).length, 5);
  });
});
