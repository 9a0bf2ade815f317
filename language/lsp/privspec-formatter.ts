import { CstUtils, type AstNode, type CstNode, type LangiumDocument } from 'langium';
import { AbstractFormatter, Formatting } from 'langium/lsp';
import type { DocumentFormattingParams, TextEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as ast from '../generated/ast.js';
import { withoutTrailingSpaces } from './trailing-spaces.js';

/**
 * Formats a spec the way the documentation writes it: one top-level declaration per line (blank lines kept),
 * blocks with one clause per line indented by the editor's tab size — except a block written on one line
 * (`budget { epsilon 1 }`), which stays on one line — single spaces between words, no space before `,` `:` `%` and
 * none around `..`, no whitespace at the end of any line, and a line break at the end of the file. The examples
 * separate a release's clauses (and a one-line block's) by two spaces and align their releases' queries in a column,
 * which a formatter that collapsed every gap would undo: so the space before such a clause (`where`, `clamp`,
 * `bound`, the mechanism, `accept`, a one-line block's second and later clauses) is two where the author wrote two or
 * more and one otherwise, and the space before a release's query (after `name:`) is the author's. Each token gets
 * exactly one rule, decided in one pass over the tokens, so rules never compete.
 */
export class PrivspecFormatter extends AbstractFormatter {
  /**
   * Langium's edits touch only the whitespace before tokens; the space before a comment or the end of a line that ends
   * in one is not a token's. The result is therefore one edit of the whole text: the formatted text without trailing
   * spaces (none when nothing changes).
   */
  override async formatDocument(document: LangiumDocument, params: DocumentFormattingParams): Promise<TextEdit[]> {
    const edits = await super.formatDocument(document, params);
    const original = document.textDocument.getText();
    const formatted = withoutTrailingSpaces(
      TextDocument.applyEdits(TextDocument.create('', 'privspec', 0, original), edits),
    );
    const ended = formatted.length === 0 || formatted.endsWith('\n') ? formatted : `${formatted}\n`;
    if (ended === original) return [];
    return [
      {
        range: { start: { line: 0, character: 0 }, end: document.textDocument.positionAt(original.length) },
        newText: ended,
      },
    ];
  }

  protected format(node: AstNode): void {
    if (!ast.isSpec(node) || !node.$cstNode) return;
    const f = this.getNodeFormatter(node);
    const top = new Set<CstNode | undefined>(
      [...node.datasets, ...node.hierarchies, ...node.anonymities, ...node.budgets, ...node.releases].map((n) =>
        firstLeaf(n),
      ),
    );
    const clauses = new Set<CstNode | undefined>();
    const releaseClauses = new Set<CstNode | undefined>();
    const aligned = new Set<CstNode | undefined>();
    const text = node.$document?.textDocument.getText() ?? '';
    const closing = new Set<CstNode>();
    for (const block of [...node.datasets, ...node.anonymities, ...node.budgets, ...node.hierarchies]) {
      const items: AstNode[] = ast.isHierarchy(block) ? block.groups : block.clauses;
      if (ast.isHierarchy(block) && items.length === 0) continue;
      const open = block.$cstNode && CstUtils.flattenCst(block.$cstNode).find((l) => l.text === '{');
      const close = block.$cstNode && [...CstUtils.flattenCst(block.$cstNode)].reverse().find((l) => l.text === '}');
      // A block its author wrote on one line stays on one line; its clauses keep the author's spacing, as a release's
      // do.
      if (open && close && open.range.start.line === close.range.end.line) {
        for (const c of items.slice(1)) releaseClauses.add(firstLeaf(c));
        continue;
      }
      for (const c of items) clauses.add(firstLeaf(c));
      if (close && items.length > 0) closing.add(close);
    }
    for (const release of node.releases) {
      // The query after `name:` keeps any wider space: the examples align their releases' queries in a column.
      aligned.add(release.query && firstLeaf(release.query));
      const parts: (AstNode | undefined)[] = [release.mechanism, release.bound, ...release.accepts];
      for (const part of parts) if (part) releaseClauses.add(firstLeaf(part));
      if (release.$cstNode)
        for (const leaf of CstUtils.flattenCst(release.$cstNode))
          if (!leaf.hidden && CLAUSE_KEYWORDS.has(leaf.text) && !ast.isViewDimension(leaf.astNode))
            releaseClauses.add(leaf);
    }
    let previous: CstNode | undefined;
    let first = true;
    for (const leaf of CstUtils.flattenCst(node.$cstNode)) {
      if (leaf.hidden) continue;
      const region = f.cst([leaf]);
      if (first) region.prepend(Formatting.noSpace({ allowMore: true }));
      else if (top.has(leaf)) region.prepend(Formatting.newLine({ allowMore: true }));
      else if (clauses.has(leaf)) region.prepend(Formatting.indent({ allowMore: false }));
      else if (closing.has(leaf)) region.prepend(Formatting.newLine());
      else if (aligned.has(leaf)) region.prepend(Formatting.oneSpace({ allowMore: true }));
      else if (releaseClauses.has(leaf))
        region.prepend(separatedByTwo(text, previous, leaf) ? Formatting.spaces(2) : Formatting.oneSpace());
      else if ([',', ':', '%', '..'].includes(leaf.text) || previous?.text === '..')
        region.prepend(Formatting.noSpace());
      else region.prepend(Formatting.oneSpace());
      previous = leaf;
      first = false;
    }
  }
}

/** Whether the author separated a clause from the previous token by two or more spaces on one line. */
function separatedByTwo(text: string, previous: CstNode | undefined, leaf: CstNode): boolean {
  if (!previous) return false;
  return /^[ \t]{2,}$/.test(text.slice(previous.end, leaf.offset));
}

/** Keywords that begin a clause of a release's query. */
const CLAUSE_KEYWORDS: ReadonlySet<string> = new Set(['where', 'clamp', 'bound', 'within']);

function firstLeaf(node: AstNode): CstNode | undefined {
  return node.$cstNode
    ? CstUtils.flattenCst(node.$cstNode)
        .filter((l) => !l.hidden)
        .head()
    : undefined;
}
