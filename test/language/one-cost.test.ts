import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LangiumDocument } from 'langium';
import type { MarkupContent } from 'vscode-languageserver';
import { runCli } from '../helpers/run-cli-isolated.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { loadSpecText } from '../../language/check-spec.js';
import { nodeEditorServices } from '../../language/privspec-module.js';
import { ledgerResponse } from '../../language/lsp/ledger-request.js';
import { budgetWithLedger } from '../../language/lsp/privspec-requests.js';
import { PrivspecCodeLensProvider } from '../../language/lsp/privspec-code-lens.js';
import { runConfirmation } from '../../extension/commands/run-confirmation.js';
import { summarizeRun } from '../../extension/commands/release-summary.js';
import { formatBudget } from '../../extension/budget-text.js';

const examples = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');

// Issue 37 item 1, reproduced on examples/visits.privspec and examples/views.privspec (both `accounting zcdp` with a
// budget written as ε 3, δ 1e-6): visits_by_sex read "ε 0.2 (ρ 0.02)" in the lens, "ε 1.07 (ρ 0.02)" in the Run
// dialog, and the lens figures added to 1.56 against a plan total of 2.58. Every surface now states a release's cost
// in ρ, the ρ figures add to the plan's, and the ε beside a total is the converted total, labelled.
// Hand figures, ln 10⁶ = 13.8155 and ε(ρ) = ρ + 2√(ρ ln 1/δ) (Bun & Steinke 2016, Prop. 1.3):
//   the limit ρ of (ε 3, δ 1e-6) is (√16.8155 − √13.8155)² = 0.147263;
//   visits_by_sex Laplace ε 0.2 → ρ 0.2²/2 = 0.02 (Prop. 1.4), ε(0.02) = 1.0713;
//   the plan: 0.02 + 0.01 + 0.005 + 0.02 + 0.05 + 0.005 = ρ 0.11, ε(0.11) = 2.5755;
//   what remains after visits_by_sex alone: 0.147263 − 0.02 = 0.127263, in ε 3 − 1.0713 = 1.9287;
//   views.privspec's explore, hdpview ε 0.5 → ρ 0.125, ε(0.125) = 0.125 + 2√1.72694 = 2.7533.
const conversion = 'by Bun & Steinke 2016';

