import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { runIn } from '../helpers/run-cli.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { PrivspecCodeLensProvider } from '../../language/lsp/privspec-code-lens.js';
import { ledgerFileSync, ledgerOf } from '../helpers/ledger.js';

// Issue 21 item 3 — PRAM runs are on the ledger. Fifteen runs of `release p: pram diag retain 0.5` on one table left no
// trace, and a per-row majority vote over the runs recovered 98.9 % of the true values. Now every PRAM (and generalize)
// run is a ledger entry with no central cost; a second PRAM of a column of the same data is refused unless the release
// says `rerun`, and then the report states the composed local ε (the sum over the runs: sequential composition of
// ε-local-DP randomizers, Dwork & Roth 2014, Thm 3.16, applied per record).

const DATA = `id,age,diag\n${Array.from({ length: 30 }, (_, i) => `${i},${20 + (i % 5) * 10},${['flu', 'cold', 'asthma'][i % 3]}`).join('\n')}\n`;
const spec = (rerun: boolean) => `dataset d from "d.csv" {
  quasi age
  sensitive diag
  unit id
}
hierarchy diag { "flu", "cold", "asthma" -> "*" }
hierarchy age { "20", "30", "40", "50", "60" -> "*" }
anonymity { k 2 }
release p: pram diag retain 0.5${rerun ? ' rerun' : ''}
release g: generalize  accept linked-releases "test fixture: the ledger test needs a PRAM and a generalize run"
`;

const run = runIn;

describe('issue 21 item 3 — PRAM and generalize runs are on the ledger', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = (rerun: boolean) => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-pram-ledger-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(join(dir, 's.privspec'), spec(rerun));
    return dir;
  };
  const ledger = (dir: string) => ledgerOf(join(dir, 'd.csv'))!;

  it('a PRAM run and a generalize run are ledger entries with no central cost; PRAM states its local ε', async () => {
    const dir = fresh(false);
    const r = await run(dir, ['release', 's.privspec', '--out', 'out', '--json']);
    assert.equal(r.code, 0, r.out + r.err);
    const entries = ledger(dir).entries;
    assert.deepEqual(
      entries.map((e: { release: string }) => e.release),
      ['p', 'g'],
    );
    for (const e of entries) assert.deepEqual(e.costs, {});
    // Hand-derived: retain 0.5 over 3 values keeps with 0.5 + 0.5/3 = 2/3 and moves to each other with 1/6: ε = ln 4.
    assert.equal(entries[0].microdata!.kind, 'pram');
    assert.deepEqual(entries[0].microdata!.columns, ['diag']);
    assert.ok(Math.abs(entries[0].microdata!.localEpsilon! - Math.log(4)) < 1e-9);
    assert.deepEqual(entries[1].microdata, { kind: 'generalize', columns: ['age'] });
    // Each output names its ledger entry.
    assert.equal(JSON.parse(readFileSync(join(dir, 'out', 'p.json'), 'utf8')).ledgerEntry, entries[0].id);
    assert.deepEqual(JSON.parse(r.out).budget.spent, { epsilon: 0 });
    // The editor's lens says the releases ran, without saying they spent.
    const services = nodeServices();
    const document = await loadSpec(join(dir, 's.privspec'), services);
    await services.shared.workspace.DocumentBuilder.build([document], { validation: true });
    const titles = (await new PrivspecCodeLensProvider(services).provideCodeLens(document)).map(
      (l) => l.command?.title ?? '',
    );
    assert.deepEqual(
      titles.filter((t) => /^(spent|released) /.test(t)),
      [`released ${entries[0].at.slice(0, 10)}`, `released ${entries[1].at.slice(0, 10)}`],
    );
  });

  it('a second PRAM run on the same data is refused without `rerun`, before anything is drawn or written', async () => {
    const dir = fresh(false);
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out', '--only', 'p'])).code, 0);
    const second = await run(dir, ['release', 's.privspec', '--out', 'out', '--only', 'p']);
    assert.equal(second.code, 1);
    assert.match(
      second.out,
      /p: refused: not run: PRAM already randomized diag of this data \(ledger entry [0-9a-f]{12}, release 'p', .*majority vote.*Add 'rerun' to the pram query/,
    );
    // ln 4 + ln 4 = ln 16 = 2.77 (three significant digits).
    assert.match(second.out, /adds up to 2\.77/);
    assert.deepEqual(readdirSync(join(dir, 'out')).sort(), ['p.csv', 'p.json']);
    assert.equal(ledger(dir).entries.length, 1);
    // A generalize release runs again freely: its output is the same generalization (in a new row order).
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out', '--only', 'g'])).code, 0);
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out', '--only', 'g'])).code, 0);
  });

  it('with `rerun` the runs are recorded and the report and message state the composed local ε (sum over runs)', async () => {
    const dir = fresh(true);
    for (let i = 0; i < 3; i++)
      assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out', '--only', 'p'])).code, 0);
    const third = JSON.parse(readFileSync(join(dir, 'out', 'p-3.json'), 'utf8'));
    // Hand-derived: three runs of ε = ln 4 each compose to 3 ln 4 = ln 64 = 4.1589.
    assert.equal(third.parameters.composedLocalEpsilon.runs, 3);
    assert.ok(Math.abs(third.parameters.composedLocalEpsilon.localEpsilon - 3 * Math.log(4)) < 1e-9);
    assert.equal(
      ledger(dir).entries.filter((e: { microdata?: { kind: string } }) => e.microdata?.kind === 'pram').length,
      3,
    );
    const fourth = await run(dir, ['release', 's.privspec', '--out', 'out', '--only', 'p']);
    assert.match(fourth.out, /4 runs on these records compose to local ε 5\.55/);
  });

  it('check warns (pram-rerun) when two PRAM releases of one spec randomize a column and the second lacks `rerun`', async () => {
    const dir = fresh(false);
    writeFileSync(
      join(dir, 's.privspec'),
      `${spec(false)}release q: pram diag, age retain 0.6\nrelease r: pram diag retain 0.7 rerun\n`,
    );
    let out = '';
    await runCli(['check', 's.privspec', '--format', 'json'], { out: (t) => (out += t), err: () => {}, cwd: dir });
    const warnings = JSON.parse(out).diagnostics.filter((d: { code: string }) => d.code === 'pram-rerun');
    assert.deepEqual(
      warnings.map((d: { line: number; message: string }) => [d.line, d.message.split(':')[0]]),
      [[11, "'q' randomizes diag again after 'p'"]],
    );
  });

  it('a dry run records nothing', async () => {
    const dir = fresh(false);
    assert.equal((await run(dir, ['release', 's.privspec', '--dry-run'])).code, 0);
    assert.equal(existsSync(ledgerFileSync(join(dir, 'd.csv'))), false);
  });
});
