import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { Config } from '../config.js';
import {
  csvModelsChangedNotificationMethod,
  csvModelsRequestMethod,
  type CsvModel,
  type CsvModelsResponse,
  type SpecDatasetModel,
} from '../protocol.js';
import { pluralWord } from '../../engine/core/plural.js';

/** The model one CSV is checked against, with where it came from and the delimiter its source asks for. */
export interface ResolvedModel {
  readonly model: CsvModel;
  readonly delimiter?: string;
  /** Human-readable origin for messages: the spec's file name, or "workspace settings". */
  readonly origin: string;
  /** The spec's dataset, when a spec names the CSV. */
  readonly dataset?: SpecDatasetModel;
}

/**
 * Knows, for every CSV, which quasi-identifiers, k and hierarchies it is checked against: those of a workspace spec
 * that names the CSV, or else those stored in the workspace settings by `PrivSpec: Set Quasi-Identifiers…`.
 * The specs' facts come from the language server (`privspec/csvModels`), which has parsed every workspace spec and
 * says when one changed (`privspec/csvModelsChanged`); the extension never parses a spec itself.
 */
export class CsvModels implements vscode.Disposable {
  private datasets: readonly SpecDatasetModel[] = [];
  /** Per CSV path: the spec in charge of it when several name it (kept, so that a new spec does not take over). */
  private readonly chosen = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private client: LanguageClient | undefined;
  private subscription: vscode.Disposable | undefined;

  constructor(
    private readonly config: Config,
    private readonly log: (line: string) => void,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // k and the settings' quasi-identifiers are read on every lookup; the checks only need to run again.
        if (e.affectsConfiguration('privspec')) this.changed.fire();
      }),
    );
  }

  /** Follows a (re)started language server: asks for the models now and whenever the server says they changed. */
  attach(client: LanguageClient): void {
    this.client = client;
    this.subscription?.dispose();
    this.subscription = client.onNotification(csvModelsChangedNotificationMethod, () => void this.refresh());
    void this.refresh();
  }

  /** Asks the language server for every spec's dataset model. */
  async refresh(): Promise<void> {
    const client = this.client;
    if (!client?.isRunning()) return;
    try {
      const response = await client.sendRequest<CsvModelsResponse>(csvModelsRequestMethod);
      if (client !== this.client) return;
      this.datasets = response.datasets;
      this.changed.fire();
    } catch (error) {
      this.log(`could not get the specs' CSV models from the language server: ${(error as Error).message}`);
    }
  }

  /** Resolves once the models satisfy `ready` (after the server re-parsed an edited spec), or after `timeoutMs`. */
  async until(ready: (datasets: readonly SpecDatasetModel[]) => boolean, timeoutMs: number): Promise<boolean> {
    if (ready(this.datasets)) return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const subscription = this.onDidChange(() => ready(this.datasets) && finish(true));
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        subscription.dispose();
        resolve(ok);
      };
    });
  }

  /**
   * The model of the CSV at `uri`, or undefined when neither a spec nor the settings name its quasi-identifiers. When
   * several specs name the CSV, the one chosen for it (by Anonymize's question, or the first that named it) stays in
   * charge, and the origin says which others name it: a new draft never takes over the diagnostics silently.
   */
  modelFor(uri: vscode.Uri): ResolvedModel | undefined {
    // A dataset without quasi-identifiers says nothing about k-anonymity; the settings may still name some.
    const naming = this.datasets.filter((x) => samePath(x.csvPath, uri.fsPath) && x.qi.length > 0);
    const key = uri.fsPath;
    const d = naming.find((x) => x.specPath === this.chosen.get(key)) ?? naming[0];
    if (d) {
      this.chosen.set(key, d.specPath);
      const resolved = this.resolve(d, uri);
      const others = naming.filter((x) => x !== d).map((x) => x.specName);
      return others.length === 0
        ? resolved
        : {
            ...resolved,
            origin: `${d.specName}; ${others.join(', ')} also ${pluralWord(others.length, 'names', 'name')} this file`,
          };
    }
    const relative = vscode.workspace.asRelativePath(uri, false);
    const qi = this.config.quasiIdentifiers(uri)[relative];
    if (!qi || qi.length === 0) return undefined;
    return { model: { qi, k: this.config.defaultK(uri), hierarchies: {}, levels: {} }, origin: 'workspace settings' };
  }

  /** A spec's dataset as the worker's CSV model; k from the settings when the spec states none. */
  resolve(d: SpecDatasetModel, scope?: vscode.Uri): ResolvedModel {
    const model: CsvModel = {
      qi: d.qi,
      k: d.k ?? this.config.defaultK(scope),
      identifying: d.identifying,
      sensitive: d.sensitive,
      ...(d.unit !== undefined ? { unit: d.unit } : {}),
      ...(d.weight !== undefined ? { weight: d.weight, ...riskThresholdOf(this.config.riskThreshold(scope)) } : {}),
      ...(d.anonymity
        ? {
            requirements: {
              criteria: d.anonymity.requirements,
              suppression: d.anonymity.suppression,
              metric: d.anonymity.metric,
            },
          }
        : {}),
      samplingFraction: d.samplingFraction,
      hierarchies: d.hierarchies,
      levels: d.levels,
      spec: { uri: d.specPath, name: d.specName },
    };
    return { model, delimiter: d.delimiter, origin: d.specName, dataset: d };
  }

  /** Puts `specPath`'s dataset in charge of the CSV at `uri` (its diagnostics, banner and fixes follow). */
  choose(uri: vscode.Uri, specPath: string): void {
    if (this.chosen.get(uri.fsPath) === specPath) return;
    this.chosen.set(uri.fsPath, specPath);
    this.changed.fire();
  }

  /** The datasets of every spec that names the CSV at `uri`. */
  datasetsFor(uri: vscode.Uri): SpecDatasetModel[] {
    return this.datasets.filter((d) => samePath(d.csvPath, uri.fsPath));
  }

  /** Specs that name the CSV at `uri`. */
  specsFor(uri: vscode.Uri): string[] {
    return this.datasets.filter((d) => samePath(d.csvPath, uri.fsPath)).map((d) => d.specPath);
  }

  /** Every spec's datasets, for commands that pick a spec. */
  all(): readonly SpecDatasetModel[] {
    return this.datasets;
  }

  dispose(): void {
    this.subscription?.dispose();
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

/** The setting's threshold, or none: the engine's default applies then (individual-risk-flags.ts). */
function riskThresholdOf(threshold: number | undefined): { riskThreshold?: number } {
  return threshold === undefined ? {} : { riskThreshold: threshold };
}
