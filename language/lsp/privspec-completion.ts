import { AstUtils, GrammarAST, type FileSystemProvider, type LangiumDocument, type MaybePromise } from 'langium';
import {
  DefaultCompletionProvider,
  type CompletionAcceptor,
  type CompletionContext,
  type NextFeature,
} from 'langium/lsp';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CompletionItemKind,
  InsertTextFormat,
  type CancellationToken,
  type CompletionItem,
  type CompletionList,
  type CompletionParams,
  type Range,
} from 'vscode-languageserver';
import type { CsvStore } from '../../engine/host/sources/csv/csv-store.js';
import * as ast from '../generated/ast.js';
import { analyzeDocument, analyzeSpec, specPath } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';
import { choicesAt } from './completion-choices.js';
import { columnChoices, type ColumnSlot } from './completion-columns.js';
import { fileItems } from './completion-files.js';
import { SNIPPET_SLOTS, withColumns } from './snippet-columns.js';
import { completionPosition, type CompletionPosition } from './completion-position.js';
import { KeywordDocs } from './keyword-docs.js';
import { quoteColumn, quoteString } from '../quote-column.js';
import { datasetPlan } from '../privspec-to-engine.js';

const MAX_VALUES = 200;
/** Keywords that start a construct: accepting one inserts the whole construct, with tab stops. */
const CONSTRUCTS = new Set(['dataset', 'hierarchy', 'anonymity', 'budget', 'release']);

/**
 * Completion that knows where it is. The position is read from the tokens before the cursor (`completion-position.ts`)
 * and mapped to what may come there (`completion-choices.ts`): after a mechanism only its parameters, after
 * `release NAME:` the query kinds, after `by` / `where` / `sum` the columns allowed there, after `hierarchy COL:` the
 * builders, in `anonymity { }` and `budget { }` their clauses, after `accept` the two risks. Elsewhere Langium's
 * grammar-driven default answers. Every keyword carries the documentation hover shows (`keyword-docs.ts`); the
 * keywords that start a construct insert it as a snippet. Values inside `where col = "…"` come from a table the checker
 * has already read, so completion never waits for a scan.
 */
export class PrivspecCompletionProvider extends DefaultCompletionProvider {
  private readonly store: CsvStore;
  private readonly fileSystem: FileSystemProvider;

  constructor(services: PrivspecServices) {
    super(services);
    this.store = services.data.CsvStore;
    this.fileSystem = services.shared.workspace.FileSystemProvider;
  }

  override async getCompletion(
    document: LangiumDocument,
    params: CompletionParams,
    cancelToken?: CancellationToken,
  ): Promise<CompletionList | undefined> {
    const fromText = await this.completeFromText(document.textDocument, document, params);
    if (fromText) return fromText;
    const text = document.textDocument.getText();
    const offset = document.textDocument.offsetAt(params.position);
    const word = /[\w-]*$/.exec(text.slice(0, offset))![0];
    const range: Range = { start: document.textDocument.positionAt(offset - word.length), end: params.position };
    const list = await super.getCompletion(document, params, cancelToken);
    const columns =
      list &&
      (await this.snippetColumns(
        document,
        list.items.map((i) => i.label),
      ));
    if (list)
      list.items = list.items.map((item) =>
        item.kind === CompletionItemKind.Keyword && KeywordDocs[item.label]
          ? {
              ...keywordItem(
                item.label,
                item.textEdit && 'range' in item.textEdit ? item.textEdit.range : range,
                0,
                true,
                columns,
              ),
              sortText: item.sortText,
            }
          : item,
      );
    return list;
  }

