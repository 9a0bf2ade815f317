/**
 * Quick fixes for a pair of linked releases (one `linked-releases` diagnostic per pair, spec-linked-releases.ts): pin
 * the quasi-identifiers the files publish exactly at level 1, randomize them in the PRAM release too, leave the
 * columns out of the release whose list holds them, drop one of the two releases, or accept the pair with a reason.
 * Each fix but the acceptance is tried on the spec as it would leave it (parsed again and checked by the same rule) and
 * offered only when the pair is then no longer linked: the rule is subtle (a pinned column the file still writes
 * generalized answers a DP release over it), and a fix that only moves the error would be worse than none.
 */
import type { AstNode } from 'langium';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type TextEdit } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import { analyzeSpec, specPath } from '../privspec-analysis.js';
import { datasetRoles } from '../privspec-to-engine.js';
import { quoteColumn } from '../quote-column.js';
import { specLinks } from '../spec-linked-releases.js';
import { roleOf } from '../../engine/release/column-roles.js';
import type { LinkedPair } from '../../engine/release/linked-pairs.js';
import { insert, insertBeforeClose, quickFix, replace, type FixContext } from './fix-helpers.js';

interface Candidate {
  readonly title: string;
  readonly edits: TextEdit[];
  /** The release the edits remove on purpose (the others must stay). */
  readonly drops?: string;
}

const quoted = (cs: readonly string[]) => cs.map((c) => `'${c}'`).join(', ');

export function linkedReleasesFixes(c: FixContext): CodeAction[] {
  const data = c.diagnostic.data as { release?: string; other?: string } | undefined;
  const pair = specLinks(c.analysis).pairs.find((p) => p.later === data?.release && p.earlier === data?.other);
  const spec = c.document.parseResult.value as ast.Spec;
  const release = (name: string) => spec.releases.find((r) => r.name === name);
  if (!pair) return [];
  const candidates = [
    ...pinCandidates(c, pair),
    ...randomizeCandidates(pair, release),
    ...leaveOutCandidates(pair, release),
    ...dropCandidates(c, pair, release),
  ];
  const fixes = candidates.filter((x) => clears(c, pair, x)).map((x) => quickFix(c, x.title, x.edits));
  const accept = acceptFix(c, release(pair.later), pair.earlier);
  return [...fixes, ...(accept ? [accept] : [])];
}

/** The quasi-identifiers the pair's files publish exactly (at 0 or not pinned): a pin above 0 generalizes them. */
function exactQuasi(c: FixContext, pair: LinkedPair): string[] {
  const dataset = c.analysis.parts.dataset;
  if (!dataset) return [];
  const roles = datasetRoles(dataset);
  return [
    ...new Set(pair.links.filter((l) => l.how === 'exact' && roleOf(roles, l.column) === 'quasi').map((l) => l.column)),
  ];
}

/** Pins the pair's exact quasi-identifiers (with a hierarchy) at level 1: every file then writes them generalized. */
function pinCandidates(c: FixContext, pair: LinkedPair): Candidate[] {
  const anonymity = c.analysis.parts.anonymity;
  const columns = exactQuasi(c, pair).filter((col) => c.analysis.parts.hierarchies.has(col));
  if (!anonymity || columns.length === 0) return [];
  const edits: TextEdit[] = [];
  const added: string[] = [];
  for (const col of columns) {
    const pin = anonymity.clauses.find(
      (x): x is ast.LevelClause => x.$type === 'LevelClause' && x.column?.name === col,
    );
    const level = pin?.$cstNode && pinLevelRange(c, pin);
    if (pin && level) edits.push(replace(level, '1'));
    else if (!pin) added.push(`generalize ${quoteColumn(col)} 1`);
  }
  if (added.length > 0) {
    const last = anonymity.clauses.at(-1)?.$cstNode?.range.end;
    const edit = last ? insert(last, ` ${added.join(' ')}`) : insertBeforeClose(anonymity, `${added.join(' ')} `);
    if (!edit) return [];
    edits.push(edit);
  }
  const them = columns.length === 1 ? quoted(columns) : `${quoted(columns)} each`;
  return [{ title: `Pin ${them} at level 1 in the anonymity block (every file generalizes it)`, edits }];
}

/** The range of a pin's level number. */
function pinLevelRange(c: FixContext, pin: ast.LevelClause) {
  const cst = pin.$cstNode!;
  const text = c.document.textDocument.getText().slice(cst.offset, cst.end);
  const match = /(-?[0-9.eE+-]+)\s*$/.exec(text);
  if (!match) return undefined;
  const start = cst.offset + match.index;
  const doc = c.document.textDocument;
  return { start: doc.positionAt(start), end: doc.positionAt(start + match[1].length) };
}

/** Randomizes, in a PRAM release of the pair that writes them at the block's levels, the columns it publishes. */
function randomizeCandidates(pair: LinkedPair, release: (name: string) => ast.Release | undefined): Candidate[] {
  const out: Candidate[] = [];
  for (const name of [pair.earlier, pair.later]) {
    const query = release(name)?.query;
    if (query?.$type !== 'PramQuery') continue;
    const columns = [...new Set(pair.links.filter((l) => l.publisher === name).flatMap((l) => l.columns))];
    const end = query.columns.at(-1)?.$cstNode?.range.end;
    if (columns.length === 0 || !end) continue;
    out.push({
      title: `Randomize ${quoted(columns)} in '${name}' too`,
      edits: [insert(end, columns.map((col) => `, ${quoteColumn(col)}`).join(''))],
    });
  }
  return out;
}

/**
 * Leave the linking columns out of a release of the pair whose list names them (a PRAM release's columns, a view's
 * dimensions, a query's group keys), when the list keeps at least one element.
 */
