/**
 * The release line's quick fix that switches a view to the algorithm its preview found best ("Switch to privtree
 * (PrivTree 57.4 vs HDPView 227 on this data)"). The errors are the preview's own, which only a preview computes (a few
 * builds of each algorithm on the data), so the fix offers what the latest preview of the release found, and only while
 * the release still reads as it was previewed: another ε, another bound or a panel control moved away from the spec
 * makes it a question about another release, and the fix is not offered. The edit is the panel's own (`releaseEdits`).
 */
import type { LangiumDocument } from 'langium';
import { CodeActionKind, type CodeAction, type Range } from 'vscode-languageserver';
import type * as ast from '../generated/ast.js';
import { releaseDescription } from '../privspec-release-plan.js';
import type { PrivspecServices } from '../privspec-module.js';
import { releaseEdits } from './preview-request.js';
import { keptSuggestion } from './preview-suggestions.js';

const linesMeet = (a: Range, b: Range) => a.start.line <= b.end.line && b.start.line <= a.end.line;

/** The switches for the releases on the lines of `range` whose latest preview proposed another algorithm. */
export function algorithmSwitches(services: PrivspecServices, document: LangiumDocument, range: Range): CodeAction[] {
  const uri = document.uri.toString();
  const actions: CodeAction[] = [];
  for (const release of (document.parseResult.value as ast.Spec).releases) {
    const node = release.$cstNode;
    const k = keptSuggestion(services, uri, release.name);
    if (!node || !k || !linesMeet(node.range, range)) continue;
    const now = releaseDescription(release);
    if (!now || JSON.stringify(now) !== k.previewed) continue;
    const { edits } = releaseEdits(document, { uri, release: release.name, controls: { method: k.suggestion.best } });
    if (edits.length === 0) continue;
    actions.push({
      title: `Switch to ${k.suggestion.best} (${k.suggestion.comparison})`,
      kind: CodeActionKind.QuickFix,
      edit: { changes: { [uri]: [...edits] } },
    });
  }
  return actions;
}
