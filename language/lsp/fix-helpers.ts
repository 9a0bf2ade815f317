/**
 * What every quick fix needs: the diagnostic's document, analysis and data, the syntax node the diagnostic sits on,
 * and edits written as text replacements. The fixes themselves are in `budget-fixes.ts`, `release-fixes.ts` and
 * `anonymity-fixes.ts`; `privspec-code-actions.ts` dispatches on the diagnostic's code.
 */
import { AstUtils, CstUtils, GrammarUtils, type AstNode, type FileSystemProvider, type LangiumDocument } from 'langium';
import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type Position,
  type Range,
  type TextEdit,
} from 'vscode-languageserver';
import { readsAtSource, type CsvStore } from '../../engine/host/sources/csv/csv-store.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import { frequencyTableOf } from '../../engine/table/frequency-table-of.js';
import type { Table } from '../../engine/table/table.js';
import type * as ast from '../generated/ast.js';
import { analyzeDocument, type SpecAnalysis } from '../privspec-analysis.js';

export interface FixContext {
  readonly document: LangiumDocument;
  readonly diagnostic: Diagnostic;
  readonly analysis: SpecAnalysis;
  readonly store: CsvStore;
  /** The spec a text parses to (none when it has syntax errors), for a fix that tries its edit before offering it. */
  readonly parse?: (text: string) => ast.Spec | undefined;
  /** The workspace's files, for a fix that offers one (a hierarchy file beside the data). */
  readonly fileSystem?: FileSystemProvider;
}

export type Fixer = (c: FixContext) => CodeAction[] | Promise<CodeAction[]>;

export function fixContext(
  document: LangiumDocument,
  diagnostic: Diagnostic,
  store: CsvStore,
  parse?: (text: string) => ast.Spec | undefined,
  fileSystem?: FileSystemProvider,
): FixContext {
  return {
    document,
    diagnostic,
    analysis: analyzeDocument(document),
    store,
    ...(parse ? { parse } : {}),
    ...(fileSystem ? { fileSystem } : {}),
  };
}

/** A quick fix that applies `edits` to the diagnostic's document. */
export function quickFix(c: FixContext, title: string, edits: TextEdit[], preferred = false): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [c.diagnostic],
    ...(preferred ? { isPreferred: true } : {}),
    edit: { changes: { [c.document.uri.toString()]: edits } },
  };
}

/** The innermost node of a type at the start of the diagnostic's range. */
export function nodeAt<T extends AstNode>(c: FixContext, is: (n: AstNode) => n is T): T | undefined {
  const root = c.document.parseResult.value.$cstNode;
  if (!root) return undefined;
  const offset = c.document.textDocument.offsetAt(c.diagnostic.range.start);
  const leaf = CstUtils.findLeafNodeAtOffset(root, offset);
  return leaf ? AstUtils.getContainerOfType(leaf.astNode, is) : undefined;
}

/** The release a diagnostic names in its data, or the one it sits on. */
export function releaseOf(c: FixContext): ast.Release | undefined {
  const name = (c.diagnostic.data as { release?: string } | undefined)?.release;
  const spec = c.document.parseResult.value as ast.Spec;
  return (
    (name !== undefined ? spec.releases.find((r) => r.name === name) : undefined) ??
    nodeAt(c, (n): n is ast.Release => n.$type === 'Release')
  );
}

export function rangeOf(node: AstNode, property?: string): Range | undefined {
  const cst = property === undefined ? node.$cstNode : GrammarUtils.findNodeForProperty(node.$cstNode, property);
  return cst?.range;
}

export const replace = (range: Range, newText: string): TextEdit => ({ range, newText });
export const insert = (at: Position, newText: string): TextEdit => ({ range: { start: at, end: at }, newText });

/** Inserts text just before a block's closing `}` (the last token of the node). */
export function insertBeforeClose(node: AstNode, text: string): TextEdit | undefined {
  const close = node.$cstNode && CstUtils.findLeafNodeAtOffset(node.$cstNode, node.$cstNode.end - 1);
  return close?.text === '}' ? insert(close.range.start, text) : undefined;
}

/** A new line after a node's last line. */
export function insertLineAfter(node: AstNode, line: string): TextEdit | undefined {
  const end = node.$cstNode?.range.end;
  return end ? insert(end, `\n${line}`) : undefined;
}

/**
 * Rounds down (or up) to three significant digits, so that a suggested figure is readable and still on the safe side.
 */
export function round3(x: number, direction: 'down' | 'up'): number {
  if (!(x > 0) || !Number.isFinite(x)) return x;
  const step = 10 ** (Math.floor(Math.log10(x)) - 2);
  const n = x / step;
  // A value already on the grid (up to floating-point noise) stays where it is.
  const snapped =
    Math.abs(n - Math.round(n)) < 1e-9 ? Math.round(n) : direction === 'down' ? Math.floor(n) : Math.ceil(n);
  return Number((snapped * step).toPrecision(3));
}

/** A number as a spec writes it (no exponent for everyday figures). */
export const numberText = (x: number) => String(Number(x.toPrecision(12)));

/**
 * The dataset's table, read if needed (a quick fix is asked for once, so it may wait for a read); never for a dataset
 * read at its source (a Parquet file, a database table), whose rows the editor does not read: see `frequenciesOf`.
 */
export async function tableOf(c: FixContext): Promise<Table | undefined> {
  const d = c.analysis.dataset;
  if (!d || readsAtSource(d.file)) return undefined;
  try {
    return (await c.store.peekTable(d.file)) ?? (await c.store.table(d.file, d.delimiter));
  } catch {
    return undefined;
  }
}

/**
 * The dataset's frequency table over `columns`: the source's (cached by the store) for a Parquet file or a database
 * table, the table's own for a CSV — all a fix that counts classes or lists values reads.
 */
export async function frequenciesOf(c: FixContext, columns: readonly string[]): Promise<FrequencyTable | undefined> {
  const d = c.analysis.dataset;
  if (!d) return undefined;
  try {
    if (readsAtSource(d.file)) return await c.store.frequencies(d.file, columns);
    const table = await tableOf(c);
    return table && columns.every((n) => table.columns.some((x) => x.name === n))
      ? frequencyTableOf(table, columns)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The dataset's column names, from its header (a CSV's first line, a Parquet schema, a database's catalogue). */
export async function columnNames(c: FixContext): Promise<readonly string[] | undefined> {
  const d = c.analysis.dataset;
  if (!d) return undefined;
  try {
    return (await c.store.header(d.file, d.delimiter)).header;
  } catch {
    return undefined;
  }
}

/** The values a column of the dataset holds (a CSV column's dictionary; the distinct values of the source's column). */
export async function columnValues(c: FixContext, name: string): Promise<readonly string[] | undefined> {
  const d = c.analysis.dataset;
  if (!d) return undefined;
  if (!readsAtSource(d.file)) return (await tableOf(c))?.columns.find((x) => x.name === name)?.dictionary;
  return (await frequenciesOf(c, [name]))?.columns[0]?.dictionary;
}
