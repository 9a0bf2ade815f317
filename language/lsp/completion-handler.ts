import { DocumentState, URI } from 'langium';
import { createRequestHandler, type LangiumSharedServices } from 'langium/lsp';
import type { CompletionList, CompletionParams, Connection } from 'vscode-languageserver';
import type { PrivspecServices } from '../privspec-module.js';
import type { PrivspecCompletionProvider } from './privspec-completion.js';

/**
 * The language server's completion request. Langium's own handler first waits until the edited document is parsed
 * and linked again, and a new build of it waits in turn for every request still reading the previous one (the
 * workspace lock lets no write start under a read): while the editor sends its symbol, token and lens requests after
 * each key, completion stood in that queue. Most positions are decided by the text before the cursor (a file, the
 * keywords, the columns: `PrivspecCompletionProvider.completeFromText`), and those are answered at once from the
 * editor's current text, the document as last parsed and what the checker has cached. The rest go through Langium's
 * handler, as before. Registered after `startLanguageServer`, so that it replaces Langium's.
 */
export function registerCompletionHandler(
  connection: Connection,
  shared: LangiumSharedServices,
  services: PrivspecServices,
): void {
  const provider = services.lsp.CompletionProvider as PrivspecCompletionProvider;
  const grammar = createRequestHandler(
    (s, document, params: CompletionParams, token) => s.lsp?.CompletionProvider?.getCompletion(document, params, token),
    shared,
    DocumentState.Linked,
  );
  connection.onCompletion(async (params, token): Promise<CompletionList | null> => {
    const text = shared.workspace.TextDocuments.get(params.textDocument.uri);
    const last = shared.workspace.LangiumDocuments.getDocument(URI.parse(params.textDocument.uri));
    if (text && last) {
      try {
        const list = await provider.completeFromText(text, last, params);
        if (list) return list;
      } catch {
        // Whatever the text alone could not answer, the handler that waits for the parse answers.
      }
    }
    const answer = await grammar(params, token);
    if (answer instanceof Error) throw answer;
    return answer ?? null;
  });
}
