/**
 * Quick fixes on releases and declarations: bound a unit's contribution or accept the leak, declare a domain from the
 * data's values or accept it, use a mechanism the query takes, remove a duplicate or a pin without effect, declare a
 * column sensitive.
 */
import type { AstNode } from 'langium';
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import {
  insert,
  insertBeforeClose,
  insertLineAfter,
  nodeAt,
  quickFix,
  rangeOf,
  releaseOf,
  replace,
  columnValues,
  type FixContext,
} from './fix-helpers.js';
import { releaseKind } from '../../engine/release/kinds/registry.js';
import { releaseDescription } from '../privspec-release-plan.js';
import { quoteColumn, quoteString } from '../quote-column.js';
import { hierarchyFilesBeside } from './hierarchy-files-beside.js';

/** Listing more values than this in a hierarchy line would make a spec nobody reads; the fix is left out. */
const MAX_DOMAIN_VALUES = 200;

const acceptFix = (c: FixContext, release: ast.Release, risk: string) => {
  const end = release.$cstNode?.range.end;
  return end ? [quickFix(c, `Accept ${risk} (the report will say so)`, [insert(end, ` accept ${risk}`)])] : [];
};

export function unboundedContributionFixes(c: FixContext): CodeAction[] {
  const release = releaseOf(c);
  const description = release && releaseDescription(release);
  if (!release || !description) return [];
  const actions: CodeAction[] = [];
  const end = release.query?.$cstNode?.range.end;
  // The bound the kind adds to a query that bounds no unit (a count, sum or mean's).
  const bound = releaseKind(description.query.kind).boundFix?.(description.query);
  if (bound !== undefined && end) actions.push(quickFix(c, `Add '${bound}'`, [insert(end, ` ${bound}`)], true));
  return [...actions, ...acceptFix(c, release, 'unbounded-contribution')];
}

export async function dataDependentDomainFixes(c: FixContext): Promise<CodeAction[]> {
  const release = releaseOf(c);
  const data = c.diagnostic.data as { column?: string; columns?: string[] } | undefined;
  // One diagnostic may name several columns (the PRAM warnings of a spec, grouped: privspec-pram-checks.ts).
  const named = data?.columns ?? [
    data?.column ?? nodeAt(c, (n): n is ast.ColumnRef => n.$type === 'ColumnRef')?.name ?? domainColumn(release),
  ];
  const columns = named.filter((x): x is string => x !== undefined && x !== '' && !c.analysis.parts.hierarchies.has(x));
  const anchor = lastDeclarationBeforeReleases(c);
  const actions: CodeAction[] = [];
  const fromFiles: string[] = [];
  for (const column of columns) {
    // A hierarchy file beside the data names the domain as its author meant it: offered first.
    const files = c.fileSystem
      ? await hierarchyFilesBeside(c.fileSystem, c.document, c.analysis.parts.dataset?.file, column)
      : [];
    const line = (file: string) => `hierarchy ${quoteColumn(column)} from ${quoteString(file)}`;
    for (const file of files.slice(0, 3)) {
      const edit = anchor && insertLineAfter(anchor, line(file));
      const name = file.slice(file.lastIndexOf('/') + 1);
      const title = columns.length === 1 ? `Use hierarchy '${name}'` : `Use hierarchy '${name}' for '${column}'`;
      if (edit) actions.push(quickFix(c, title, [edit], actions.length === 0));
    }
    if (files.length > 0) fromFiles.push(line(files[0]));
    const values = await columnValues(c, column);
    if (!values || values.length === 0 || values.length > MAX_DOMAIN_VALUES || !anchor) continue;
    const sorted = [...values].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const edit = insertLineAfter(
      anchor,
      `hierarchy ${quoteColumn(column)} { ${sorted.map(quoteString).join(', ')} -> "*" }`,
    );
    if (edit)
      actions.push(
        quickFix(
          c,
          `Declare the domain of '${column}' from the data's ${values.length} values`,
          [edit],
          actions.length === 0,
        ),
      );
  }
  // Every column's file at once, where the diagnostic names several and each has one.
  const all =
    anchor &&
    fromFiles.length > 1 &&
    fromFiles.length === columns.length &&
    insertLineAfter(anchor, fromFiles.join('\n'));
  if (all)
    actions.unshift(
      quickFix(c, `Use the hierarchies beside the data for ${columns.map((x) => `'${x}'`).join(', ')}`, [all], true),
    );
  if (all) for (const a of actions.slice(1)) delete a.isPreferred;
  // Where a domain read from the data is only a warning (PRAM's), no `accept` silences it: none is offered.
  const kind = release?.query && releaseKind(release.query.kind);
  if (release && !kind?.domainFromDataWarns) actions.push(...acceptFix(c, release, 'data-dependent-domain'));
  return actions;
}