  /**
   * The completion the text before the cursor decides alone — a file inside `from "…"`, the keywords or the columns
   * `completion-choices.ts` names — or undefined where the grammar's default must answer on a parse of `text`. `last`
   * is the document as last parsed, which may be a few keystrokes older than `text`: only its dataset block is read
   * (the data's file, the columns' roles, the hierarchies), with the header and the table the checker has read. So the
   * language server answers these at once, without waiting for the edit's build (completion-handler.ts).
   */
  async completeFromText(
    text: TextDocument,
    last: LangiumDocument,
    params: CompletionParams,
  ): Promise<CompletionList | undefined> {
    const content = text.getText();
    const offset = text.offsetAt(params.position);
    const position = completionPosition(content.slice(0, offset));
    const files = await this.fileCompletion(text, last, position, content, offset);
    if (files) return { isIncomplete: false, items: files };
    const choices = choicesAt(position);
    if (!choices) return undefined;
    const word = /[\w-]*$/.exec(content.slice(0, offset))![0];
    const range: Range = { start: text.positionAt(offset - word.length), end: params.position };
    if ('keywords' in choices) {
      const columns = await this.snippetColumns(last, choices.keywords);
      return { isIncomplete: false, items: choices.keywords.map((k, i) => keywordItem(k, range, i, false, columns)) };
    }
    if ('tables' in choices) return { isIncomplete: false, items: tableItems(last, choices.tables.except, range) };
    if ('keysOf' in choices) return { isIncomplete: false, items: await this.keyItems(last, choices.keysOf, range) };
    return { isIncomplete: false, items: await this.columnItems(last, choices.columns, range) };
  }

  /** The dataset's columns by slot, for the snippets among `keywords` that name columns (none to read otherwise). */
  private async snippetColumns(
    document: LangiumDocument,
    keywords: readonly string[],
  ): Promise<((slot: ColumnSlot) => readonly string[]) | undefined> {
    if (!keywords.some((k) => SNIPPET_SLOTS[k])) return undefined;
    const choices = await this.columnsBySlot(document);
    return choices && ((slot) => choices(slot).map((c) => c.name));
  }

  /** Inside `from "…"` of a dataset, a hierarchy or a correlation: the files that may be named there. */
  private async fileCompletion(
    textDocument: TextDocument,
    document: LangiumDocument,
    p: CompletionPosition,
    text: string,
    offset: number,
  ): Promise<CompletionItem[] | undefined> {
    if (!p.inString || p.tokens.at(-2) !== 'from') return undefined;
    const statement = p.statement;
    if (statement !== 'dataset' && statement !== 'hierarchy' && statement !== 'correlation') return undefined;
    const typed = /"([^"\r\n]*)$/.exec(text.slice(0, offset))?.[1] ?? '';
    const after = /^[^"\r\n]*"/.exec(text.slice(offset))?.[0];
    const range: Range = {
      start: textDocument.positionAt(offset - typed.length),
      end: textDocument.positionAt(after ? offset + after.length - 1 : offset),
    };
    const analysis = analyzeDocument(document);
    return fileItems(
      this.fileSystem,
      {
        statement,
        typed,
        spec: document.uri,
        dataFile: analysis.parts.dataset?.file,
        column: statement === 'hierarchy' ? p.rest[0]?.replace(/^"…"$/, '') || undefined : undefined,
        closed: after !== undefined,
      },
      range,
    );
  }

  protected override completionFor(
    context: CompletionContext,
    next: NextFeature,
    acceptor: CompletionAcceptor,
  ): MaybePromise<void> {
    const rule = AstUtils.getContainerOfType(next.feature, GrammarAST.isParserRule)?.name;
    // Keywords that may name a column are not suggestions.
    if (rule === 'Name' && GrammarAST.isKeyword(next.feature)) return;
    if (rule === 'ColumnRef' || rule === 'Name') return this.completeColumns(context, acceptor);
    if (rule === 'Value' && GrammarAST.isRuleCall(next.feature) && next.feature.rule.ref?.name === 'STRING')
      return this.completeValues(context, acceptor);
    return super.completionFor(context, next, acceptor);
  }

  /**
   * The columns the dataset's data has for each slot, read from its header and a table the checker has already read
   * (completion never waits for a scan); undefined where the spec names no readable data.
   */
  private async columnsBySlot(document: LangiumDocument) {
    const analysis = analyzeDocument(document);
    const dataset = analysis.dataset;
    if (!dataset?.file) return undefined;
    let header: readonly string[];
    try {
      header = (await this.store.header(dataset.file, dataset.delimiter)).header;
    } catch {
      return undefined;
    }
    const table = await this.store.peekTable(dataset.file);
    return (slot: ColumnSlot) => columnChoices(slot, header, analysis, table);
  }

  /**
   * The columns every one of `tables` has, in the first one's order: the key of `from T join U on K`, or the endpoint
   * columns of `count pairs from T (a, b)`. The key is offered even when it is the privacy unit: joining on it is what
   * ties each row to its person. Nothing is offered when a table is not declared or its header cannot be read.
   */
  private async keyItems(
    document: LangiumDocument,
    tables: readonly string[],
    range: Range,
  ): Promise<CompletionItem[]> {
    const spec = document.parseResult.value as ast.Spec;
    const headers: (readonly string[])[] = [];
    for (const name of tables) {
      const dataset = spec.datasets.find((d) => d.name === name);
      if (!dataset) return [];
      const plan = datasetPlan(dataset, specPath(document));
      try {
        headers.push((await this.store.header(plan.file, plan.delimiter)).header);
      } catch {
        return [];
      }
    }
    const shared = headers[0].filter((c) => headers.every((h) => h.includes(c)));
    const detail = tables.length > 1 ? `in ${tables.join(' and ')}` : `column of ${tables[0]}`;
    return shared.map((c, i) => {
      const label = quoteColumn(c);
      return {
        label,
        kind: CompletionItemKind.Field,
        detail,
        sortText: `0${String(i).padStart(3, '0')}`,
        textEdit: { range, newText: label },
      };
    });
  }

  private async columnItems(document: LangiumDocument, slot: ColumnSlot, range: Range): Promise<CompletionItem[]> {
    const choices = await this.columnsBySlot(document);
    if (!choices) return [];
    return choices(slot).map((c, i) => {
      const label = quoteColumn(c.name);
      return {
        label,
        kind: CompletionItemKind.Field,
        detail: c.detail,
        sortText: `0${String(i).padStart(3, '0')}`,
        textEdit: { range, newText: label },
      };
    });
  }

  /** The parser's column positions this provider does not classify itself (e.g. `clamp` after a typed column). */
  private async completeColumns(context: CompletionContext, acceptor: CompletionAcceptor): Promise<void> {
    const range: Range = {
      start: context.document.textDocument.positionAt(context.tokenOffset),
      end: context.position,
    };
    for (const item of await this.columnItems(context.document, 'role', range))
      acceptor(context, { ...item, textEdit: undefined });
  }

  private async completeValues(context: CompletionContext, acceptor: CompletionAcceptor): Promise<void> {
    const comparison = AstUtils.getContainerOfType(context.node, ast.isComparison);
    const name = comparison?.column?.name;
    const analysis = analyzeSpec(context.document.parseResult.value as ast.Spec, specPath(context.document));
    if (!name || !analysis.dataset || name === analysis.dataset.unit) return;
    const table = await this.store.peekTable(analysis.dataset.file);
    const column = table?.columns.find((c) => c.name === name);
    if (!column) return;
    for (const value of column.dictionary.slice(0, MAX_VALUES)) {
      acceptor(context, { label: quoteString(value), kind: CompletionItemKind.Value, detail: `value of ${name}` });
    }
  }
}

