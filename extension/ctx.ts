import { appendFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { createClient } from './client.js';
import { Config } from './config.js';
import { CsvDiagnostics } from './csv/csv-diagnostics.js';
import { CsvModels } from './csv/csv-models.js';
import { WorkerClient } from './csv/worker-client.js';
import { BudgetStatus } from './status-bar.js';

/** A command body; arguments come from the palette (none), code actions or other commands. */
// VS Code passes a command's arguments untyped (registerCommand's callback takes any[]); each command types its own
// parameters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reason is above
export type Cmd = (...args: any[]) => unknown;

/**
 * One entry of the command table, as in rust-analyzer: `enabled` builds the command; a command that needs the language
 * server and finds it stopped says so instead of failing obscurely.
 */
export interface CommandFactory {
  readonly enabled: (ctx: Ctx) => Cmd;
  readonly needsServer?: boolean;
}

/**
 * Everything the extension owns while it is active: configuration, the language client, the CSV worker, the
 * diagnostics, the status bar and every disposable. Commands receive the Ctx and reach everything through it.
 */
export class Ctx implements vscode.Disposable {
  readonly config = new Config();
  readonly output = vscode.window.createOutputChannel('PrivSpec');
  /**
   * The worker for live diagnostics; long jobs (anonymize) get a worker of their own so that cancelling them spares it.
   */
  readonly worker: WorkerClient;
  readonly models: CsvModels;
  readonly diagnostics: CsvDiagnostics;
  private client_: LanguageClient | undefined;
  private readonly budget: BudgetStatus;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.worker = new WorkerClient(this.asset('csv-diagnostics-worker.cjs'));
    const log = (line: string) => this.log(line);
    this.models = new CsvModels(this.config, log);
    this.diagnostics = new CsvDiagnostics(this.config, this.models, this.worker, log);
    // A worker that crashed lost the checks it kept for the quick fixes; check the open CSVs again.
    this.worker.onRestart = () => {
      log('the CSV worker stopped unexpectedly and was restarted');
      this.diagnostics.checkAll();
    };
    this.budget = new BudgetStatus(() => this.client_);
    this.disposables.push(this.output, this.worker, this.models, this.diagnostics, this.budget);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration(async (e) => {
        if (!Config.requiresServerRestart.some((key) => e.affectsConfiguration(key))) return;
        const answer = await vscode.window.showInformationMessage(
          'PrivSpec: the language server setting changed.',
          'Restart Server',
        );
        if (answer) await this.startServer();
      }),
    );
    extension.subscriptions.push(this);
  }

  /**
   * Writes one line to the PrivSpec output channel and, when `PRIVSPEC_LOG_FILE` names a file, appends it there too,
   * so that timings can be read by scripts (the end-to-end tests print them).
   */
  log(line: string): void {
    this.output.appendLine(line);
    const file = process.env.PRIVSPEC_LOG_FILE;
    if (file) {
      try {
        appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
      } catch {
        // Logging must never break the extension.
      }
    }
  }

  get client(): LanguageClient | undefined {
    return this.client_;
  }

  /** The path of a bundled file under `dist/`. */
  asset(name: string): string {
    return path.join(this.extension.extensionPath, 'dist', name);
  }

  /** Starts (or restarts) the language server; the extension keeps working without it, minus spec diagnostics. */
  /** Asks the server again for the status bar's ledger and plan (after a run changed the ledger). */
  refreshBudget(): void {
    void this.budget.refresh();
  }

  async startServer(): Promise<void> {
    await this.stopServer();
    // Completion's round trip is logged only for a script that reads the log file (the real-editor test).
    const timed = process.env.PRIVSPEC_LOG_FILE ? (line: string) => this.log(line) : undefined;
    const client = createClient(this.config.serverPath() ?? this.asset('language-server.cjs'), this.output, timed);
    if (!client) return;
    this.client_ = client;
    try {
      await client.start();
      void this.budget.refresh();
      // The CSV checks take their specs' facts from this server from now on.
      this.models.attach(client);
    } catch (error) {
      this.log(`the language server failed to start: ${(error as Error).message}`);
      this.client_ = undefined;
    }
  }

  async stopServer(): Promise<void> {
    const client = this.client_;
    this.client_ = undefined;
    if (client?.isRunning()) await client.stop().catch(() => undefined);
  }

  /** Registers the command table under `privspec.<name>`. */
  registerCommands(table: Readonly<Record<string, CommandFactory>>): void {
    for (const [name, factory] of Object.entries(table)) {
      const body = factory.enabled(this);
      const command = factory.needsServer
        ? (...args: unknown[]) =>
            this.client_?.isRunning()
              ? body(...args)
              : void vscode.window.showErrorMessage(
                  'PrivSpec: the language server is not running (see the PrivSpec output).',
                )
        : body;
      this.disposables.push(
        vscode.commands.registerCommand(`privspec.${name}`, async (...args: unknown[]) => {
          try {
            return await command(...args);
          } catch (error) {
            // Commands report failures as one line, in the notification and in the output channel; the stack only with
            // PRIVSPEC_DEBUG=1, as everywhere in privspec.
            const message = (error as Error).message ?? String(error);
            const debug = process.env.PRIVSPEC_DEBUG === '1' ? (error as Error).stack : undefined;
            this.output.appendLine(`privspec.${name} failed: ${debug ?? message}`);
            void vscode.window.showErrorMessage(`PrivSpec: ${message}`);
            return undefined;
          }
        }),
      );
    }
  }

  push(...disposables: vscode.Disposable[]): void {
    this.disposables.push(...disposables);
  }

  dispose(): void {
    void this.stopServer();
    for (const d of this.disposables.reverse()) d.dispose();
  }
}
