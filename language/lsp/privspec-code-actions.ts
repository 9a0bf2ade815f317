import type { LangiumDocument } from 'langium';
import type { CodeActionProvider } from 'langium/lsp';
import { CodeActionKind, type CodeAction, type CodeActionParams } from 'vscode-languageserver';
import { IssueCodes } from '../issue-codes.js';

/** What a diagnostic carries for its quick fix (`data` survives the round trip to the client and back). */
export interface QuickFixData {
  code: string;
  /** The text that replaces the diagnostic's range. */
  replacement?: string;
}

/** Quick fixes: replace an unknown column by the column the did-you-mean names. */
export class PrivspecCodeActionProvider implements CodeActionProvider {
  getCodeActions(document: LangiumDocument, params: CodeActionParams): CodeAction[] {
    const actions: CodeAction[] = [];
    for (const diagnostic of params.context.diagnostics) {
      const data = diagnostic.data as QuickFixData | undefined;
      if (diagnostic.code !== IssueCodes.UnknownColumn || data?.replacement === undefined) continue;
      const text = /^[_a-zA-Z]\w*$/.test(data.replacement) ? data.replacement : JSON.stringify(data.replacement);
      actions.push({
        title: `Change to '${data.replacement}'`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [document.uri.toString()]: [{ range: diagnostic.range, newText: text }] } },
      });
    }
    return actions;
  }
}
