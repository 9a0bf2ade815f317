import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { activeCsv, headerOf } from './active-files.js';

/**
 * `PrivSpec: Set Quasi-Identifiers…` for a CSV that no spec names: pick its quasi-identifier columns (and k), stored in
 * the workspace settings under the CSV's workspace-relative path, which starts live diagnostics on it. For a CSV a spec
 * names it says so and opens the spec at its `quasi` line instead: the spec decides, and a setting would be ignored.
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
      // The spec decides: a setting would be ignored, so say where to change them and stop (no picker to fill in vain).
      const name = vscode.workspace.asRelativePath(specs[0]);
      const open = await vscode.window.showInformationMessage(
        `PrivSpec: ${relative} is named by ${specs.map((s) => vscode.workspace.asRelativePath(s)).join(', ')}; its quasi-identifiers are the spec's 'quasi' line. Edit them there.`,
        `Open ${name}`,
      );
      if (open) {
        const spec = await vscode.window.showTextDocument(vscode.Uri.file(specs[0]));
        const at = spec.document.getText().search(/^\s*quasi\b/m);
        if (at >= 0) spec.selection = new vscode.Selection(spec.document.positionAt(at), spec.document.positionAt(at));
      }
      return;
    }
    const picked = await vscode.window.showQuickPick(
      header.map((name) => ({ label: name, picked: current.has(name) })),
      {
        canPickMany: true,
        title: `Quasi-identifiers of ${relative}`,
        placeHolder: 'Columns an attacker could know about a person (age, sex, zip, …)',
      },
    );
    if (!picked) return;
    await ctx.config.setQuasiIdentifiers(
      relative,
      picked.map((p) => p.label),
    );
    ctx.diagnostics.checkAll();
  },
};
