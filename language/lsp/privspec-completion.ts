import { AstUtils, GrammarAST, type MaybePromise } from 'langium';
import { DefaultCompletionProvider, type CompletionAcceptor, type CompletionContext, type NextFeature } from 'langium/lsp';
import { CompletionItemKind } from 'vscode-languageserver';
import type { CsvStore } from '../../engine/node/csv-store.js';
import * as ast from '../generated/ast.js';
import { analyzeSpec, specPath } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';

const MAX_VALUES = 200;

/**
 * Completion: keywords (Langium's default), column names from the dataset's CSV header wherever a column goes
 * (hierarchy names are column names), and a column's category values inside `where col = …` / `in { … }`.
 * Only the header is read on demand; values come from a table the checker has already read, so completion never waits
 * for a scan.
 */
export class PrivspecCompletionProvider extends DefaultCompletionProvider {
  private readonly store: CsvStore;

  constructor(services: PrivspecServices) {
    super(services);
    this.store = services.data.CsvStore;
  }

  protected override completionFor(context: CompletionContext, next: NextFeature, acceptor: CompletionAcceptor): MaybePromise<void> {
    const rule = AstUtils.getContainerOfType(next.feature, GrammarAST.isParserRule)?.name;
    if (rule === 'Name' && GrammarAST.isKeyword(next.feature)) return; // Keywords that may name a column are not suggestions.
    if (rule === 'ColumnRef' || rule === 'Name') return this.completeColumns(context, acceptor);
    if (rule === 'Value' && GrammarAST.isRuleCall(next.feature) && next.feature.rule.ref?.name === 'STRING') return this.completeValues(context, acceptor);
    return super.completionFor(context, next, acceptor);
  }

  private async completeColumns(context: CompletionContext, acceptor: CompletionAcceptor): Promise<void> {
    const spec = context.document.parseResult.value as ast.Spec;
    const analysis = analyzeSpec(spec, specPath(context.document));
    const file = analysis.dataset?.file;
    if (!file) return;
    let header: readonly string[];
    try {
      header = (await this.store.header(file, analysis.dataset?.delimiter)).header;
    } catch {
      return;
    }
    const roles = new Map<string, string>();
    for (const c of analysis.parts.dataset?.clauses ?? []) if (c.$type === 'RoleClause') for (const col of c.columns) roles.set(col.name, c.role);
    for (const name of header) {
      const label = /^[_a-zA-Z]\w*$/.test(name) ? name : JSON.stringify(name);
      const detail = [roles.get(name), analysis.parts.hierarchies.has(name) ? 'has hierarchy' : undefined].filter(Boolean).join(', ');
      acceptor(context, { label, kind: CompletionItemKind.Field, detail: detail || 'column', sortText: `0${label}` });
    }
  }

  private async completeValues(context: CompletionContext, acceptor: CompletionAcceptor): Promise<void> {
    const comparison = AstUtils.getContainerOfType(context.node, ast.isComparison);
    const name = comparison?.column?.name;
    const analysis = analyzeSpec(context.document.parseResult.value as ast.Spec, specPath(context.document));
    if (!name || !analysis.dataset) return;
    const table = await this.store.peekTable(analysis.dataset.file);
    const column = table?.columns.find((c) => c.name === name);
    if (!column) return;
    for (const value of column.dictionary.slice(0, MAX_VALUES)) {
      acceptor(context, { label: JSON.stringify(value), kind: CompletionItemKind.Value, detail: `value of ${name}` });
    }
  }
}