/** The spec's datasets but `except`, as the tables a release may read (`from T`, `join U`). */
function tableItems(document: LangiumDocument, except: string | undefined, range: Range): CompletionItem[] {
  const spec = document.parseResult.value as ast.Spec;
  return spec.datasets
    .filter((d) => d.name !== undefined && d.name !== except)
    .map((d, i) => ({
      label: d.name,
      kind: CompletionItemKind.Class,
      detail: d.clauses.some((c) => c.$type === 'UnitClause') ? 'dataset (carries the privacy unit)' : 'dataset',
      sortText: `0${String(i).padStart(3, '0')}`,
      textEdit: { range, newText: d.name },
    }));
}

/** A keyword with its shared documentation; constructs (or, where only one thing fits, any keyword) as a snippet. */
function keywordItem(
  keyword: string,
  range: Range,
  index: number,
  constructsOnly: boolean,
  columnsOf?: (slot: ColumnSlot) => readonly string[],
): CompletionItem {
  const doc = KeywordDocs[keyword];
  const written = doc?.snippet !== undefined && (!constructsOnly || CONSTRUCTS.has(keyword)) ? doc.snippet : undefined;
  const snippet = written !== undefined && columnsOf ? withColumns(keyword, written, columnsOf, quoteColumn) : written;
  return {
    label: keyword,
    kind: CompletionItemKind.Keyword,
    ...(doc ? { detail: doc.detail, documentation: { kind: 'markdown', value: doc.doc } } : {}),
    sortText: String(index).padStart(3, '0'),
    textEdit: { range, newText: snippet ?? keyword },
    ...(snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
  };
}
