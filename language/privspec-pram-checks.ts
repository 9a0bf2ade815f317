/**
 * Checks of releases that need no data beyond the planner's problems, which a kind states (its `editorChecks`; PRAM's
 * in engine/release/kinds/pram/pram-checks.ts): the local ε of each attribute's retention matrix against a threshold
 * the user can set (`privspec.pram.maxEpsilon`, default 5), a domain taken from the data, and a column randomized by
 * two PRAM releases of the spec without `rerun`.
 */
import { AstUtils, type AstNode, type ValidationAcceptor } from 'langium';
import type { DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import type { EditorCheck } from '../engine/release/kinds/kind-editor-types.js';
import { releaseKind } from '../engine/release/kinds/registry.js';
import type * as ast from './generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { analyzeSpec, specPath, type SpecAnalysis } from './privspec-analysis.js';
import type { PrivspecServices } from './privspec-module.js';

export const DEFAULT_PRAM_MAX_EPSILON = 5;

export function checkPramReleases(analysis: SpecAnalysis, maxEpsilon: number, accept: ValidationAcceptor): void {
  // Which earlier PRAM release of this spec randomized each column: the kind's checks read it and add their own.
  const randomizedBy = new Map<string, string>();
  // Findings of one cause, in the order found, reported together after the loop (EditorCheck.grouped).
  const groups = new Map<string, { finding: EditorCheck; release: string; node: AstNode }[]>();
  for (const plan of analysis.plans) {
    const query = plan.node.query;
    const kind = releaseKind(plan.description.query.kind);
    if (!query || !kind.editorChecks || plan.problems.length > 0) continue;
    const found = kind.editorChecks(plan.description.query, {
      release: plan.name,
      declaredDomains: analysis.declaredDomains,
      inlineDomains: analysis.inlineDomains,
      maxEpsilon,
      maxEpsilonSetting: 'privspec.pram.maxEpsilon',
      randomizedBy,
    });
    for (const f of found) {
      // Each finding is placed on the column's first mention in the release's query.
      const node = AstUtils.streamAst(query).find(
        (n): n is ast.ColumnRef => n.$type === 'ColumnRef' && (n as ast.ColumnRef).name === f.column,
      );
      if (f.grouped) {
        const key = `${f.code}|${f.grouped.key}`;
        groups.set(key, [...(groups.get(key) ?? []), { finding: f, release: plan.name, node: node ?? query }]);
      } else accept(f.severity, f.message, { node: node ?? query, code: CODES[f.code] });
    }
  }
  for (const group of groups.values()) {
    const first = group[0];
    const places = group.map((g) => ({ release: g.release, column: g.finding.column }));
    const info = group.flatMap((g) => relatedAt(g.node, `'${g.finding.column}' in '${g.release}'`) ?? []);
    accept(
      first.finding.severity,
      group.length === 1 ? first.finding.message : first.finding.grouped!.message(places),
      {
        node: first.node,
        code: CODES[first.finding.code],
        ...(group.length > 1 ? { relatedInformation: info } : {}),
        data: {
          code: CODES[first.finding.code],
          release: first.release,
          columns: [...new Set(places.map((p) => p.column))],
        },
      },
    );
  }
}

/** Where a node is, for a diagnostic's related information. */
function relatedAt(node: AstNode, message: string): DiagnosticRelatedInformation | undefined {
  const range = node.$cstNode?.range;
  return range ? { location: { uri: AstUtils.getDocument(node).uri.toString(), range }, message } : undefined;
}

/** The issue code of each finding a kind's checks report. */
const CODES: Record<EditorCheck['code'], string> = {
  'data-dependent-domain': IssueCodes.DataDependentDomain,
  'pram-epsilon-high': IssueCodes.PramEpsilonHigh,
  'pram-rerun': IssueCodes.PramRerun,
  'local-rerun': IssueCodes.LocalRerun,
};

/** Registers the PRAM checks (fast category): the threshold comes from the client's settings when there is one. */
export function registerPramChecks(services: PrivspecServices): void {
  services.validation.ValidationRegistry.register<ast.PrivspecAstType>(
    {
      Spec: async (spec: ast.Spec, accept: ValidationAcceptor) => {
        const configured: unknown = await services.shared.workspace.ConfigurationProvider.getConfiguration(
          'privspec',
          'pram',
        ).catch(() => undefined);
        const max =
          typeof configured === 'object' &&
          configured !== null &&
          typeof (configured as { maxEpsilon?: unknown }).maxEpsilon === 'number'
            ? (configured as { maxEpsilon: number }).maxEpsilon
            : DEFAULT_PRAM_MAX_EPSILON;
        checkPramReleases(analyzeSpec(spec, specPath(AstUtils.getDocument(spec))), max, accept);
      },
    },
    undefined,
    'fast',
  );
}
