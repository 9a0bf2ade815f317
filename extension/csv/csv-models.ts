import * as vscode from 'vscode';
import type { Config } from '../config.js';
import type { CsvModel, SpecDataset } from '../protocol.js';
import type { WorkerClient } from './worker-client.js';

/** The model one CSV is checked against, with where it came from and the delimiter its source asks for. */
export interface ResolvedModel {
  readonly model: CsvModel;
  readonly delimiter?: string;
  /** Human-readable origin for messages: the spec's file name, or "workspace settings". */
  readonly origin: string;
}

/**
 * Knows, for every CSV, which quasi-identifiers, k and hierarchies it is checked against: those of a workspace spec
 * that names the CSV, or else those stored in the workspace settings by `PrivSpec: Set Quasi-Identifiers…`.
 * Specs are parsed in the worker (the language package is too heavy for the extension host's thread); this class only
 * keeps the index and says when it changed.
 */
export class CsvModels implements vscode.Disposable {
  private bySpec = new Map<string, SpecDataset[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly config: Config,
    private readonly worker: WorkerClient,
    private readonly log: (line: string) => void,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.privspec');
    this.disposables.push(
      watcher,
      watcher.onDidCreate((uri) => this.reindex([uri])),
      watcher.onDidChange((uri) => this.reindex([uri])),
      watcher.onDidDelete((uri) => {
        this.bySpec.delete(uri.fsPath);
        this.changed.fire();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (isSpec(e.document) && e.contentChanges.length > 0) this.schedule(e.document.uri);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        // A spec without an anonymity block takes k from the settings, so a new default k means reading the specs again.
        if (e.affectsConfiguration('privspec.k')) void this.indexWorkspace();
        else if (e.affectsConfiguration('privspec')) this.changed.fire();
      }),
    );
  }

  /** Parses every spec in the workspace; call once at activation. */
  async indexWorkspace(): Promise<void> {
    const uris = await vscode.workspace.findFiles('**/*.privspec', '**/node_modules/**', 200);
    await this.reindex(uris);
  }

  private schedule(uri: vscode.Uri): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reindex([uri]), 150);
  }

  private async reindex(uris: readonly vscode.Uri[]): Promise<void> {
    if (uris.length === 0) return;
    const specs = await Promise.all(uris.map(async (uri) => ({ path: uri.fsPath, text: await readText(uri) })));
    try {
      const datasets = await this.worker.request({
        kind: 'specModels',
        specs: specs.filter((s) => s.text !== undefined) as { path: string; text: string }[],
        defaultK: this.config.defaultK(),
      });
      for (const uri of uris) this.bySpec.set(uri.fsPath, []);
      for (const d of datasets) this.bySpec.get(d.specPath)?.push(d);
      this.changed.fire();
    } catch (error) {
      this.log(`could not read the specs ${uris.map((u) => u.fsPath).join(', ')}: ${(error as Error).message}`);
    }
  }

  /** The model of the CSV at `uri`, or undefined when neither a spec nor the settings name its quasi-identifiers. */
  modelFor(uri: vscode.Uri): ResolvedModel | undefined {
    for (const datasets of this.bySpec.values()) {
      // A dataset without quasi-identifiers says nothing about k-anonymity; the settings may still name some.
      const d = datasets.find((x) => samePath(x.csvPath, uri.fsPath) && x.model.qi.length > 0);
      if (d) return { model: d.model, delimiter: d.delimiter, origin: d.model.spec?.name ?? 'a spec' };
    }
    const relative = vscode.workspace.asRelativePath(uri, false);
    const qi = this.config.quasiIdentifiers(uri)[relative];
    if (!qi || qi.length === 0) return undefined;
    return { model: { qi, k: this.config.defaultK(uri), hierarchies: {}, levels: {} }, origin: 'workspace settings' };
  }

  /** Specs that name the CSV at `uri`. */
  specsFor(uri: vscode.Uri): string[] {
    return [...this.bySpec.entries()].filter(([, ds]) => ds.some((d) => samePath(d.csvPath, uri.fsPath))).map(([spec]) => spec);
  }

  /** Every spec's datasets, for commands that pick a spec. */
  all(): SpecDataset[] {
    return [...this.bySpec.values()].flat();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

export function isSpec(document: vscode.TextDocument): boolean {
  return document.languageId === 'privspec' || document.uri.path.endsWith('.privspec');
}

export function isCsv(document: vscode.TextDocument): boolean {
  return document.languageId === 'csv' || /\.(csv|tsv)$/i.test(document.uri.path);
}

function samePath(a: string, b: string): boolean {
  return a === b || a.replace(/\\/g, '/') === b.replace(/\\/g, '/');
}

/** The text of an open document (with unsaved edits), else of the file; undefined when it cannot be read. */
async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
