import type { LangiumDocument } from 'langium';
import type { CodeLensProvider } from 'langium/lsp';
import type { CodeLens } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import { analyzeDocument } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';
import { PreviewReleaseCommand, RunReleaseCommand, ShowLedgerCommand, type RunReleaseParams } from '../protocol.js';
import { documentLedger, ledgerAndPlanLine, runsIn, unaffordable } from './ledger-request.js';
import { budgetLabel, releaseCostLens } from './readable-costs.js';

/**
 * "▶ Run" above every release (shown disabled, "▶ Run — not affordable: ledger ε 0.8 spent + this ε 0.4 > budget ε 1",
 * when the data's ledger cannot afford it), "spent 2026-11-23" once the ledger records a run of it (opens the ledger
 * view), (the client's `privspec.runRelease` command runs it through `privspec/runRelease`) and "Budget ε 0.9 of 1"
 * above the budget block, and beside each DP release what it adds and the total after it ("ε 0.5 · plan ε 0.9 of 1"),
 * in the budget's accounting notion (engine/release/cost-text.ts), three significant digits. Figures are labels: VS
 * Code shows a lens whose command is the empty string as plain text, which is what a figure with nothing to run should
 * be.
 */
export class PrivspecCodeLensProvider implements CodeLensProvider {
  constructor(_services: PrivspecServices) {}

  async provideCodeLens(document: LangiumDocument): Promise<CodeLens[]> {
    const spec = document.parseResult.value as ast.Spec;
    // One read of the ledger for the "spent DATE" lenses and ▶ Run's affordability; an unreadable ledger shows neither.
    const ledger = await documentLedger(document).then(
      (l) => l.ledger,
      () => undefined,
    );
    const runs = ledger ? runsIn(ledger) : new Map<string, { at: string; spent: boolean }>();
    const lenses: CodeLens[] = [];
    const analysis = analyzeDocument(document);
    const budget = analysis.parts.budget;
    if (budget?.$cstNode) {
      const over = analysis.summary.releases.some((r) => r.overrun);
      // Once the ledger holds a spend, the lens states the status bar's sum (ledger + plan against the limit): the
      // newcomer tour read "Budget ρ 0.11 of 0.147" here and "ρ 0.13 of 0.147" in the status bar after a run.
      const figures =
        ledger && ledger.entries.some((e) => !e.notPrivate && e.microdata === undefined)
          ? `: ${ledgerAndPlanLine(analysis, ledger.entries)}`
          : ` ${budgetLabel(analysis)}`;
      lenses.push({
        range: budget.$cstNode.range,
        command: { title: `Budget${figures}${over ? ' — overrun' : ''}`, command: '' },
      });
    }
    for (const release of spec.releases) {
      if (!release.$cstNode || !release.name) continue;
      const args: RunReleaseParams = { uri: document.uri.toString(), release: release.name };
      lenses.push({
        range: release.$cstNode.range,
        command: {
          title: '▶ Preview',
          tooltip: 'Preview this release: its figures, error and risk, before anything is spent or written',
          command: PreviewReleaseCommand,
          arguments: [{ uri: args.uri, release: release.name }],
        },
      });
      const plan = analysis.plans.find((p) => p.node === release);
      // A run the ledger cannot afford is shown disabled, with the sum that refuses it: a lens with an empty command is
      // plain text in VS Code.
      const refused = plan && ledger ? unaffordable(analysis, ledger, plan) : undefined;
      lenses.push({
        range: release.$cstNode.range,
        command: refused
          ? {
              title: `▶ Run — ${refused}`,
              // The title says "not affordable"; the tooltip says it in a sentence, with the sum once (it read "cannot
              // afford this release: not affordable: …" on the newcomer tour).
              tooltip: `The data's ledger cannot afford this release: ${refused.replace(/^not affordable: /, '')}. Lower its cost or raise the budget (privspec budget raise, recorded).`,
              command: '',
            }
          : { title: '▶ Run', command: RunReleaseCommand, arguments: [args] },
      });
      const cost = plan && releaseCostLens(analysis, plan);
      if (cost) lenses.push({ range: release.$cstNode.range, command: { title: cost, command: '' } });
      const last = runs.get(release.name);
      if (last)
        lenses.push({
          range: release.$cstNode.range,
          command: {
            title: `${last.spent ? 'spent' : 'released'} ${last.at.slice(0, 10)}`,
            tooltip: `last run ${last.at.replace('T', ' ').slice(0, 16)} UTC (see PrivSpec: Show Ledger)`,
            command: ShowLedgerCommand,
            arguments: [{ uri: document.uri.toString() }],
          },
        });
    }
    return lenses;
  }
}
