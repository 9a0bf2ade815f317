import type { AstNode, LangiumDocument } from 'langium';
import type { DocumentSymbolProvider } from 'langium/lsp';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import type { PrivspecServices } from '../privspec-module.js';

/** The outline: the dataset with its column roles, hierarchies, the anonymity and budget blocks, and the releases. */
export class PrivspecDocumentSymbolProvider implements DocumentSymbolProvider {
  constructor(_services: PrivspecServices) {}

  getSymbols(document: LangiumDocument): DocumentSymbol[] {
    const spec = document.parseResult.value as ast.Spec;
    const symbols: DocumentSymbol[] = [];
    const add = (node: AstNode, name: string, kind: SymbolKind, detail?: string, children?: DocumentSymbol[]) => {
      const cst = node.$cstNode;
      if (cst) symbols.push(symbol(node, name, kind, detail, children) as DocumentSymbol);
    };
    for (const d of spec.datasets) {
      const children = d.clauses
        .flatMap((c) =>
          c.$type === 'RoleClause' ? c.columns.map((col) => symbol(col, col.name, SymbolKind.Field, c.role)) : [],
        )
        .filter((s): s is DocumentSymbol => !!s);
      add(d, d.name ?? 'dataset', SymbolKind.Module, d.file, children);
    }
    for (const h of spec.hierarchies)
      add(h, `hierarchy ${h.column?.name ?? ''}`, SymbolKind.Enum, h.builder?.kind ?? (h.file ? 'file' : 'groups'));
    for (const a of spec.anonymities) add(a, 'anonymity', SymbolKind.Struct);
    for (const b of spec.budgets) add(b, 'budget', SymbolKind.Struct);
    for (const r of spec.releases)
      add(r, r.name ?? 'release', SymbolKind.Function, [r.query?.kind, r.mechanism?.kind].filter(Boolean).join(' '));
    return symbols;
  }
}

function symbol(
  node: AstNode,
  name: string,
  kind: SymbolKind,
  detail?: string,
  children?: DocumentSymbol[],
): DocumentSymbol | undefined {
  const cst = node.$cstNode;
  if (!cst) return undefined;
  return { name: name || '?', kind, detail, range: cst.range, selectionRange: cst.range, children };
}
