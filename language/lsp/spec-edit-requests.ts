/**
 * The spec edits and drafts the editor asks for, made where the spec is parsed: `privspec/levelEdit` pins a column to
 * a level in the anonymity block (the CSV quick fix "Generalize <column> to level L"), found on the syntax tree rather
 * than by scanning text, and `privspec/draftSpec` drafts a spec for a CSV (`Create Spec from CSV`). Both write names
 * with the language's one `quoteColumn`, so a column called `where` or `zip code` is quoted and the spec still parses.
 */
import { CstUtils, GrammarUtils, URI, type LangiumDocument } from 'langium';
import { RequestType, type Connection } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import {
  draftSpecRequestMethod,
  levelEditRequestMethod,
  type DraftSpecParams,
  type DraftSpecResponse,
  type LevelEditParams,
  type LevelEditResponse,
} from '../editor-request-types.js';
import type { PrivspecServices } from '../privspec-module.js';
import { quoteColumn } from '../quote-column.js';
import { draftColumns, renderSpec } from '../spec-draft.js';
import { toResponseError } from './request-errors.js';

export const levelEditRequest = new RequestType<LevelEditParams, LevelEditResponse, void>(levelEditRequestMethod);
export const draftSpecRequest = new RequestType<DraftSpecParams, DraftSpecResponse, void>(draftSpecRequestMethod);

/** One replacement of the document's text: offsets into it, and the new text. */
export interface OffsetEdit {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

/**
 * The edit that pins `column` to `level`: it replaces an earlier pin of the same column, else adds a clause before the
 * first anonymity block's `}` (on a line of its own, indented like the clause before it, when the brace has a line of
 * its own), else adds the block at the end of the spec. Undefined for a level below 1 or a block without its `}`.
 */
export function levelEdit(document: LangiumDocument, column: string, level: number): OffsetEdit | undefined {
  if (!Number.isInteger(level) || level < 1) return undefined;
  const text = document.textDocument.getText();
  const clause = `generalize ${quoteColumn(column)} ${level}`;
  const block = (document.parseResult.value as ast.Spec).anonymities[0];
  if (!block?.$cstNode) {
    const separator = text.length === 0 || text.endsWith('\n') ? '' : '\n';
    return { offset: text.length, length: 0, text: `${separator}anonymity { ${clause} }\n` };
  }
  const pin = block.clauses.find((c): c is ast.LevelClause => c.$type === 'LevelClause' && c.column?.name === column);
  if (pin?.$cstNode) return { offset: pin.$cstNode.offset, length: pin.$cstNode.length, text: clause };
  const close = CstUtils.findLeafNodeAtOffset(block.$cstNode, block.$cstNode.end - 1);
  if (close?.text !== '}') return undefined;
  const afterOpen = GrammarUtils.findNodeForKeyword(block.$cstNode, '{')?.end ?? block.$cstNode.offset;
  const lineStart = text.lastIndexOf('\n', close.offset - 1) + 1;
  if (text.slice(lineStart, close.offset).trim() === '' && lineStart > afterOpen) {
    const previousLine = text.slice(text.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1);
    const indent = /^\s*/.exec(previousLine)?.[0] || '  ';
    return { offset: lineStart, length: 0, text: `${indent}${clause}\n` };
  }
  const trimmed = text.slice(0, close.offset).replace(/\s+$/, '').length;
  return { offset: trimmed, length: close.offset - trimmed, text: `${trimmed > afterOpen ? '  ' : ' '}${clause} ` };
}

export function registerSpecEditRequests(connection: Connection, services: PrivspecServices): void {
  const documents = services.shared.workspace.LangiumDocuments;
  connection.onRequest(levelEditRequest, async (params) => {
    try {
      const document = await documents.getOrCreateDocument(URI.parse(params.uri));
      const edit = levelEdit(document, params.column, params.level);
      if (!edit) return null;
      const at = (offset: number) => document.textDocument.positionAt(offset);
      return { range: { start: at(edit.offset), end: at(edit.offset + edit.length) }, newText: edit.text };
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    }
  });
  connection.onRequest(draftSpecRequest, async (params) => {
    try {
      const table = await services.data.CsvStore.table(params.csvPath, params.delimiter);
      return renderSpec(params.relativePath, draftColumns(table), params.k, table.delimiter);
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    }
  });
}
