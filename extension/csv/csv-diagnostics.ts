import * as vscode from 'vscode';
import type { Config } from '../config.js';
import type { CheckResult, CsvModel, RowViolation } from '../protocol.js';
import { isCsv, type CsvModels } from './csv-models.js';
import { violationMessage, summaryMessage } from './messages.js';
import { individualRiskDiagnostics } from './risk-diagnostics.js';
import type { TextChange } from '../workers/incremental-table.js';
import type { WorkerClient, WorkerError } from './worker-client.js';

export const diagnosticSource = 'privspec';
export const kViolationCode = 'k-anonymity';
/** A row whose class fails one of the spec's ℓ-diversity or t-closeness requirements (and is not below k). */
export const modelViolationCode = 'privacy-model';
/** The codes of the row markers that `Next ▸` walks through. */
export const rowMarkerCodes: readonly string[] = [kViolationCode, modelViolationCode];

/** A CSV's totals after a check: what the banner lens on line 1 says. */
export interface CheckSummary {
  readonly violatingRows: number;
  readonly violatingClasses: number;
  readonly k: number;
  readonly unit?: string;
  readonly headerLine: number;
  readonly sensitiveModels?: CheckResult['sensitiveModels'];
}

/** What a code action needs to know about one k-violation diagnostic. */
export interface ViolationInfo {
  readonly violation: RowViolation;
  readonly model: CsvModel;
  /** The worker's cache key of the check that produced it. */
  readonly key: string;
}

/**
 * Live k-anonymity diagnostics for open CSVs. Every open or edited CSV that has a model is sent to the worker after a
 * short debounce; the reply is turned into at most `maxDiagnostics` warnings plus one summary on the header line.
 * Replies for an older version of a document are dropped, because a newer check is already on its way.
 */
