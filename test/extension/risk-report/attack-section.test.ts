import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CancellationTokenSource, LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import type { AttackReportSection } from '../../../language/attack-request-types.js';
import { registerAttackRequest } from '../../../language/lsp/attack-request.js';
import { riskReportHtml } from '../../../extension/risk-report/risk-report-html.js';
import { riskReportMarkdown } from '../../../extension/risk-report/risk-report-markdown.js';
import { riskReportFigures } from '../../../engine/risk/risk-report-figures.js';

const demo = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'examples', 'attack-demo');
type Handler = (params: unknown, token: unknown) => Promise<unknown>;

describe('privspec/simulateAttack and the risk report\'s attack section', () => {
  const handlers = new Map<string, Handler>();
  const progress: unknown[] = [];
  const connection = {
    onRequest: (type: { method: string }, handler: Handler) => handlers.set(type.method, handler),
    sendProgress: async (_t: unknown, _token: unknown, value: unknown) => void progress.push(value),
    console: { error: () => undefined },
  } as unknown as Connection;
  registerAttackRequest(connection);
  const call = (params: unknown, token = new CancellationTokenSource().token) => handlers.get('privspec/simulateAttack')!(params, token) as Promise<AttackReportSection>;

  it('attacks the demo\'s original file as its own release: every record with a unique tuple is linked correctly', async () => {
    // The original released unchanged ("identity"): a record whose (age, sex, zip) no other candidate shares is linked
    // with score 1, and the prediction is the mean of 1/class size, which the attack meets exactly in expectation.
    const a = await call({ released: join(demo, 'original.csv'), candidates: join(demo, 'candidate.csv'), qi: ['age', 'sex', 'zip'], truth: join(demo, 'original.csv'), id: 'id', workDoneToken: 't' });
    assert.equal(a.released, 100);
    assert.equal(a.candidates, 200);
    assert.equal(a.matched, 100);
    assert.equal(a.predictedBasis, 'class size');
    assert.ok(a.atRisk.length === 10 && a.atRisk.every((r) => r.score === 1 && r.correct === true), JSON.stringify(a.atRisk));
    assert.deepEqual(progress.map((p) => (p as { kind: string }).kind), ['begin', 'end']);

    const dataset = { name: '', file: 'original.csv', identifying: [], quasi: ['age', 'sex', 'zip'], sensitive: [], insensitive: [] };
    const report = { ...riskReportFigures({ table: parseCsv('age,sex,zip\n30,F,1\n'), source: 'original.csv', dataset, k: 2, hierarchies: new Map() }), attack: a };
    const md = riskReportMarkdown(report, new Date('2026-01-02T00:00:00Z'));
    assert.match(md, /^## Simulated linkage attack$/m);
    assert.match(md, new RegExp(`^\\| Re-identified \\(measured\\) \\| ${a.correct} = ${(100 * a.rate!).toFixed(1)}% \\|$`, 'm'));
    assert.match(md, /^\| Predicted \| [\d.]+% \(1\/class size\) ± [\d.]+% \(3σ\) \|$/m);
    assert.match(md, new RegExp(`^\\| ${a.atRisk[0].record} \\| ${a.atRisk[0].candidate} \\| 1\\.0000 \\| yes \\|$`, 'm'));
    const html = riskReportHtml(report);
    assert.match(html, /<h2>Simulated linkage attack<\/h2>/);
    assert.doesNotMatch(html, /<script/);
  });

  it('answers a cancelled attack with RequestCancelled and a bad column with one line naming the file', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    await assert.rejects(call({ released: join(demo, 'original.csv'), candidates: join(demo, 'candidate.csv'), qi: ['age'] }, source.token), (e: ResponseError<void>) => e.code === LSPErrorCodes.RequestCancelled);
    await assert.rejects(call({ released: join(demo, 'original.csv'), candidates: join(demo, 'candidate.csv'), qi: ['height'] }), (e: ResponseError<void>) => e.code === LSPErrorCodes.RequestFailed && /(original|candidate)\.csv/.test(e.message) && !e.message.includes('\n'));
  });
});
