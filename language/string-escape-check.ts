/**
 * A backslash in a STRING that is none of its escapes (\" \\ \t \n \r, docs/language.md) is an error, at the escape
 * itself: `"C:\data\visits.csv"` meant backslashes, which must be written `\\`. Read silently, it would name another
 * file or column, or (as before issue 35) lose the backslash.
 */
import { AstUtils, CstUtils, type ValidationAcceptor } from 'langium';
import type * as ast from './generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import type { PrivspecServices } from './privspec-module.js';
import { stringBody, unknownEscapes } from './privspec-text.js';

export function checkStringEscapes(spec: ast.Spec, accept: ValidationAcceptor): void {
  const root = AstUtils.getDocument(spec).parseResult.value.$cstNode;
  if (!root) return;
  for (const leaf of CstUtils.flattenCst(root)) {
    if (leaf.tokenType.name !== 'STRING') continue;
    for (const { offset, escape } of unknownEscapes(stringBody(leaf.text))) {
      const start = { line: leaf.range.start.line, character: leaf.range.start.character + 1 + offset };
      accept(
        'error',
        `unknown escape '${escape}' in a string: the escapes are \\" \\\\ \\t \\n \\r; write \\\\ for a backslash`,
        {
          node: leaf.astNode,
          range: { start, end: { line: start.line, character: start.character + escape.length } },
          code: IssueCodes.UnknownEscape,
        },
      );
    }
  }
}

export function registerStringEscapeCheck(services: PrivspecServices): void {
  services.validation.ValidationRegistry.register<ast.PrivspecAstType>({ Spec: checkStringEscapes }, undefined, 'fast');
}
