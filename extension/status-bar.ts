import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { budgetRequestMethod, type BudgetParams, type BudgetResult } from './protocol.js';
import { formatBudget } from './budget-text.js';

/** The waits before asking again for a spec the server does not hold yet: about 10 s in all. */
const retryDelaysMs = [250, 500, 1000, 2000, 3000, 3500];

/**
 * The status-bar item with the active spec's budget use ("ε 0.9 / 1.0"), asked of the language server through
 * `privspec/budget` whenever a spec becomes active or changes. It turns to the error colour when the spec overspends.
 */
export class BudgetStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('privspec.budget', vscode.StatusBarAlignment.Left, 50);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.item.name = 'PrivSpec budget';
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.schedule();
      }),
      vscode.workspace.onDidSaveTextDocument(() => this.schedule()),
    );
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), 300);
  }

  async refresh(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document;
    const client = this.client();
    if (!document || document.languageId !== 'privspec' || !client?.isRunning()) {
      this.item.hide();
      return;
    }
    const generation = ++this.generation;
    try {
      const params: BudgetParams = { uri: client.code2ProtocolConverter.asUri(document.uri) };
      let budget = await client.sendRequest<BudgetResult>(budgetRequestMethod, params);
      // Right after the server starts it may not hold the spec yet (it answers null until its workspace is loaded):
      // the newcomer tour saw no budget on the first spec opened until another editor was chosen. Ask again a few
      // times, as long as nothing newer was asked.
      for (let attempt = 0; !budget && attempt < retryDelaysMs.length; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
        if (generation !== this.generation || !client.isRunning()) return;
        budget = await client.sendRequest<BudgetResult>(budgetRequestMethod, params);
      }
      if (generation !== this.generation) return;
      const text = formatBudget(budget);
      if (!text) {
        this.item.hide();
        return;
      }
      this.item.text = `$(shield) ${text.label}`;
      this.item.tooltip = text.tooltip;
      this.item.backgroundColor = text.overrun ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
      this.item.show();
    } catch {
      // A server that does not (yet) answer the request leaves the item hidden rather than showing stale figures.
      if (generation === this.generation) this.item.hide();
    }
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
