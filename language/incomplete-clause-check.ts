/**
 * An incomplete `t-closeness` clause is one error that says what the clause needs, instead of the parser's "Expecting
 * token of type 'NUMBER' but found `}`". The clause takes a threshold and a column (privspec.langium), and a person
 * who typed `t-closeness` and stopped should read the clause's form, not the grammar's token names.
 */
import type { LangiumDocument } from 'langium';
import type { Diagnostic } from 'vscode-languageserver-types';
import type * as ast from './generated/ast.js';

const FORM = "'t-closeness [equal | ordered | hierarchical] T on COLUMN', with T in (0, 1]";

const isParsingError = (d: Diagnostic) => (d.data as { code?: string } | undefined)?.code === 'parsing-error';

/**
 * The diagnostics with the parser's errors at an incomplete t-closeness clause (no threshold or no column) replaced by
 * one readable error over the clause. A parser error belongs to the clause when it lies between the clause's start
 * and the first token after what was written of it (the token the parser found instead).
 */
export function readableIncompleteClauses(document: LangiumDocument, diagnostics: Diagnostic[]): Diagnostic[] {
  const spec = document.parseResult.value as ast.Spec;
  const text = document.textDocument.getText();
  let out = diagnostics;
  for (const block of spec.anonymities ?? [])
    for (const clause of block.clauses) {
      if (clause.$type !== 'TClosenessClause' || !clause.$cstNode) continue;
      if (clause.t !== undefined && clause.column?.name !== undefined) continue;
      const start = clause.$cstNode.offset;
      const end = clause.$cstNode.end;
      const next = end + (/^\s*/.exec(text.slice(end))?.[0].length ?? 0);
      const ours = out.filter((d) => {
        const at = document.textDocument.offsetAt(d.range.start);
        return isParsingError(d) && at >= start && at <= next;
      });
      if (ours.length === 0) continue;
      const sensitive = spec.datasets
        .flatMap((d) => d.clauses)
        .find((c): c is ast.RoleClause => c.$type === 'RoleClause' && c.role === 'sensitive')?.columns[0]?.name;
      const missing = clause.t === undefined ? 'its threshold T and its column' : "its column ('on COLUMN')";
      const readable: Diagnostic = {
        ...ours[0],
        range: clause.$cstNode.range,
        message: `incomplete t-closeness clause: it needs ${missing}; write ${FORM}, e.g. 't-closeness 0.2 on ${sensitive ?? 'diagnosis'}'`,
      };
      out = [...out.filter((d) => !ours.includes(d)), readable];
    }
  return out;
}
