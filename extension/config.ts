import * as vscode from 'vscode';

/** The delimiter setting: `auto` lets the parser detect one of `,` `;` tab `|`. */
export type DelimiterSetting = 'auto' | ',' | ';' | '\t' | '|';

/**
 * Typed getters over the `privspec.*` settings, in the manner of rust-analyzer's Config:
 * every read goes through one private `get` so that a renamed key fails in one place.
 */
export class Config {
  static readonly section = 'privspec';

  /** Keys whose change needs the language server to restart; the others are read on every use. */
  static readonly requiresServerRestart = ['privspec.server.path'];

  private get<T>(key: string, fallback: T, scope?: vscode.ConfigurationScope): T {
    return vscode.workspace.getConfiguration(Config.section, scope).get<T>(key) ?? fallback;
  }

  /** The delimiter to parse CSVs with, or undefined to detect it. */
  delimiter(scope?: vscode.ConfigurationScope): string | undefined {
    const value = this.get<string>('delimiter', 'auto', scope);
    if (value === 'auto' || value === '') return undefined;
    return value === '\\t' || value === 'tab' ? '\t' : value;
  }

  /** At most this many row diagnostics per CSV; a summary on the header line gives the total. */
  maxDiagnostics(scope?: vscode.ConfigurationScope): number {
    const value = this.get<number>('maxDiagnostics', 1000, scope);
    return Number.isFinite(value) && value >= 0 ? Math.floor(value) : 1000;
  }

  /** The k used for CSVs that no spec names. */
  defaultK(scope?: vscode.ConfigurationScope): number {
    const value = this.get<number>('k', 5, scope);
    return Number.isFinite(value) && value >= 1 ? Math.floor(value) : 5;
  }

  /**
   * Quasi-identifiers per CSV, keyed by the CSV's workspace-relative path (set by `PrivSpec: Set Quasi-Identifiers…`).
   */
  quasiIdentifiers(scope?: vscode.ConfigurationScope): Record<string, string[]> {
    const value = this.get<Record<string, unknown>>('quasiIdentifiers', {}, scope);
    const result: Record<string, string[]> = {};
    for (const [file, columns] of Object.entries(value ?? {})) {
      if (Array.isArray(columns)) result[file] = columns.filter((c): c is string => typeof c === 'string');
    }
    return result;
  }

  /**
   * Records whose survey-weighted individual risk exceeds this are flagged in the CSV. Undefined when the setting is
   * not a number within [0, 1]: the engine's default threshold (DEFAULT_INDIVIDUAL_RISK_THRESHOLD, sdcMicro's floor)
   * applies then, in the CSV's flags and in the risk report alike.
   */
  riskThreshold(scope?: vscode.ConfigurationScope): number | undefined {
    const value = this.get<number | undefined>('risk.threshold', undefined, scope);
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
  }

  /** Whether CSV diagnostics run at all. */
  csvDiagnosticsEnabled(scope?: vscode.ConfigurationScope): boolean {
    return this.get<boolean>('csvDiagnostics.enabled', true, scope);
  }

  /** Milliseconds to wait after the last edit before re-checking a CSV. */
  debounceMs(scope?: vscode.ConfigurationScope): number {
    const value = this.get<number>('csvDiagnostics.debounceMs', 100, scope);
    return Number.isFinite(value) && value >= 0 ? value : 100;
  }

  /** A language server bundle to run instead of the one shipped in the extension (for developing the server). */
  serverPath(): string | undefined {
    const value = this.get<string>('server.path', '');
    return value === '' ? undefined : value;
  }

  /** Writes the quasi-identifiers of one CSV into the workspace settings, keeping the other CSVs' entries. */
  async setQuasiIdentifiers(relativePath: string, columns: readonly string[]): Promise<void> {
    const configuration = vscode.workspace.getConfiguration(Config.section);
    const current = { ...this.quasiIdentifiers() };
    if (columns.length === 0) delete current[relativePath];
    else current[relativePath] = [...columns];
    await configuration.update('quasiIdentifiers', current, vscode.ConfigurationTarget.Workspace);
  }
}