/** The first grouping or candidate column of a release whose domain is not declared: the first its kind reads. */
function domainColumn(release: ast.Release | undefined): string | undefined {
  const description = release && releaseDescription(release);
  if (!description) return undefined;
  // A column the spec has not named yet (a half-typed query) is none.
  return releaseKind(description.query.kind).domainColumns(description.query)[0] || undefined;
}

/** Where a new hierarchy goes: after the last hierarchy, or after the dataset block. */
function lastDeclarationBeforeReleases(c: FixContext): AstNode | undefined {
  const spec = c.document.parseResult.value as ast.Spec;
  return spec.hierarchies.at(-1) ?? spec.datasets[0];
}

export function unexpectedMechanismFixes(c: FixContext): CodeAction[] {
  const release = releaseOf(c);
  const m = release?.mechanism;
  const range = m?.$cstNode?.range;
  if (!release || !m || !range) return [];
  const message = typeof c.diagnostic.message === 'string' ? c.diagnostic.message : '';
  if (/takes no noise mechanism/.test(message)) return [quickFix(c, `Remove '${m.kind}'`, [removal(c, m)], true)];
  const allowed = /takes (.+), not /.exec(message)?.[1].split(' or ') ?? [];
  const kind = rangeOf(m, 'kind');
  return kind ? allowed.map((k) => quickFix(c, `Use '${k}' (keep the parameters)`, [replace(kind, k)])) : [];
}

export function duplicateFixes(c: FixContext): CodeAction[] {
  const node = nodeAt(c, (n): n is AstNode =>
    ['Release', 'Hierarchy', 'Dataset', 'Budget', 'Anonymity', 'UnitClause'].includes(n.$type),
  );
  if (!node) return [];
  const actions = [quickFix(c, 'Remove this duplicate', [removal(c, node)])];
  if (node.$type === 'Release') {
    const spec = c.document.parseResult.value as ast.Spec;
    const base = (node as ast.Release).name;
    let i = 2;
    while (spec.releases.some((r) => r.name === `${base}_${i}`)) i++;
    const name = rangeOf(node, 'name');
    if (name) actions.unshift(quickFix(c, `Rename to '${base}_${i}'`, [replace(name, `${base}_${i}`)], true));
  }
  return actions;
}

export function pinWithoutEffectFixes(c: FixContext): CodeAction[] {
  const pin = nodeAt(c, (n): n is ast.LevelClause => n.$type === 'LevelClause');
  return pin ? [quickFix(c, `Remove the pin of '${pin.column?.name}'`, [removal(c, pin)], true)] : [];
}

export function sensitiveNotDeclaredFixes(c: FixContext): CodeAction[] {
  const clause = nodeAt(
    c,
    (n): n is ast.LDiversityClause | ast.TClosenessClause =>
      n.$type === 'LDiversityClause' || n.$type === 'TClosenessClause',
  );
  const dataset = c.analysis.parts.dataset;
  const name = clause?.column?.name;
  if (!dataset || name === undefined) return [];
  const sensitive = dataset.clauses.find(
    (x): x is ast.RoleClause => x.$type === 'RoleClause' && x.role === 'sensitive',
  );
  const end = sensitive?.$cstNode?.range.end;
  const edit: TextEdit | undefined = end
    ? insert(end, `, ${quoteColumn(name)}`)
    : insertBeforeClose(dataset, `  sensitive ${quoteColumn(name)}\n`);
  return edit ? [quickFix(c, `Declare '${name}' sensitive in the dataset`, [edit], true)] : [];
}

/** Deletes a node and the whitespace before it on its line, so that no blank gap is left. */
function removal(c: FixContext, node: AstNode): TextEdit {
  const text = c.document.textDocument.getText();
  let start = node.$cstNode!.offset;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  let end = node.$cstNode!.end;
  if (start > 0 && text[start - 1] === '\n' && text[end] === '\n') end++;
  const doc = c.document.textDocument;
  return replace({ start: doc.positionAt(start), end: doc.positionAt(end) }, '');
}
