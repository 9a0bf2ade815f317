import { CstUtils, type AstNode } from 'langium';
import { AbstractFormatter, Formatting } from 'langium/lsp';
import * as ast from '../generated/ast.js';

/**
 * Formats a spec the way the documentation writes it: one top-level declaration per line (blank lines kept),
 * blocks with one clause per line indented by the editor's tab size, single spaces between words, no space before
 * `,` `:` `%` and none around `..`.
 */
export class PrivspecFormatter extends AbstractFormatter {
  protected format(node: AstNode): void {
    if (ast.isSpec(node)) {
      const f = this.getNodeFormatter(node);
      const top = [...node.datasets, ...node.hierarchies, ...node.anonymities, ...node.budgets, ...node.releases];
      const first = top.sort((a, b) => (a.$cstNode?.offset ?? 0) - (b.$cstNode?.offset ?? 0))[0];
      for (const child of top) {
        f.node(child).prepend(child === first ? Formatting.noSpace({ allowMore: true }) : Formatting.newLine({ allowMore: true }));
      }
      return;
    }
    if (ast.isDataset(node) || ast.isAnonymity(node) || ast.isBudget(node) || (ast.isHierarchy(node) && node.groups.length > 0)) {
      this.block(node);
    }
    const f = this.getNodeFormatter(node);
    const cst = node.$cstNode;
    if (!cst) return;
    // Single spaces between the words this node owns directly; the rules below and the block layout override them.
    for (const leaf of CstUtils.flattenCst(cst)) {
      if (leaf.astNode !== node || leaf.hidden) continue;
      const text = leaf.text;
      if (text === ',' || text === ':' || text === '%') f.cst([leaf]).prepend(Formatting.noSpace()).append(Formatting.oneSpace());
      else if (text === '..') f.cst([leaf]).prepend(Formatting.noSpace()).append(Formatting.noSpace());
      else if (text !== '{' && text !== '}' && leaf !== firstLeaf(node)) f.cst([leaf]).prepend(Formatting.oneSpace());
    }
    for (const child of childNodes(node)) {
      const leaf = child.$cstNode && firstLeafOf(child);
      const before = leaf && CstUtils.getPreviousNode(leaf, true);
      if (leaf && before && before.text !== '..' && before.text !== '{' && !ast.isSpec(node)) f.node(child).prepend(Formatting.oneSpace());
    }
  }

  private block(node: ast.Dataset | ast.Anonymity | ast.Budget | ast.Hierarchy): void {
    const f = this.getNodeFormatter(node);
    const open = f.keyword('{');
    const close = f.keyword('}');
    open.prepend(Formatting.oneSpace());
    const clauses: AstNode[] = ast.isHierarchy(node) ? node.groups : node.clauses;
    if (clauses.length === 0) {
      close.prepend(Formatting.oneSpace());
      return;
    }
    f.interior(open, close).prepend(Formatting.indent());
    for (const c of clauses) f.node(c).prepend(Formatting.newLine({ allowMore: false }));
    close.prepend(Formatting.newLine());
  }
}

function childNodes(node: AstNode): AstNode[] {
  return Object.entries(node)
    .filter(([k]) => !k.startsWith('$'))
    .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
    .filter((v): v is AstNode => typeof v === 'object' && v !== null && '$type' in v);
}

function firstLeafOf(node: AstNode) {
  return node.$cstNode ? CstUtils.flattenCst(node.$cstNode).head() : undefined;
}

function firstLeaf(node: AstNode) {
  return firstLeafOf(node);
}