function leaveOutCandidates(pair: LinkedPair, release: (name: string) => ast.Release | undefined): Candidate[] {
  const out: Candidate[] = [];
  for (const name of [pair.earlier, pair.later]) {
    const query = release(name)?.query;
    if (!query) continue;
    for (const list of nodeLists(query)) {
      const drop = list.filter((n) => pair.columns.includes(columnOf(n) ?? ''));
      if (drop.length === 0 || drop.length === list.length) continue;
      const edits = removals(list, drop);
      if (edits) out.push({ title: `Leave ${quoted(drop.map((n) => columnOf(n)!))} out of '${name}'`, edits: edits });
    }
  }
  return out;
}

/**
 * Drop one release of the pair from the plan: its lines go (the release and the comment lines right above it, which
 * describe it). The message names this way out, and for a generalized file beside a DP release over its
 * quasi-identifiers it is the only change that clears the pair (newcomer tour: 'public' offered acceptances only).
 */
function dropCandidates(
  c: FixContext,
  pair: LinkedPair,
  release: (name: string) => ast.Release | undefined,
): Candidate[] {
  const doc = c.document.textDocument;
  const lines = doc.getText().split('\n');
  const out: Candidate[] = [];
  for (const [name, kept] of [
    [pair.later, pair.earlier],
    [pair.earlier, pair.later],
  ]) {
    const range = release(name)?.$cstNode?.range;
    if (!range) continue;
    let first = range.start.line;
    while (first > 0 && /^\s*\/\//.test(lines[first - 1])) first--;
    const end = range.end.line + 1 < lines.length ? { line: range.end.line + 1, character: 0 } : range.end;
    out.push({
      title: `Drop the release '${name}' from this plan (keeps '${kept}')`,
      edits: [replace({ start: { line: first, character: 0 }, end }, '')],
      drops: name,
    });
  }
  return out;
}

/** The lists of syntax nodes a query holds (its columns, dimensions, group keys), whatever its kind. */
function nodeLists(query: AstNode): AstNode[][] {
  return Object.entries(query)
    .filter(([key, value]) => !key.startsWith('$') && Array.isArray(value) && value.length > 0)
    .map(([, value]) => value as unknown[])
    .filter((value): value is AstNode[] => value.every((x) => typeof x === 'object' && x !== null && '$type' in x));
}

/** The column a list element names: a column reference's name, or a view dimension's column. */
function columnOf(n: AstNode): string | undefined {
  const x = n as { name?: unknown; column?: { name?: unknown } };
  if (typeof x.name === 'string') return x.name;
  return typeof x.column?.name === 'string' ? x.column.name : undefined;
}

/** Deletes elements of a comma-separated list with their commas (the list keeps at least one element). */
function removals(list: readonly AstNode[], drop: readonly AstNode[]): TextEdit[] | undefined {
  const edits: TextEdit[] = [];
  const kept = list.filter((n) => !drop.includes(n));
  for (const n of drop) {
    const i = list.indexOf(n);
    const cst = n.$cstNode;
    // From the end of the element before (a kept one or the start of the list) to its own end; the first element goes
    // up to the next element's start.
    const before = i > 0 ? list[i - 1].$cstNode : undefined;
    const after = list[i + 1]?.$cstNode;
    if (!cst) return undefined;
    if (before && !drop.includes(list[i - 1])) edits.push(replace({ start: before.range.end, end: cst.range.end }, ''));
    else if (after) edits.push(replace({ start: cst.range.start, end: after.range.start }, ''));
    else if (before) edits.push(replace({ start: before.range.end, end: cst.range.end }, ''));
  }
  return kept.length > 0 ? edits : undefined;
}

/**
 * Whether the spec with these edits applied no longer links the pair (the rule asked again of the parsed result), with
 * every release but the one the candidate drops still there.
 */
function clears(c: FixContext, pair: LinkedPair, candidate: Candidate): boolean {
  if (!c.parse) return false;
  const text = TextDocument.applyEdits(
    TextDocument.create('x', 'privspec', 1, c.document.textDocument.getText()),
    candidate.edits,
  );
  const spec = c.parse(text);
  if (!spec) return false;
  const before = (c.document.parseResult.value as ast.Spec).releases.map((r) => r.name);
  const expected = before.filter((name) => name !== candidate.drops);
  const names = new Set([pair.earlier, pair.later]);
  const links = specLinks(analyzeSpec(spec, specPath(c.document))).links;
  return (
    JSON.stringify(spec.releases.map((r) => r.name)) === JSON.stringify(expected) &&
    !links.some((l) => names.has(l.publisher) && names.has(l.protector))
  );
}

/**
 * `accept linked-releases "…"` at the end of the release, the cursor in the string (a snippet edit): the reason is the
 * author's to write, and until it says something in words the clause is an error of its own.
 */
function acceptFix(c: FixContext, release: ast.Release | undefined, other: string): CodeAction | undefined {
  const end = release?.$cstNode?.range.end;
  if (!end || !release) return undefined;
  // Named by the pair: a release linked to several others shows one such fix per pair, which read as the same fix
  // twice (newcomer tour). The clause on the release accepts each of its links; the title says so.
  return {
    title: `Accept the link of '${release.name}' with '${other}' with a reason (on '${release.name}': it accepts each of its links; the report repeats the reason)`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [c.diagnostic],
    edit: {
      documentChanges: [
        {
          textDocument: { uri: c.document.uri.toString(), version: c.document.textDocument.version },
          edits: [{ range: { start: end, end }, snippet: { kind: 'snippet', value: ' accept linked-releases "$0"' } }],
        },
      ],
    },
  };
}
