import { URI, type LangiumDocument } from 'langium';
import type { DefinitionProvider } from 'langium/lsp';
import type { DefinitionParams, LocationLink } from 'vscode-languageserver';
import * as ast from '../generated/ast.js';
import { analyzeDocument, specPath } from '../privspec-analysis.js';
import type { PrivspecServices } from '../privspec-module.js';
import { resolveSpecPath } from '../privspec-to-engine.js';
import { enclosing, leafAt } from './node-at.js';

const FILE_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * Go to definition: a column name jumps to the column's hierarchy (or to where the dataset declares its role when it
 * has none); a file name jumps to the file (the dataset's CSV, an ARX hierarchy file).
 */
export class PrivspecDefinitionProvider implements DefinitionProvider {
  constructor(_services: PrivspecServices) {}

  getDefinition(document: LangiumDocument, params: DefinitionParams): LocationLink[] | undefined {
    const leaf = leafAt(document, params.position);
    if (!leaf) return undefined;
    const node = leaf.astNode;
    const origin = leaf.range;
    if ((ast.isDataset(node) || ast.isHierarchy(node)) && node.file !== undefined && leaf.text.startsWith('"')) {
      const target = URI.file(resolveSpecPath(specPath(document), node.file)).toString();
      return [
        { originSelectionRange: origin, targetUri: target, targetRange: FILE_START, targetSelectionRange: FILE_START },
      ];
    }
    const ref = enclosing(leaf, ast.isColumnRef);
    if (!ref) return undefined;
    const { parts } = analyzeDocument(document);
    const hierarchy = parts.hierarchies.get(ref.name);
    const declaration =
      hierarchy && !ast.isHierarchy(ref.$container) ? hierarchy : firstDeclaration(parts.dataset, ref.name);
    const range = declaration?.$cstNode?.range;
    if (!range || declaration === ref) return undefined;
    return [
      {
        originSelectionRange: origin,
        targetUri: document.uri.toString(),
        targetRange: range,
        targetSelectionRange: range,
      },
    ];
  }
}

function firstDeclaration(dataset: ast.Dataset | undefined, name: string): ast.ColumnRef | undefined {
  for (const c of dataset?.clauses ?? []) {
    if (c.$type === 'RoleClause') {
      const found = c.columns.find((x) => x.name === name);
      if (found) return found;
    }
    if (c.$type === 'UnitClause' && c.column?.name === name) return c.column;
  }
  return undefined;
}
