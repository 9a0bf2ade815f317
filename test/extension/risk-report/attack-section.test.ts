import { strict as assert } from 'node:assert';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CancellationTokenSource, LSPErrorCodes, ResponseError, type Connection } from 'vscode-languageserver';
import { parseCsv } from '../../../engine/table/parse-csv.js';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AttackOriginal, AttackReportSection } from '../../../language/attack-request-types.js';
import { runCli } from '../../helpers/run-cli-isolated.js';
import { FIXTURE_LINKS } from '../../helpers/fixture-links.js';
import { registerAttackRequest } from '../../../language/lsp/attack-request.js';
import { riskReportHtml } from '../../../extension/risk-report/risk-report-html.js';
import { riskReportMarkdown } from '../../../extension/risk-report/risk-report-markdown.js';
import { riskReportFigures } from '../../../engine/report/risk-report-figures.js';

const demo = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), 'examples', 'attack-demo');
type Handler = (params: unknown, token: unknown) => Promise<unknown>;

describe("privspec/simulateAttack and the risk report's attack section", () => {
  const handlers = new Map<string, Handler>();
  const progress: unknown[] = [];
  const connection = {
    onRequest: (type: { method: string }, handler: Handler) => handlers.set(type.method, handler),
    sendProgress: (_t: unknown, _token: unknown, value: unknown) => Promise.resolve(void progress.push(value)),
    console: { error: () => undefined },
  } as unknown as Connection;
  registerAttackRequest(connection);
  const call = (params: unknown, token = new CancellationTokenSource().token) =>
    handlers.get('privspec/simulateAttack')!(params, token) as Promise<AttackReportSection>;

  it("attacks the demo's original file as its own release: every record with a unique tuple is linked correctly", async () => {
    // The original released unchanged ("identity"): a record whose (age, sex, zip) no other candidate shares is linked
    // with score 1, and the prediction is the mean of 1/class size, which the attack meets exactly in expectation.
    const a = await call({
      released: join(demo, 'original.csv'),
      candidates: join(demo, 'candidate.csv'),
      qi: ['age', 'sex', 'zip'],
      truth: join(demo, 'original.csv'),
      id: 'id',
      workDoneToken: 't',
    });
    assert.equal(a.released, 100);
    assert.equal(a.candidates, 200);
    assert.equal(a.matched, 100);
    assert.equal(a.predictedBasis, 'class size');
    assert.ok(
      a.atRisk.length === 10 && a.atRisk.every((r) => r.score === 1 && r.correct === true),
      JSON.stringify(a.atRisk),
    );
    assert.deepEqual(
      progress.map((p) => (p as { kind: string }).kind),
      ['begin', 'end'],
    );

    const dataset = {
      name: '',
      file: 'original.csv',
      identifying: [],
      quasi: ['age', 'sex', 'zip'],
      sensitive: [],
      insensitive: [],
    };
    const report = {
      ...riskReportFigures({
        table: parseCsv('age,sex,zip\n30,F,1\n'),
        source: 'original.csv',
        dataset,
        k: 2,
        hierarchies: new Map(),
      }),
      attack: a,
    };
    const md = riskReportMarkdown(report, new Date('2026-01-02T00:00:00Z'));
    assert.match(md, /^## Simulated linkage attack$/m);
    assert.match(
      md,
      new RegExp(`^\\| Re-identified \\(measured\\) \\| ${a.correct} = ${(100 * a.rate!).toFixed(1)}% \\|$`, 'm'),
    );
    assert.match(md, /^\| Predicted \| [\d.]+% \(1\/class size\) ± [\d.]+% \(3σ\) \|$/m);
    assert.match(
      md,
      new RegExp(`^\\| ${a.atRisk[0].record} \\| ${a.atRisk[0].candidate} \\| 1\\.0000 \\| yes \\|$`, 'm'),
    );
    const html = riskReportHtml(report);
    assert.match(html, /<h2>Simulated linkage attack<\/h2>/);
    assert.doesNotMatch(html, /<script/);
  });

  it('issue 34: finds the original of a ▶ Run release through its report, spec and row key; scores it aligned by the key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-attack-original-'));
    try {
      cpSync(demo, dir, { recursive: true });
      const quiet = { out: () => undefined, err: () => undefined };
      assert.equal(
        await runCli(['release', 'pram.privspec', '--out', 'releases', '--only', 'pram_06'], { ...quiet, cwd: dir }),
        0,
      );
      assert.equal(
        await runCli(
          [
            'anonymize',
            'original.csv',
            '--qi',
            'age,sex,zip',
            '--hierarchy',
            'age=age.csv',
            '--hierarchy',
            'sex=sex.csv',
            '--hierarchy',
            'zip=zip.csv',
            '--k',
            '5',
            '--out',
            'a5.csv',
            // A file beside the PRAM release of the same records, on purpose: both are attacked.
            ...FIXTURE_LINKS,
          ],
          { ...quiet, cwd: dir },
        ),
        0,
      );
      const original = (released: string) =>
        handlers.get('privspec/attackOriginal')!(
          { released },
          new CancellationTokenSource().token,
        ) as Promise<AttackOriginal>;
      const released = join(dir, 'releases', 'pram_06.csv');
      assert.deepEqual(await original(released), { original: join(dir, 'original.csv'), rowKey: true });
      // anonymize --out writes no report beside its file: the editor asks for the original (the key is found from it).
      assert.deepEqual(await original(join(dir, 'a5.csv')), { rowKey: false });
      assert.deepEqual(await original(join(demo, 'original.csv')), { rowKey: false });
      const qi = ['age', 'sex', 'zip'];
      const a = await call({
        released,
        candidates: join(dir, 'candidate.csv'),
        qi,
        retain: Object.fromEntries(qi.map((q) => [q, 0.6])),
        truth: join(dir, 'original.csv'),
        id: 'id',
      });
      assert.equal(a.alignment, 'row key');
      assert.equal(a.predictedBasis, 'eta');
      // Aligned, retention 0.6 re-identifies about a third of the 100 records (the demo's table: 36 %); shuffled and
      // scored by position it read 0.
      assert.ok(a.rate! > 0.1, String(a.rate));
      const dataset = { name: '', file: 'pram_06.csv', identifying: [], quasi: qi, sensitive: [], insensitive: [] };
      const md = riskReportMarkdown(
        {
          ...riskReportFigures({
            table: parseCsv('age,sex,zip\n30,F,1\n'),
            source: 'pram_06.csv',
            dataset,
            k: 2,
            hierarchies: new Map(),
          }),
          attack: a,
        },
        new Date('2026-01-02T00:00:00Z'),
      );
      assert.match(
        md,
        /^\| Aligned with the original \| by the private row key privspec kept when it wrote the file \|$/m,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a cancelled attack with RequestCancelled and a bad column with one line naming the file', async () => {
    const source = new CancellationTokenSource();
    source.cancel();
    await assert.rejects(
      call(
        { released: join(demo, 'original.csv'), candidates: join(demo, 'candidate.csv'), qi: ['age'] },
        source.token,
      ),
      (e: ResponseError<void>) => e.code === LSPErrorCodes.RequestCancelled,
    );
    await assert.rejects(
      call({ released: join(demo, 'original.csv'), candidates: join(demo, 'candidate.csv'), qi: ['height'] }),
      (e: ResponseError<void>) =>
        e.code === LSPErrorCodes.RequestFailed &&
        /(original|candidate)\.csv/.test(e.message) &&
        !e.message.includes('\n'),
    );
  });
});
