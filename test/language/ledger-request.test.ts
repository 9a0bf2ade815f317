import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/run-cli-isolated.js';
import { ledgerOf } from '../helpers/ledger.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { lastRuns, ledgerResponse } from '../../language/lsp/ledger-request.js';
import { PrivspecCodeLensProvider } from '../../language/lsp/privspec-code-lens.js';
import { runConfirmation } from '../../extension/commands/run-confirmation.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';

const fixtures = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'specs');

// Issue 16, item 5: ▶ Run's confirmation states the cost and what remains, warns about a release already in the ledger,
// and the "spent DATE" lens and Show Ledger read the same ledger the runner writes.
describe('privspec/ledger: what the ledger holds and what a run would add', () => {
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-ledger-request-'));
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(fixtures, 'data'), join(dir, 'data'), { recursive: true });
  cpSync(join(fixtures, 'release-basic.privspec'), join(dir, 'spec.privspec'));
  const specFile = join(dir, 'spec.privspec');
  const open = async () => {
    const document = await loadSpecText(readFileSync(specFile, 'utf8'), specFile, services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  };
  const release = (only: string) =>
    runCli(['release', specFile, '--out', join(dir, 'out'), '--only', only], {
      out: () => undefined,
      err: () => undefined,
      cwd: dir,
    });

  it('before any run: by_sex (Laplace ε 0.4) spends ε 0.4 of the budget ε 1, leaving ε 0.6', async () => {
    const r = await ledgerResponse(await open(), 'by_sex');
    assert.deepEqual(r.entries, []);
    assert.equal(r.total, 'ε 0 of 1');
    assert.deepEqual(
      { ...r.run, previous: [...r.run.previous] },
      {
        releases: ['by_sex'],
        adds: 'ε 0.4',
        remaining: 'ε 1',
        remainingAfter: 'ε 0.6',
        limit: 'ε 1',
        totalAfter: 'ε 0.4 of 1',
        overrun: false,
        previous: [],
      },
    );
    const c = runConfirmation('the release by_sex of spec.privspec', r.run);
    assert.equal(
      c.message,
      "Run the release by_sex of spec.privspec? It spends ε 0.4; ε 0.6 of the budget's ε 1 remains after it.",
    );
    assert.ok(!c.blocked && !/released on/.test(c.detail));
    assert.match(
      c.detail,
      /The spend is recorded in the data's ledger \(shared by every spec that reads it\) before any file is written\./,
    );
    // A microdata release (generalize, PRAM) spends no DP budget (the ledger records it at no central cost): the dialog
    // does not say it spends.
    const microdata = runConfirmation('the release public', { ...r.run, releases: ['public'], adds: 'nothing' });
    assert.equal(microdata.message, 'Run the release public? It spends no differential-privacy budget.');
    assert.equal(microdata.detail, '');
  });

  it('after two runs: both entries with their files, the total ε 0.8 of 1, a warning naming the last run, and a third run refused', async () => {
    assert.equal(await release('by_sex'), 0);
    assert.equal(await release('by_sex'), 0);
    const document = await open();
    const r = await ledgerResponse(document, 'by_sex');
    assert.equal(r.entries.length, 2);
    assert.deepEqual(
      r.entries.map((e) => [e.release, e.cost, e.files.map((f) => f.replace(/^.*[\\/]/, ''))]),
      [
        ['by_sex', 'ε 0.4', ['by_sex.csv', 'by_sex.json']],
        ['by_sex', 'ε 0.4', ['by_sex-2.csv', 'by_sex-2.json']],
      ],
    );
    // Pure ε 0.4 is also (0.4, 0)-DP and 0.4²/2 = 0.08-zCDP (Bun & Steinke 2016, Prop. 1.4).
    assert.equal(r.entries[0].costEveryNotion, 'ε 0.4 · ρ 0.08 · (ε 0.4, δ 0)');
    assert.equal(r.total, 'ε 0.8 of 1');
    // 0.8 spent + 0.4 asked > 1: the dialog does not offer to run what the ledger would refuse.
    assert.equal(r.run.overrun, true);
    assert.equal(r.run.remaining, 'ε 0.2');
    const blocked = runConfirmation('the release by_sex', r.run);
    assert.ok(blocked.blocked);
    assert.equal(
      blocked.message,
      "PrivSpec: not run: the release by_sex needs ε 0.4, but only ε 0.2 of the budget's ε 1 remains in the ledger.",
    );
    // `older` (ε 0.2) still fits exactly: 0.8 + 0.2 = 1.
    const older = await ledgerResponse(document, 'older');
    assert.deepEqual([older.run.adds, older.run.remainingAfter, older.run.overrun], ['ε 0.2', 'ε 0', false]);
    // A release already run: the warning names the latest run's time.
    const second = ledgerOf(join(dir, 'data', 'people.csv'))!.entries[1].at;
    const again = runConfirmation('the release by_sex', { ...r.run, overrun: false });
    assert.match(
      again.detail,
      new RegExp(
        `by_sex was released on ${second.replace('T', ' ').slice(0, 16)} UTC; running again spends ε 0\\.4 more\\.`,
      ),
    );
    assert.match(again.detail, /Earlier outputs stay as they are/);
  });

  it('a seeded test run of a release does not make it "already released" in the dialog (as for the lens)', async () => {
    assert.equal(
      await runCli(
        ['release', specFile, '--out', join(dir, 'seeded'), '--only', 'older', '--seed', '1', '--not-private'],
        { out: () => undefined, err: () => undefined, cwd: dir },
      ),
      0,
    );
    const r = await ledgerResponse(await open(), 'older');
    assert.deepEqual(r.run.previous, []);
    assert.ok(r.entries.some((e) => e.release === 'older' && e.notPrivate));
    assert.ok(!(await lastRuns(await open())).has('older'));
  });

  it('the lens of a release that ran says "spent DATE" and opens the ledger; one that never ran has none', async () => {
    const document = await open();
    const runs = await lastRuns(document);
    assert.deepEqual([...runs.keys()], ['by_sex']);
    const lenses = await new PrivspecCodeLensProvider(services).provideCodeLens(document);
    const spent = lenses.filter((l) => l.command?.title.startsWith('spent '));
    assert.equal(spent.length, 1);
    assert.equal(spent[0].command!.title, `spent ${runs.get('by_sex')!.at.slice(0, 10)}`);
    assert.equal(spent[0].command!.command, 'privspec.showLedger');
  });
});
