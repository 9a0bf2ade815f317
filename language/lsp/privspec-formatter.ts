import { CstUtils, type AstNode, type CstNode } from 'langium';
import { AbstractFormatter, Formatting } from 'langium/lsp';
import * as ast from '../generated/ast.js';

/**
 * Formats a spec the way the documentation writes it: one top-level declaration per line (blank lines kept),
 * blocks with one clause per line indented by the editor's tab size, single spaces between words, no space before
 * `,` `:` `%` and none around `..`. Each token gets exactly one rule, decided in one pass over the tokens, so rules
 * never compete.
 */
export class PrivspecFormatter extends AbstractFormatter {
  protected format(node: AstNode): void {
    if (!ast.isSpec(node) || !node.$cstNode) return;
    const f = this.getNodeFormatter(node);
    const top = new Set<CstNode | undefined>([...node.datasets, ...node.hierarchies, ...node.anonymities, ...node.budgets, ...node.releases].map((n) => firstLeaf(n)));
    const clauses = new Set<CstNode | undefined>();
    const closing = new Set<CstNode>();
    for (const block of [...node.datasets, ...node.anonymities, ...node.budgets, ...node.hierarchies]) {
      const items: AstNode[] = ast.isHierarchy(block) ? block.groups : block.clauses;
      if (ast.isHierarchy(block) && items.length === 0) continue;
      for (const c of items) clauses.add(firstLeaf(c));
      const close = block.$cstNode && [...CstUtils.flattenCst(block.$cstNode)].reverse().find((l) => l.text === '}');
      if (close && items.length > 0) closing.add(close);
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
      else if ([',', ':', '%', '..'].includes(leaf.text) || previous?.text === '..') region.prepend(Formatting.noSpace());
      else region.prepend(Formatting.oneSpace());
      previous = leaf;
      first = false;
    }
  }
}

function firstLeaf(node: AstNode): CstNode | undefined {
  return node.$cstNode ? CstUtils.flattenCst(node.$cstNode).filter((l) => !l.hidden).head() : undefined;
}
