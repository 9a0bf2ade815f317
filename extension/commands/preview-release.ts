import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { isSpec } from '../csv/csv-models.js';
import { PreviewPanel } from '../preview/preview-panel.js';
import { activeSpec } from './active-files.js';

/**
 * `PrivSpec: Preview Release` (also the "▶ Preview" lens, which passes `{ uri, release }`): the release-preview panel.
 * From the palette it previews the release under the cursor, or asks which one.
 */
export const previewRelease: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (arg?: vscode.Uri | { uri: string; release: string }) => {
    const client = ctx.client;
    if (!client) return;
    if (arg && !(arg instanceof vscode.Uri)) {
      PreviewPanel.show(ctx.extension.extensionUri, client, vscode.Uri.parse(arg.uri), arg.release, (line) =>
        ctx.log(line),
      );
      return;
    }
    const spec = await activeSpec(arg);
    if (!spec) return;
    const document = await vscode.workspace.openTextDocument(spec);
    const names = [...document.getText().matchAll(/^\s*release\s+([A-Za-z_][\w-]*)\s*:/gm)].map((m) => ({
      name: m[1],
      line: document.positionAt(m.index ?? 0).line,
    }));
    if (names.length === 0) {
      void vscode.window.showWarningMessage(
        `PrivSpec: ${vscode.workspace.asRelativePath(spec)} has no release to preview.`,
      );
      return;
    }
    const editor = vscode.window.activeTextEditor;
    const atCursor =
      editor && isSpec(editor.document) && editor.document.uri.toString() === spec.toString()
        ? [...names].reverse().find((n) => n.line <= editor.selection.active.line)
        : undefined;
    const picked =
      atCursor ??
      (names.length === 1
        ? names[0]
        : await vscode.window.showQuickPick(
            names.map((n) => ({ label: n.name, name: n.name })),
            { title: 'Preview which release?' },
          ));
    if (picked) PreviewPanel.show(ctx.extension.extensionUri, client, spec, picked.name, (line) => ctx.log(line));
  },
};
