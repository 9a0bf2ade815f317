import * as vscode from 'vscode';
import { detectDelimiter } from '../../engine/table/detect-delimiter.js';
import type { Config } from '../config.js';
import { fieldRanges } from '../workers/line-index.js';
import { columnRoles, headerHover, roleLegend, roleTokenTypes } from './column-roles.js';
import type { CsvModels } from './csv-models.js';
import { headerOf } from '../commands/active-files.js';

/** The legend VS Code colours by: one token type per role (package.json maps each to a TextMate scope). */
export const columnRoleLegend = new vscode.SemanticTokensLegend(
  roleTokenTypes.map((r) => `privspec-${r}`),
  [],
);

/**
 * Colours each CSV cell by its column's role in the spec (identifying, unit, quasi-identifier, sensitive, undeclared)
 * and explains the role on a hover over the header. Tokens are computed for the visible range only, so a 100,000-row
 * file costs what a screenful costs.
 */
export class CsvColumnRoles implements vscode.DocumentRangeSemanticTokensProvider, vscode.HoverProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeSemanticTokens = this.changed.event;

  constructor(
    private readonly models: CsvModels,
    private readonly config: Config,
  ) {
    models.onDidChange(() => this.changed.fire());
  }

  private context(document: vscode.TextDocument) {
    const resolved = this.models.modelFor(document.uri);
    if (!resolved || document.lineCount === 0) return undefined;
    const first = document.lineAt(0).text;
    const delimiter = this.config.delimiter(document.uri) ?? resolved.delimiter ?? detectDelimiter(first);
    const header = headerOf(first, delimiter);
    return { resolved, delimiter, header, roles: columnRoles(header, resolved.model, resolved.dataset !== undefined) };
  }

  provideDocumentRangeSemanticTokens(
    document: vscode.TextDocument,
    range: vscode.Range,
  ): vscode.SemanticTokens | undefined {
    const c = this.context(document);
    if (!c) return undefined;
    const builder = new vscode.SemanticTokensBuilder(columnRoleLegend);
    const last = Math.min(range.end.line, document.lineCount - 1);
    for (let line = range.start.line; line <= last; line++) {
      const text = document.lineAt(line).text;
      if (text === '') continue;
      fieldRanges(text, c.delimiter).forEach(([start, end], i) => {
        const role = c.roles[i];
        if (role && end > start) builder.push(line, start, end - start, roleTokenTypes.indexOf(role), 0);
      });
    }
    return builder.build();
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (position.line !== 0) return undefined;
    const c = this.context(document);
    if (!c) return undefined;
    const ranges = fieldRanges(document.lineAt(0).text, c.delimiter);
    const i = ranges.findIndex(([s, e]) => position.character >= s && position.character <= e);
    if (i < 0 || c.header[i] === undefined) return undefined;
    const legend = roleLegend(c.header, c.roles);
    const text = `${headerHover(c.header[i], c.roles[i], c.resolved.model, c.resolved.dataset, c.resolved.origin)}${legend ? `\n\n---\n\n${legend}` : ''}`;
    return new vscode.Hover(new vscode.MarkdownString(text), new vscode.Range(0, ranges[i][0], 0, ranges[i][1]));
  }
}
