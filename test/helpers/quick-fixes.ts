import type { LangiumDocument } from 'langium';
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import type { nodeEditorServices } from '../../language/privspec-module.js';

/** The code actions the editor offers for one diagnostic, as the client asks for them (its range, it alone). */
export async function actionsFor(
  services: ReturnType<typeof nodeEditorServices>,
  document: LangiumDocument,
  d: Diagnostic,
): Promise<CodeAction[]> {
  return (await services.lsp.CodeActionProvider!.getCodeActions(document, {
    textDocument: { uri: document.uri.toString() },
    range: d.range,
    context: { diagnostics: [d] },
  })) as CodeAction[];
}
