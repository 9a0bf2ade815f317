import * as vscode from 'vscode';
import { detectDelimiter } from '../../engine/table/detect-delimiter.js';
import { parseCsv } from '../../engine/table/parse-csv.js';
import { isCsv, isSpec } from '../csv/csv-models.js';

/** The CSV a command acts on: the given one (from the explorer's context menu), else the active editor's. */
export async function activeCsv(uri?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  if (uri instanceof vscode.Uri) return vscode.workspace.openTextDocument(uri);
  const document = vscode.window.activeTextEditor?.document;
  if (document && isCsv(document)) return document;
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: { CSV: ['csv', 'tsv'] },
    title: 'Choose a CSV file',
  });
  return picked?.[0] && vscode.workspace.openTextDocument(picked[0]);
}

/**
 * The spec a command acts on: the given one, else the active editor's, else the only one in the workspace, else a pick.
 */
export async function activeSpec(uri?: vscode.Uri): Promise<vscode.Uri | undefined> {
  if (uri instanceof vscode.Uri) return uri;
  const document = vscode.window.activeTextEditor?.document;
  if (document && isSpec(document)) return document.uri;
  const specs = await vscode.workspace.findFiles('**/*.privspec', '**/node_modules/**', 50);
  if (specs.length === 1) return specs[0];
  if (specs.length === 0) {
    void vscode.window.showWarningMessage(
      'PrivSpec: no .privspec file in the workspace; run "PrivSpec: Create Spec from CSV" first.',
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    specs.map((s) => ({ label: vscode.workspace.asRelativePath(s), uri: s })),
    { title: 'Choose a spec' },
  );
  return picked?.uri;
}

/**
 * The header names of a CSV text: its first line, split on the delimiter (detected among `,` `;` tab `|` when not
 * given).
 */
export function headerOf(text: string, delimiter?: string): string[] {
  // The engine's reader, on the first record only: names come out exactly as the checks and releases will see them.
  const end = text.search(/\r?\n/);
  const line = end === -1 ? text : text.slice(0, end);
  if (line.replace(/^\uFEFF/, '') === '') return [];
  return parseCsv(`${line}\n`, { delimiter: delimiter ?? detectDelimiter(line) }).columns.map((c) => c.name);
}
