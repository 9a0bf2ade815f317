import * as vscode from 'vscode';
import type { Ctx } from '../ctx.js';
import { levelEditRequestMethod, type LevelEditParams, type LevelEditResponse } from '../protocol.js';
import { kViolationCode, modelViolationCode, diagnosticSource } from './csv-diagnostics.js';
import { fixTitle } from './fix-words.js';

/**
 * Quick fixes on a k-violation, in the data's words and the least information lost first: "Zip with its last 1
 * character masked: 81931 → 8193* — in visits.privspec (resolves 3 rows)", "Suppress age entirely — …", which edit the
 * spec (never the CSV), and "Show the rows of this class". The fixes are computed in the worker on demand, from the
 * last check.
 */
export class CsvCodeActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly ctx: Ctx) {}

  async provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
    token: vscode.CancellationToken,
  ): Promise<vscode.CodeAction[]> {
    const actions: vscode.CodeAction[] = [];
    const seen = new Set<number>();
    for (const diagnostic of context.diagnostics) {
      // The summary on the header line: its fix is to go where the flagged rows are (often thousands of lines down).
      if (diagnostic.source === diagnosticSource && diagnostic.code === 'k-anonymity-summary') {
        const go = new vscode.CodeAction('Go to the first flagged row', vscode.CodeActionKind.QuickFix);
        go.diagnostics = [diagnostic];
        go.command = { command: 'privspec.nextViolation', title: go.title, arguments: [document.uri] };
        actions.push(go);
        continue;
      }
      if (diagnostic.source !== diagnosticSource) continue;
      if (diagnostic.code !== kViolationCode && diagnostic.code !== modelViolationCode) continue;
      const info = this.ctx.diagnostics.infoFor(document.uri, diagnostic);
      if (!info || seen.has(info.violation.classId)) continue;
      seen.add(info.violation.classId);
      const spec = info.model.spec;
      // The generalizations offered are the ones that lift the class to k (the worker's k check); for a class that
      // fails ℓ-diversity or t-closeness they would not be the answer, so only its rows are offered there.
      if (spec && !info.violation.model) {
        try {
          // No cancellation token here: cancelling a worker request ends the thread, and with it the kept checks of
          // every open CSV. The fixes take milliseconds, so a superseded request simply runs to the end and is dropped.
          const fixes = await this.ctx.worker.request({
            kind: 'fixes',
            key: info.key,
            classId: info.violation.classId,
          });
          if (token.isCancellationRequested) return [];
          const client = this.ctx.client;
          if (client) {
            const specUri = vscode.Uri.file(spec.uri);
            // The language server owns every edit of a spec: it finds the anonymity block on its syntax tree. The
            // edits are asked together: in a window just opened the server may still be checking the workspace's
            // specs, and one wait is better than one per fix.
            const edits = await Promise.all(
              fixes.map((fix) =>
                client.sendRequest<LevelEditResponse>(levelEditRequestMethod, {
                  uri: client.code2ProtocolConverter.asUri(specUri),
                  column: fix.column,
                  level: fix.level,
                } satisfies LevelEditParams),
              ),
            );
            if (token.isCancellationRequested) return [];
            fixes.forEach((fix, i) => {
              const edit = edits[i];
              if (!edit) return;
              const action = new vscode.CodeAction(
                fixTitle(fix, info.model.hierarchies[fix.column], spec.name),
                vscode.CodeActionKind.QuickFix,
              );
              action.diagnostics = [diagnostic];
              action.edit = new vscode.WorkspaceEdit();
              action.edit.replace(specUri, client.protocol2CodeConverter.asRange(edit.range), edit.newText);
              if (actions.length === 0) action.isPreferred = true;
              actions.push(action);
            });
          }
        } catch (error) {
          this.ctx.output.appendLine(`quick fixes for ${document.uri.fsPath}: ${(error as Error).message}`);
        }
      }
      const show = new vscode.CodeAction('Show the rows of this class', vscode.CodeActionKind.QuickFix);
      show.diagnostics = [diagnostic];
      show.command = {
        command: 'privspec.showClassRows',
        title: show.title,
        arguments: [document.uri, info.key, info.violation.classId, diagnostic.range.start],
      };
      actions.push(show);
    }
    return actions;
  }
}
