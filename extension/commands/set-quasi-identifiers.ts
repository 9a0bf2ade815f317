import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { activeCsv, headerOf } from './active-files.js';

/**
 * `PrivSpec: Set Quasi-Identifiers…` for a CSV that no spec names: pick its quasi-identifier columns (and k), stored in
 * the workspace settings under the CSV's workspace-relative path, which starts live diagnostics on it.
 */
export const setQuasiIdentifiers: CommandFactory = {
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const document = await activeCsv(uri);
    if (!document) return;
    const header = headerOf(document.getText(), ctx.config.delimiter(document.uri));
    if (header.length === 0) throw new Error(`${vscode.workspace.asRelativePath(document.uri)} has no header line`);
    const relative = vscode.workspace.asRelativePath(document.uri, false);
    const current = new Set(ctx.config.quasiIdentifiers(document.uri)[relative] ?? []);
    const specs = ctx.models.specsFor(document.uri);
    if (specs.length > 0) {
      void vscode.window.showInformationMessage(`PrivSpec: ${relative} is named by ${specs.map((s) => vscode.workspace.asRelativePath(s)).join(', ')}; its quasi-identifiers come from there.`);
    }
    const picked = await vscode.window.showQuickPick(
      header.map((name) => ({ label: name, picked: current.has(name) })),
      { canPickMany: true, title: `Quasi-identifiers of ${relative}`, placeHolder: 'Columns an attacker could know about a person (age, sex, zip, …)' },
    );
    if (!picked) return;
    await ctx.config.setQuasiIdentifiers(relative, picked.map((p) => p.label));
    ctx.diagnostics.checkAll();
  },
};
