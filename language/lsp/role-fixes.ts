/**
 * Quick fixes for roles: a column without a role that a release would let out can be declared quasi-identifying,
 * sensitive or insensitive — the author's statement that it may leave, in the dataset block where a reviewer reads it.
 * An identifying column or the unit gets no fix: making an identifier releasable is a decision, not a repair
 * (docs/diagnostics/column-role.md). An invariant PRAM can drop `invariant`.
 */
import { GrammarUtils } from 'langium';
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import { quoteColumn } from '../quote-column.js';
import { insert, insertBeforeClose, nodeAt, quickFix, type FixContext } from './fix-helpers.js';

const ROLES = ['insensitive', 'quasi', 'sensitive'] as const;

/** The edit that adds `name` to the dataset's clause of `role`, or a new clause of that role before its `}`. */
function declare(dataset: ast.Dataset, role: (typeof ROLES)[number], name: string): TextEdit | undefined {
  const clause = dataset.clauses.find((x): x is ast.RoleClause => x.$type === 'RoleClause' && x.role === role);
  const end = clause?.$cstNode?.range.end;
  return end ? insert(end, `, ${quoteColumn(name)}`) : insertBeforeClose(dataset, `  ${role} ${quoteColumn(name)}\n`);
}

export function columnRoleFixes(c: FixContext): CodeAction[] {
  const data = c.diagnostic.data as { column?: string; role?: string } | undefined;
  const dataset = c.analysis.parts.dataset;
  if (!dataset || data?.column === undefined || data.role !== 'undeclared') return [];
  const name = data.column;
  return ROLES.flatMap((role, i) => {
    const edit = declare(dataset, role, name);
    return edit ? [quickFix(c, `Declare '${name}' ${role} in the dataset`, [edit], i === 0)] : [];
  });
}

export function invariantPramFixes(c: FixContext): CodeAction[] {
  const query = nodeAt(c, (n): n is ast.PramQuery => n.$type === 'PramQuery');
  const keyword = query && GrammarUtils.findNodeForProperty(query.$cstNode, 'invariant');
  if (!keyword) return [];
  const doc = c.document.textDocument;
  const text = doc.getText();
  let start = keyword.offset;
  while (start > 0 && text[start - 1] === ' ') start--;
  return [
    quickFix(
      c,
      "Remove 'invariant' (plain retention PRAM)",
      [{ range: { start: doc.positionAt(start), end: doc.positionAt(keyword.end) }, newText: '' }],
      true,
    ),
  ];
}
