import { AstUtils, CstUtils, type AstNode, type LangiumDocument, type LeafCstNode } from 'langium';
import type { Position } from 'vscode-languageserver';

/** The leaf token at a position (or the one just before it, so a cursor at a word's end still finds the word). */
export function leafAt(document: LangiumDocument, position: Position): LeafCstNode | undefined {
  const root = document.parseResult.value.$cstNode;
  if (!root) return undefined;
  const offset = document.textDocument.offsetAt(position);
  return CstUtils.findLeafNodeAtOffset(root, offset) ?? CstUtils.findLeafNodeBeforeOffset(root, offset);
}

/** The nearest node of one of the given types around a leaf. */
export function enclosing<T extends AstNode>(leaf: LeafCstNode | undefined, is: (n: AstNode) => n is T): T | undefined {
  return leaf ? AstUtils.getContainerOfType(leaf.astNode, is) : undefined;
}