export class CsvDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('privspec-csv');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly infos = new Map<string, Map<vscode.Diagnostic, ViolationInfo>>();
  /** Per document: the last check's totals, for the banner lens on line 1. */
  private readonly summaries = new Map<string, CheckSummary>();
  /** Per document: the version last sent to the worker and the edits made since. */
  private readonly synced = new Map<string, { version: number; changes: TextChange[] }>();
  private readonly disposables: vscode.Disposable[] = [this.collection];
  private readonly checked = new vscode.EventEmitter<{ uri: vscode.Uri; result: CheckResult; totalMs: number }>();
  /** Fires after each completed check, with the time from the edit (or open) to the diagnostics being set. */
  readonly onDidCheck = this.checked.event;

  constructor(
    private readonly config: Config,
    private readonly models: CsvModels,
    private readonly worker: WorkerClient,
    private readonly log: (line: string) => void,
  ) {
    this.disposables.push(
      this.checked,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        // The edits since the worker's last check, so that a keystroke sends a few bytes instead of the whole file.
        this.synced
          .get(e.document.uri.toString())
          ?.changes.push(
            ...e.contentChanges.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })),
          );
        this.schedule(e.document, this.config.debounceMs(e.document.uri));
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d)),
      models.onDidChange(() => this.checkAll()),
    );
  }

  /** Checks every open CSV now. */
  checkAll(): void {
    for (const d of vscode.workspace.textDocuments) this.schedule(d, 0);
  }

  /** The last check's totals of a CSV, if it was checked. */
  summaryFor(uri: vscode.Uri): CheckSummary | undefined {
    return this.summaries.get(uri.toString());
  }

  /** The k-violation behind a diagnostic this class produced, if any. */
  infoFor(uri: vscode.Uri, diagnostic: vscode.Diagnostic): ViolationInfo | undefined {
    const map = this.infos.get(uri.toString());
    if (!map) return undefined;
    const exact = map.get(diagnostic);
    if (exact) return exact;
    // Code-action contexts carry copies of the diagnostics, so match them by position and message too.
    for (const [d, info] of map) {
      if (d.range.isEqual(diagnostic.range) && d.message === diagnostic.message) return info;
    }
    return undefined;
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!isCsv(document) || document.uri.scheme === 'git') return;
    const key = document.uri.toString();
    const requested = performance.now();
    const previous = this.timers.get(key);
    if (previous) clearTimeout(previous);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void this.check(document, requested);
      }, delay),
    );
  }

  private async check(document: vscode.TextDocument, requested: number): Promise<void> {
    const key = document.uri.toString();
    const resolved = this.config.csvDiagnosticsEnabled(document.uri) ? this.models.modelFor(document.uri) : undefined;
    if (!resolved) {
      this.collection.delete(document.uri);
      this.infos.delete(key);
      this.summaries.delete(key);
      return;
    }
    const version = document.version;
    const request = {
      kind: 'check' as const,
      key,
      version,
      delimiter: this.config.delimiter(document.uri) ?? resolved.delimiter,
      model: resolved.model,
      maxDiagnostics: this.config.maxDiagnostics(document.uri),
    };
    const sync = this.synced.get(key);
    this.synced.set(key, { version, changes: [] });
    try {
      let result: CheckResult;
      try {
        result = await this.worker.request(
          sync
            ? { ...request, edits: { baseVersion: sync.version, changes: sync.changes } }
            : { ...request, text: document.getText() },
        );
      } catch (error) {
        if ((error as WorkerError).code !== 'stale') throw error;
        // The worker has no check to apply the edits to (it restarted, or the last check failed): send the whole text,
        // unless the document moved on meanwhile, in which case the next check starts afresh.
        if (document.isClosed || document.version !== version) {
          this.synced.delete(key);
          return;
        }
        result = await this.worker.request({ ...request, text: document.getText() });
      }
      if (document.isClosed || document.version !== version) return;
      this.publish(document, key, resolved.model, resolved.origin, result);
      const totalMs = performance.now() - requested;
      this.log(
        `${vscode.workspace.asRelativePath(document.uri)}: ${result.rows} rows, ${result.classes} classes, ` +
          `${result.violatingRows} rows below k=${resolved.model.k} (worker ${result.elapsedMs.toFixed(0)} ms, edit to diagnostics ${totalMs.toFixed(0)} ms)`,
      );
      this.checked.fire({ uri: document.uri, result, totalMs });
    } catch (error) {
      if (document.isClosed || document.version !== version) return;
      const e = error as { message: string; line?: number; column?: number };
      if (e.message === 'cancelled') return;
      const line = Math.max(0, (e.line ?? 1) - 1);
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(line, Math.max(0, (e.column ?? 1) - 1), line, Number.MAX_SAFE_INTEGER),
        e.message,
        vscode.DiagnosticSeverity.Error,
      );
      diagnostic.source = diagnosticSource;
      this.collection.set(document.uri, [diagnostic]);
      this.infos.delete(key);
    }
  }

  private publish(
    document: vscode.TextDocument,
    key: string,
    model: CsvModel,
    origin: string,
    result: CheckResult,
  ): void {
    const diagnostics: vscode.Diagnostic[] = [];
    const infos = new Map<vscode.Diagnostic, ViolationInfo>();
    if (result.violatingRows > 0 || (result.sensitiveModels?.length ?? 0) > 0) {
      const summary = new vscode.Diagnostic(
        document.lineAt(Math.min(result.headerLine, document.lineCount - 1)).range,
        summaryMessage(result, model.k, origin),
        vscode.DiagnosticSeverity.Warning,
      );
      summary.source = diagnosticSource;
      summary.code = 'k-anonymity-summary';
      diagnostics.push(summary);
    }
    for (const v of result.violations) {
      // Only the quasi-identifier cells are underlined: one diagnostic per run of adjacent ones (usually one per row).
      const cells = v.cells.length > 0 ? v.cells : [[v.start, v.end] as const];
      for (const [start, end] of cells) {
        const d = new vscode.Diagnostic(
          new vscode.Range(v.line, start, v.line, end),
          violationMessage(v, model.k, result.unit),
          vscode.DiagnosticSeverity.Warning,
        );
        d.source = diagnosticSource;
        d.code = v.model ? modelViolationCode : kViolationCode;
        diagnostics.push(d);
        infos.set(d, { violation: v, model, key });
      }
    }
    diagnostics.push(...individualRiskDiagnostics(document, result, diagnosticSource));
    this.collection.set(document.uri, diagnostics);
    this.infos.set(key, infos);
    this.summaries.set(key, {
      violatingRows: result.violatingRows,
      violatingClasses: result.violatingClasses,
      k: model.k,
      unit: result.unit,
      headerLine: result.headerLine,
      ...(result.sensitiveModels ? { sensitiveModels: result.sensitiveModels } : {}),
    });
  }

  private forget(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.collection.delete(document.uri);
    this.infos.delete(key);
    this.summaries.delete(key);
    this.synced.delete(key);
    if (isCsv(document)) void this.worker.request({ kind: 'forget', key }).catch(() => undefined);
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const d of this.disposables) d.dispose();
  }
}
