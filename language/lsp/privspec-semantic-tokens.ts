import type { AstNode } from 'langium';
import { AbstractSemanticTokenProvider, type SemanticTokenAcceptor } from 'langium/lsp';
import { SemanticTokenModifiers, SemanticTokenTypes } from 'vscode-languageserver';
import * as ast from '../generated/ast.js';
import type { PrivspecServices } from '../privspec-module.js';

/**
 * Semantic colouring on top of the TextMate grammar: columns as properties (a column that names a keyword, such as
 * `date`, is coloured as a column, not a keyword), release and dataset names as declarations, mechanisms as functions.
 */
export class PrivspecSemanticTokenProvider extends AbstractSemanticTokenProvider {
  constructor(services: PrivspecServices) {
    super(services);
  }

  protected highlightElement(node: AstNode, acceptor: SemanticTokenAcceptor): void {
    if (ast.isColumnRef(node)) acceptor({ node, property: 'name', type: SemanticTokenTypes.property });
    else if (ast.isRelease(node))
      acceptor({
        node,
        property: 'name',
        type: SemanticTokenTypes.function,
        modifier: SemanticTokenModifiers.declaration,
      });
    else if (ast.isDataset(node))
      acceptor({
        node,
        property: 'name',
        type: SemanticTokenTypes.namespace,
        modifier: SemanticTokenModifiers.declaration,
      });
    else if (ast.isMechanism(node)) acceptor({ node, property: 'kind', type: SemanticTokenTypes.function });
    else if (ast.isMechanismParam(node) || ast.isBudgetClause(node))
      acceptor({ node, property: 'name', type: SemanticTokenTypes.parameter });
  }
}
