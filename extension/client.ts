import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

/**
 * Creates the client of the privspec language server (`dist/language-server.cjs`), run as a Node child process over
 * IPC, so that parsing and checking specs never runs on the extension host's thread. Returns undefined when the bundle
 * is missing. With `timed`, each completion's round trip from this client to the server and back is reported to it:
 * the real-editor test prints it beside the time the user sees, so that a slow list can be put on the server or on
 * the editor.
 */
export function createClient(
  serverModule: string,
  output: vscode.OutputChannel,
  timed?: (line: string) => void,
): LanguageClient | undefined {
  if (!existsSync(serverModule)) {
    output.appendLine(`language server not found at ${serverModule}; .privspec files get no diagnostics`);
    return undefined;
  }
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'privspec' }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{privspec,csv,tsv}') },
    middleware: timed && {
      provideCompletionItem: async (document, position, context, token, next) => {
        const started = performance.now();
        const list = await next(document, position, context, token);
        const items = Array.isArray(list) ? list.length : (list?.items.length ?? 0);
        timed(
          `completion: the language server answered in ${Math.round(performance.now() - started)} ms (${items} items)`,
        );
        return list;
      },
    },
  };
  return new LanguageClient('privspec', 'PrivSpec Language Server', serverOptions, clientOptions);
}
