import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';

/** What a walkthrough button may run on the file it opened: the commands its steps are about, nothing else. */
const THEN = [
  'privspec.nextViolation',
  'privspec.previewRelease',
  'privspec.runRelease',
  'privspec.showLedger',
  'privspec.showRiskReport',
] as const;

/** Resolves when `uri` has diagnostics (the CSV check runs in a worker after the file opens), or after `ms`. */
function diagnosticsOf(uri: vscode.Uri, ms: number): Promise<void> {
  if (vscode.languages.getDiagnostics(uri).length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const listener = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString()) && vscode.languages.getDiagnostics(uri).length > 0)
        done();
    });
  });
}

/**
 * The walkthrough's buttons (hidden from the palette): opens a file of the example workspace by its path in the
 * workspace and, when asked, runs one of the steps' commands on it — on a CSV, `privspec.nextViolation` goes to the
 * first flagged row once the check has flagged it, and `quickFix: true` then opens the quick-fix menu there.
 */
export const openExampleFile: CommandFactory = {
  enabled: () => async (path: string, then?: string, options?: { quickFix?: boolean }) => {
    if (typeof path !== 'string') return;
    const found = (vscode.workspace.workspaceFolders ?? []).map((f) => vscode.Uri.joinPath(f.uri, path));
    let uri: vscode.Uri | undefined;
    for (const candidate of found) {
      if (
        await vscode.workspace.fs.stat(candidate).then(
          () => true,
          () => false,
        )
      ) {
        uri = candidate;
        break;
      }
    }
    if (!uri) {
      const open = await vscode.window.showWarningMessage(
        `PrivSpec: this workspace has no ${path}; open the example workspace first.`,
        'Open Example Workspace',
      );
      if (open) await vscode.commands.executeCommand('privspec.openExampleWorkspace');
      return;
    }
    await vscode.window.showTextDocument(uri, { preview: false });
    if (!then || !(THEN as readonly string[]).includes(then)) return;
    if (then === 'privspec.nextViolation') await diagnosticsOf(uri, 30000);
    await vscode.commands.executeCommand(then, uri);
    if (then === 'privspec.nextViolation' && options?.quickFix)
      await vscode.commands.executeCommand('editor.action.quickFix');
  },
};
