import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli-isolated.js';
import { formatBudget } from '../../extension/budget-text.js';
import { loadSpecText, nodeServices } from '../../language/check-spec.js';
import { budgetWithLedger } from '../../language/lsp/privspec-requests.js';
import { PrivspecCodeLensProvider } from '../../language/lsp/privspec-code-lens.js';

// Issue 24 item 8: the status bar showed the plan, never the ledger — after two runs it still read the plan while the
// next run was refused. It now states both in the budget's notion, as one sum (issue 37 item 11: "ledger ε 0.8 spent +
// plan ε 0.8 = 1.6 of 1"-style sums, not an ambiguous pair): "ledger ε 0.6 spent + plan ε 0.3 = ε 0.9 of 1".
describe('privspec/budget: the status bar states the ledger beside the plan (issue 24)', function () {
  this.timeout(60_000);
  const services = nodeServices();
  const dir = mkdtempSync(join(tmpdir(), 'privspec-budget-status-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const spec = join(dir, 's.privspec');
  const text =
    'dataset d from "d.csv" { quasi sex  insensitive age }\nhierarchy sex { "M", "F" -> "*" }\nbudget { epsilon 1 }\nrelease by_sex: count by sex  laplace epsilon 0.3\n';
  writeFileSync(join(dir, 'd.csv'), 'sex,age\nF,30\nM,40\nF,50\n');
  writeFileSync(spec, text);
  const status = async () => budgetWithLedger(await loadSpecText(text, spec, services));

  it('reads "ledger ε 0 spent + plan ε 0.3 = ε 0.3 of 1" before any run; the ledger grows by ε 0.3 per run (hand-added)', async () => {
    assert.equal((await status()).status, 'ledger ε 0 spent + plan ε 0.3 = ε 0.3 of 1');
    for (const expected of [
      'ledger ε 0.3 spent + plan ε 0.3 = ε 0.6 of 1',
      'ledger ε 0.6 spent + plan ε 0.3 = ε 0.9 of 1',
    ]) {
      const code = await runCli(['release', 's.privspec', '--out', 'out'], { out: () => {}, err: () => {}, cwd: dir });
      assert.equal(code, 0);
      assert.equal((await status()).status, expected);
    }
    // The client shows the server's line as it is.
    assert.equal(formatBudget(await status())?.label, 'Budget: ledger ε 0.6 spent + plan ε 0.3 = ε 0.9 of 1');
    // The budget block's lens states the same sum once the ledger holds a spend (the newcomer tour read the plan alone
    // there, "Budget ε 0.3 of 1", beside the status bar's total).
    const lenses = await new PrivspecCodeLensProvider(services).provideCodeLens(
      await loadSpecText(text, spec, services),
    );
    assert.equal(lenses[0].command?.title, 'Budget: ledger ε 0.6 spent + plan ε 0.3 = ε 0.9 of 1');
  });
});
