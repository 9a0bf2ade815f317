/**
 * A grid over one column (`grid age size 64 …`) is one error that says what a grid takes, instead of the parser's
 * "Expecting token of type ',' but found `size`" and an "unknown column 'size'" from the parser's recovery. A newcomer
 * with Adult, whose only numeric column is age, writes exactly that: a grid counts points over two coordinate columns,
 * and one column's histogram is a count by it (banded by its hierarchy) or a view over it.
 */
import type { LangiumDocument } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import type * as ast from './generated/ast.js';

const codeOf = (d: Diagnostic) => (d.data as { code?: string } | undefined)?.code;

/** `grid COLUMN size`: the grid's first column followed by `size` where its second column should be. */
const ONE_COLUMN = /^grid\s+("(?:[^"\\\n]|\\.)*"|[^\s,]+)\s+size\b/;

/**
 * The diagnostics with the errors of a one-column grid release — the parser's, and those of what its recovery read
 * (an unknown column `size`, no mechanism, a bound after the mechanism) — replaced by one readable error over its
 * query.
 */
export function readableOneColumnGrids(document: LangiumDocument, diagnostics: Diagnostic[]): Diagnostic[] {
  const spec = document.parseResult.value as ast.Spec;
  const text = document.textDocument.getText();
  let out = diagnostics;
  for (const release of spec.releases ?? []) {
    const query = release.query;
    if (query?.$type !== 'GridQuery' || !query.$cstNode || !release.$cstNode) continue;
    const match = ONE_COLUMN.exec(text.slice(query.$cstNode.offset, release.$cstNode.end));
    if (!match) continue;
    // The release's text runs to the next top-level line: past the parser's recovery, the rest of the line (the
    // mechanism) is read as something else, and every error there follows from the missing column.
    const start = release.$cstNode.offset;
    const next = /^(?:release|dataset|hierarchy|budget|anonymity)\b/m.exec(text.slice(release.$cstNode.end));
    const end = next ? release.$cstNode.end + next.index : text.length;
    const ours = out.filter((d) => {
      const at = document.textDocument.offsetAt(d.range.start);
      return at >= start && at < end && d.severity === 1;
    });
    if (!ours.some((d) => codeOf(d) === 'parsing-error')) continue;
    const column = match[1];
    const readable: Diagnostic = {
      ...ours[0],
      range: query.$cstNode.range,
      message: `a grid counts points over two coordinate columns: write 'grid ${column}, COLUMN size N [within lo..hi, lo..hi]'; for ${column} alone, 'count by ${column}' (banded by its hierarchy) or 'view ${column} within lo..hi' gives its histogram`,
    };
    out = [...out.filter((d) => !ours.includes(d)), readable];
  }
  return out;
}