describe('one release, one cost: lens, hover, Run dialog, toast, status bar and CLI agree (issue 37 item 1)', function () {
  this.timeout(300_000);
  const services = nodeEditorServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-one-cost-'));
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['data', 'hierarchies', 'visits.privspec', 'views.privspec'])
    cpSync(join(examples, f), join(dir, f), { recursive: true });
  const open = async (name: string): Promise<LangiumDocument> => {
    const file = join(dir, name);
    const document = await loadSpecText(readFileSync(file, 'utf8'), file, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  };
  const lenses = async (document: LangiumDocument) =>
    (await new PrivspecCodeLensProvider(services).provideCodeLens(document)).map((l) => l.command!);
  const hover = async (document: LangiumDocument, needle: string) => {
    const position = document.textDocument.positionAt(document.textDocument.getText().indexOf(needle) + 1);
    const h = await services.lsp.HoverProvider!.getHoverContent(document, {
      textDocument: { uri: document.uri.toString() },
      position,
    });
    return (h?.contents as MarkupContent | undefined)?.value ?? '';
  };

  it('visits.privspec: each lens in ρ; the lens figures add to the plan ρ 0.11, whose ε 2.58 is the converted total', async () => {
    const document = await open('visits.privspec');
    const titles = (await lenses(document)).map((c) => c.title);
    assert.equal(titles[0], `Budget ρ 0.11 of 0.147 (ε, δ = 2.58 of 3, 1e-6 ${conversion})`);
    assert.ok(
      titles.includes(`ρ 0.02 · plan ρ 0.02 of 0.147 (ε, δ = 1.07 of 3, 1e-6 ${conversion})`),
      titles.join('\n'),
    );
    const costs = titles.filter((t) => / · plan /.test(t)).map((t) => /^ρ ([\d.e-]+) · plan/.exec(t));
    assert.ok(costs.every(Boolean), titles.join('\n'));
    assert.deepEqual(
      costs.map((m) => Number(m![1])),
      [0.02, 0.01, 0.005, 0.02, 0.05, 0.005],
    );
    assert.equal(Number(costs.reduce((s, m) => s + Number(m![1]), 0).toPrecision(6)), 0.11);
    // No release's figure is an ε beside a ρ, as "ε 0.2 (ρ 0.02)" was.
    assert.ok(
      titles.every((t) => !/^ε [\d.]+ \(ρ/.test(t)),
      titles.join('\n'),
    );
    const h = await hover(document, 'visits_by_sex:');
    assert.match(h, /Privacy cost \(zcdp accounting\): ρ 0\.02\n/);
    assert.match(h, /Budget \(zcdp\): adds ρ 0\.02; plan total after it ρ 0\.02 of 0\.147 \(ε, δ = 1\.07 of 3, 1e-6/);
    // Its effect on the ε total, shown as the difference of converted totals: ε(0.02) − ε(0) = 1.07.
    assert.match(
      h,
      /the converted total \(δ 1e-6\) goes from ε 0 to ε 1\.07 \(\+1\.07: a difference of converted totals/,
    );
  });

  it('the Run dialog states the lens figure: "It spends ρ 0.02; ρ 0.127 of the budget\'s ρ 0.147 remains after it (ε, δ = 1.93, …)"', async () => {
    const document = await open('visits.privspec');
    const r = await ledgerResponse(document, 'visits_by_sex');
    assert.equal(
      runConfirmation('the release visits_by_sex', r.run).message,
      `Run the release visits_by_sex? It spends ρ 0.02; ρ 0.127 of the budget's ρ 0.147 remains after it (ε, δ = 1.93, 1e-6 left: ε 3 less the converted total, Bun & Steinke 2016).`,
    );
    assert.equal(r.run.totalAfter, `ρ 0.02 of 0.147 (ε, δ = 1.07 of 3, 1e-6 ${conversion})`);
    // population (nn-wavelet ρ 0.05): the dialog and the lens both say ρ 0.05, where they said ε 0.966 and ε 0.715.
    const population = await ledgerResponse(document, 'population');
    assert.equal(population.run.adds, 'ρ 0.05');
    assert.ok((await lenses(document)).some((c) => c.title.startsWith('ρ 0.05 · plan ρ 0.105 of 0.147')));
  });

  it('PRAM: the Run dialog states the local ε, ln 9 + ln(1 + 0.8·19/0.2) for sex (2 values) and diagnosis (19 values)', async () => {
    // retain 0.8 over |V| values keeps with 0.8 + 0.2/|V| and moves to each other value with 0.2/|V|: ε = ln(1 + 4|V|)
    // (Kairouz, Oh & Viswanath 2014): sex ln 9 = 2.1972, diagnosis ln 77 = 4.3438; summed, 6.541 → 6.54.
    const document = await open('visits.privspec');
    const sizes = new Map([
      ['sex', 2],
      ['diagnosis', 19],
    ]);
    const r = await ledgerResponse(document, 'diagnosis_pram', {
      inlineDomains: new Map(),
      rows: () => Promise.resolve(21062),
      distinct: (c) => Promise.resolve(sizes.get(c)),
    });
    const message = runConfirmation('the release diagnosis_pram', r.run).message;
    assert.match(message, /It spends no differential-privacy budget\. PRAM's local ε 6\.54 over diagnosis, sex/);
    assert.match(message, /Kairouz, Oh & Viswanath 2014\): local differential privacy, not a central budget\.$/);
  });

  it('the status bar is one sum: "ledger ρ 0 spent + plan ρ 0.11 = ρ 0.11 of 0.147 (ε, δ = 2.58 …)"', async () => {
    const status = await budgetWithLedger(await open('visits.privspec'));
    assert.equal(
      formatBudget(status)?.label,
      `Budget: ledger ρ 0 spent + plan ρ 0.11 = ρ 0.11 of 0.147 (ε, δ = 2.58 of 3, 1e-6 ${conversion})`,
    );
  });

  it('views.privspec, one release: the meter says the release and the plan spend the same ρ 0.125 (ε 2.75 converted)', async () => {
    const document = await open('views.privspec');
    const titles = (await lenses(document)).map((c) => c.title);
    assert.ok(
      titles.includes(`ρ 0.125 · plan ρ 0.125 of 0.147 (ε, δ = 2.75 of 3, 1e-6 ${conversion})`),
      titles.join('\n'),
    );
    const out: string[] = [];
    const code = await runCli(['preview', 'views.privspec', '--only', 'explore', '--json'], {
      out: (s) => out.push(s),
      err: () => undefined,
      cwd: dir,
    });
    assert.equal(code, 0);
    const budget = JSON.parse(out.join('')).budget;
    assert.match(
      budget.sentence,
      /^This release spends ρ 0\.125; the plan spends ρ 0\.125 of 0\.147 \(ε, δ = 2\.75 of 3, 1e-6 by Bun & Steinke 2016\);/,
    );
    assert.equal(budget.figures.accounting, 'zcdp');
    assert.equal(budget.figures.notion, 'ρ');
    assert.equal(budget.figures.release, 0.125);
    assert.equal(budget.figures.plan, 0.125);
    assert.ok(Math.abs(budget.figures.converted.plan - 2.7533) < 1e-3, String(budget.figures.converted.plan));
  });

  it('privspec release: text, JSON and the toast state the same ρ 0.02 and the converted ledger total', async () => {
    const run = async (args: string[]) => {
      const out: string[] = [];
      const code = await runCli(args, { out: (s) => out.push(s), err: () => undefined, cwd: dir });
      return { code, out: out.join('') };
    };
    const text = await run(['release', 'visits.privspec', '--out', 'out', '--only', 'visits_by_sex']);
    assert.equal(text.code, 0);
    assert.match(text.out, /visits_by_sex: written: .*; spent ρ 0\.02\./);
    assert.match(text.out, /: ρ 0\.02 of 0\.147 \(ε, δ = 1\.07 of 3, 1e-6 by Bun & Steinke 2016\) spent\n$/);
    const json = await run(['release', 'visits.privspec', '--out', 'out2', '--only', 'visits_by_sex', '--json']);
    const report = JSON.parse(json.out);
    assert.equal(report.releases[0].privacySpent.accounting, 'zcdp');
    assert.ok(Math.abs(report.releases[0].privacySpent.rho - 0.02) < 1e-12);
    // Two runs of ρ 0.02: ρ 0.04, ε(0.04) = 0.04 + 2√0.55262 = 1.5268.
    assert.equal(report.budget.label, `ρ 0.04 of 0.147 (ε, δ = 1.53 of 3, 1e-6 ${conversion})`);
    assert.match(summarizeRun(report, 'out2').text, /; ledger total ρ 0\.04 of 0\.147 \(ε, δ = 1\.53 of 3, 1e-6/);
    // The status bar after them: the ledger's ρ 0.04 plus the plan's ρ 0.11 = 0.15, over the 0.147; its converted ε is
    // 0.15 + 2√(0.15 · 13.8155) = 0.15 + 2 · 1.43956 = 3.03.
    const status = await budgetWithLedger(await open('visits.privspec'));
    assert.equal(
      status.status,
      `ledger ρ 0.04 spent + plan ρ 0.11 = ρ 0.15 of 0.147 (ε, δ = 3.03 of 3, 1e-6 ${conversion})`,
    );
  });

  it('▶ Run is shown disabled, with the sum, when the ledger cannot afford it: "ledger ρ 0.09 spent + this ρ 0.05 > budget ρ 0.1"', async () => {
    // Another plan for the same data shares its ledger (ρ 0.04 from the runs above) and states a lower budget, ρ 0.1.
    // One run of its ρ 0.05 makes the ledger 0.09; a second would make 0.14 > 0.1 (item 11).
    const tight = readFileSync(join(dir, 'visits.privspec'), 'utf8')
      .split('\n')
      .filter((l) => !/^(release|budget) /.test(l))
      .join('\n');
    writeFileSync(
      join(dir, 'tight.privspec'),
      `${tight}\nbudget { rho 0.1  accounting zcdp }\nrelease by_sex: count by sex  bound unit groups 1 rows 3  gaussian rho 0.05\n`,
    );
    const runLens = async () => (await lenses(await open('tight.privspec'))).find((c) => c.title.startsWith('▶ Run'))!;
    assert.deepEqual(
      { title: (await runLens()).title, command: (await runLens()).command },
      { title: '▶ Run', command: 'privspec.runRelease' },
    );
    const code = await runCli(['release', 'tight.privspec', '--out', 'tight-out'], {
      out: () => undefined,
      err: () => undefined,
      cwd: dir,
    });
    assert.equal(code, 0);
    const disabled = await runLens();
    assert.equal(disabled.title, '▶ Run — not affordable: ledger ρ 0.09 spent + this ρ 0.05 > budget ρ 0.1');
    // Its tooltip states the sum once (the newcomer tour read "cannot afford this release: not affordable: …").
    assert.equal(
      disabled.tooltip,
      "The data's ledger cannot afford this release: ledger ρ 0.09 spent + this ρ 0.05 > budget ρ 0.1. Lower its cost or raise the budget (privspec budget raise, recorded).",
    );
    // A lens with an empty command is plain text in VS Code: nothing to click.
    assert.equal(disabled.command, '');
    assert.equal(disabled.arguments, undefined);
    // The runner agrees: a second run is refused for want of budget, in the same ρ.
    const out: string[] = [];
    await runCli(['release', 'tight.privspec', '--out', 'tight-out2'], {
      out: (s) => out.push(s),
      err: () => undefined,
      cwd: dir,
    });
    assert.match(out.join(''), /by_sex: refused: .*needs ρ 0\.05, ρ 0\.01 remains/);
  });

  it('privspec release on a spec with no budget says "nothing spent; this spec states no budget", not "ε 0 of — spent"', async () => {
    writeFileSync(join(dir, 'small.csv'), 'sex,age\nF,30\nM,40\nF,50\nM,20\n');
    writeFileSync(
      join(dir, 'nobudget.privspec'),
      'dataset d from "small.csv" { quasi sex  insensitive age }\nhierarchy sex { "M", "F" -> "*" }\nrelease r: pram sex retain 0.5\n',
    );
    const out: string[] = [];
    await runCli(['release', 'nobudget.privspec', '--out', 'nb-out'], {
      out: (s) => out.push(s),
      err: () => undefined,
      cwd: dir,
    });
    const text = out.join('');
    assert.match(
      text,
      /^ledger .*: nothing spent; this spec states no budget \(a differentially private release needs one\)$/m,
    );
    assert.doesNotMatch(text, /of —/);
  });
});
