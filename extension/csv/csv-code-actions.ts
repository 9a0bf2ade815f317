import * as vscode from 'vscode';
import type { Ctx } from '../ctx.js';
import { levelEdit } from '../spec/level-edit.js';
import { kViolationCode, diagnosticSource } from './csv-diagnostics.js';

/**
 * Quick fixes on a k-violation: "Generalize <column> to level L in <spec> (resolves N rows)", which edits the spec (never
 * the CSV), and "Show the rows of this class". The fixes are computed in the worker on demand, from the last check.
 */
export class CsvCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly ctx: Ctx) {}

  async provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext, token: vscode.CancellationToken): Promise<vscode.CodeAction[]> {
    const actions: vscode.CodeAction[] = [];
    const seen = new Set<number>();
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== diagnosticSource || diagnostic.code !== kViolationCode) continue;
      const info = this.ctx.diagnostics.infoFor(document.uri, diagnostic);
      if (!info || seen.has(info.violation.classId)) continue;
      seen.add(info.violation.classId);
      const spec = info.model.spec;
      if (spec) {
        try {
          // No cancellation token here: cancelling a worker request ends the thread, and with it the kept checks of every
          // open CSV. The fixes take milliseconds, so a superseded request simply runs to the end and is dropped.
          const fixes = await this.ctx.worker.request({ kind: 'fixes', key: info.key, classId: info.violation.classId });
          if (token.isCancellationRequested) return [];
          const specUri = vscode.Uri.file(spec.uri);
          const specText = new TextDecoder().decode(await vscode.workspace.fs.readFile(specUri));
          const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === specUri.toString());
          const text = open?.getText() ?? specText;
          for (const fix of fixes) {
            const edit = levelEdit(text, fix.column, fix.level);
            if (!edit) continue;
            const action = new vscode.CodeAction(
              `Generalize ${fix.column} to level ${fix.level} in ${spec.name} (resolves ${fix.resolves} ${fix.resolves === 1 ? 'row' : 'rows'})`,
              vscode.CodeActionKind.QuickFix,
            );
            action.diagnostics = [diagnostic];
            action.edit = new vscode.WorkspaceEdit();
            const position = (offset: number) => (open ? open.positionAt(offset) : positionAt(text, offset));
            action.edit.replace(specUri, new vscode.Range(position(edit.offset), position(edit.offset + edit.length)), edit.text);
            if (actions.length === 0) action.isPreferred = true;
            actions.push(action);
          }
        } catch (error) {
          this.ctx.output.appendLine(`quick fixes for ${document.uri.fsPath}: ${(error as Error).message}`);
        }
      }
      const show = new vscode.CodeAction('Show the rows of this class', vscode.CodeActionKind.QuickFix);
      show.diagnostics = [diagnostic];
      show.command = { command: 'privspec.showClassRows', title: show.title, arguments: [document.uri, info.key, info.violation.classId, diagnostic.range.start] };
      actions.push(show);
    }
    return actions;
  }
}

/** The position of a character offset in a text that is not open in an editor. */
function positionAt(text: string, offset: number): vscode.Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return new vscode.Position(line, offset - (before.lastIndexOf('\n') + 1));
}
