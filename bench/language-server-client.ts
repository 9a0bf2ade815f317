// A minimal client of the built language server (dist/language-server.cjs) over stdio, for benches that time what the
// editor waits for: one spec open, its edits as incremental changes, requests, and the diagnostics it publishes.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver/node';

const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'language-server.cjs');

export interface Published {
  readonly version: number | undefined;
  readonly errors: number;
  readonly warnings: number;
}

export class LanguageServerClient {
  private version = 1;
  private text = '';
  private readonly listeners = new Set<(p: Published) => void>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: MessageConnection,
    readonly uri: string,
  ) {
    connection.onNotification(
      'textDocument/publishDiagnostics',
      (p: { uri: string; version?: number; diagnostics: { severity?: number }[] }) => {
        if (p.uri !== uri) return;
        const published = {
          version: p.version,
          errors: p.diagnostics.filter((d) => d.severity === 1).length,
          warnings: p.diagnostics.filter((d) => d.severity === 2).length,
        };
        for (const l of this.listeners) l(published);
      },
    );
    // The server asks the client things (configuration, lens refreshes): answered with nothing.
    connection.onRequest(() => null);
    connection.onNotification(() => undefined);
  }

  /** Starts the server with `folder` as its workspace and opens `file` (a .privspec in it) with `text`. */
  static async open(folder: string, file: string, text: string): Promise<LanguageServerClient> {
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    connection.listen();
    const folderUri = pathToFileURL(folder).toString();
    const client = new LanguageServerClient(child, connection, pathToFileURL(file).toString());
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folderUri,
      workspaceFolders: [{ uri: folderUri, name: 'bench' }],
      capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } } },
    });
    await connection.sendNotification('initialized', {});
    client.text = text;
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: client.uri, languageId: 'privspec', version: client.version, text },
    });
    return client;
  }

  /** The next diagnostics of the current version (or a later one) that satisfy `accept`. */
  diagnostics(accept: (p: Published) => boolean = () => true): Promise<Published> {
    const version = this.version;
    return new Promise((resolve) => {
      const listener = (p: Published) => {
        if ((p.version === undefined || p.version >= version) && accept(p)) {
          this.listeners.delete(listener);
          resolve(p);
        }
      };
      this.listeners.add(listener);
    });
  }

  /** Replaces `length` characters at `offset` by `insert`, as one incremental change (one key press when short). */
  async edit(offset: number, length: number, insert: string): Promise<void> {
    const start = this.position(offset);
    const end = this.position(offset + length);
    this.text = this.text.slice(0, offset) + insert + this.text.slice(offset + length);
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri, version: ++this.version },
      contentChanges: [{ range: { start, end }, text: insert }],
    });
  }

  /** The labels completion offers at `offset`. */
  async complete(offset: number): Promise<string[]> {
    const list = await this.connection.sendRequest<{ items: { label: string }[] } | { label: string }[] | null>(
      'textDocument/completion',
      { textDocument: { uri: this.uri }, position: this.position(offset) },
    );
    return (Array.isArray(list) ? list : (list?.items ?? [])).map((i) => i.label);
  }

  get current(): string {
    return this.text;
  }

  position(offset: number): { line: number; character: number } {
    const before = this.text.slice(0, offset).split('\n');
    return { line: before.length - 1, character: before.at(-1)!.length };
  }

  async close(): Promise<void> {
    await this.connection.sendRequest('shutdown').catch(() => undefined);
    await this.connection.sendNotification('exit').catch(() => undefined);
    this.connection.dispose();
    if (this.child.exitCode === null) this.child.kill();
  }
}
