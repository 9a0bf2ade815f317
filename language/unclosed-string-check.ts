/**
 * A string without its closing quote is one error at the string, with the quick fix that closes it. The grammar's
 * STRING ends at the end of its line (privspec.langium), so the parser reads the unclosed string as a string and the
 * lines after it as they are: before, the rest of the file became the string (a file name ending in "\nhierarchy ") or
 * a cascade of "Expecting token …" errors.
 */
import { CstUtils, type LangiumDocument, type ValidationAcceptor } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import type * as ast from './generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import type { PrivspecServices } from './privspec-module.js';
import { isClosedString } from './privspec-text.js';

/**
 * The string closed where it most likely ends: before a block or list that follows it on its line (`"people.csv {`
 * reads `"people.csv" {`, since a file name rarely ends in ` {`), else at the end of the line.
 */
function closed(token: string): string {
  const m = /^(.*?\S)(\s+[{}:,;][^"]*)$/.exec(token);
  return m ? `${m[1]}"${m[2]}` : `${token}"`;
}

export function checkUnclosedStrings(spec: ast.Spec, accept: ValidationAcceptor): void {
  const root = spec.$cstNode;
  if (!root) return;
  for (const leaf of CstUtils.flattenCst(root)) {
    if (leaf.tokenType.name !== 'STRING' || isClosedString(leaf.text)) continue;
    accept('error', 'unclosed string: a string ends at the end of its line; add the closing "', {
      node: leaf.astNode,
      range: leaf.range,
      code: IssueCodes.UnclosedString,
      data: { code: IssueCodes.UnclosedString, replacement: closed(leaf.text) },
    });
  }
}

export function registerUnclosedStringCheck(services: PrivspecServices): void {
  services.validation.ValidationRegistry.register<ast.PrivspecAstType>(
    { Spec: checkUnclosedStrings },
    undefined,
    'fast',
  );
}

const before = (a: Diagnostic['range']['start'], b: Diagnostic['range']['start']) =>
  a.line < b.line || (a.line === b.line && a.character <= b.character);

/**
 * The diagnostics without those an unclosed string causes: the parser's complaint about the token after it (the
 * string took the line's `{` or `:`), and any check of the string's value (a file named `people.csv {` is not found).
 * The `unclosed-string` error says what to fix; once the string is closed, whatever remains is reported again.
 */
export function withoutUnclosedStringConsequences(document: LangiumDocument, diagnostics: Diagnostic[]): Diagnostic[] {
  const root = document.parseResult.value.$cstNode;
  if (!root) return diagnostics;
  const unclosed = CstUtils.flattenCst(root)
    .filter((leaf) => leaf.tokenType.name === 'STRING' && !isClosedString(leaf.text))
    .map((leaf) => leaf.range)
    .toArray();
  if (unclosed.length === 0) return diagnostics;
  // A parser error's range is its token's: the one the parser met right after the unclosed string (the next
  // non-blank character, on a later line since the string ends its line).
  const text = document.textDocument.getText();
  const afterUnclosed = unclosed.map((r) => {
    const end = document.textDocument.offsetAt(r.end);
    const next = end + (/^\s*/.exec(text.slice(end))?.[0].length ?? 0);
    return document.textDocument.positionAt(next);
  });
  return diagnostics.filter((d) => {
    if (d.code === IssueCodes.UnclosedString) return true;
    const onString = unclosed.some((r) => before(r.start, d.range.start) && before(d.range.end, r.end));
    const parserAfter =
      (d.data as { code?: string } | undefined)?.code === 'parsing-error' &&
      afterUnclosed.some((start) => start.line === d.range.start.line && start.character === d.range.start.character);
    return !onString && !parserAfter;
  });
}
