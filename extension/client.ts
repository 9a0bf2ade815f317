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
 * is missing.
 */
export function createClient(serverModule: string, output: vscode.OutputChannel): LanguageClient | undefined {
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
  };
  return new LanguageClient('privspec', 'PrivSpec Language Server', serverOptions, clientOptions);
}
