/**
 * Checks of PRAM releases that need no data: the local ε of each attribute's retention matrix against a threshold the
 * user can set (`privspec.pram.maxEpsilon`, default 5), a domain taken from the data (the same
 * `data-dependent-domain` warning histograms get, as a warning here: a PRAM file shows its values anyway), and a column
 * randomized by two PRAM releases of the spec without `rerun`.
 */
import { AstUtils, type ValidationAcceptor } from 'langium';
import { keepProbability } from '../engine/pram/retention-matrix.js';
import type * as ast from './generated/ast.js';
import { IssueCodes } from './issue-codes.js';
import { analyzeSpec, specPath, type SpecAnalysis } from './privspec-analysis.js';
import type { PrivspecServices } from './privspec-module.js';

export const DEFAULT_PRAM_MAX_EPSILON = 5;

export function checkPramReleases(analysis: SpecAnalysis, maxEpsilon: number, accept: ValidationAcceptor): void {
  // Which earlier PRAM release of this spec randomized each column: the ledger refuses a second PRAM of a column of the
  // same data unless the release says `rerun`, so the spec is told before ▶ Run is.
  const randomizedBy = new Map<string, string>();
  for (const plan of analysis.plans) {
    const q = plan.node.query;
    if (q?.kind !== 'pram' || plan.problems.length > 0) continue;
    const again = q.columns.filter((c) => randomizedBy.has(c.name));
    if (again.length > 0 && !q.rerun) {
      accept(
        'warning',
        `'${plan.name}' randomizes ${again.map((c) => c.name).join(', ')} again after '${randomizedBy.get(again[0].name)}': two PRAM files of the same records, joined, give the true values back by majority vote, so the ledger refuses the second unless the release says 'rerun' (their local ε then add up)`,
        { node: again[0], code: IssueCodes.PramRerun },
      );
    }
    for (const c of q.columns) if (!randomizedBy.has(c.name)) randomizedBy.set(c.name, plan.name);
    for (const ref of q.columns) {
      const name = ref.name;
      if (q.matrix === undefined && !analysis.declaredDomains.has(name)) {
        accept(
          'warning',
          `the domain of '${name}' would be taken from the data's values, so the matrix (and its ε) depends on the data; declare the values with a hierarchy that lists them (hierarchy ${name} { … })`,
          { node: ref, code: IssueCodes.DataDependentDomain },
        );
      }
      const size = analysis.inlineDomains.get(name)?.length;
      // retain 1 keeps every value: nothing is randomized, whatever the domain (the release refuses it too).
      if (q.retain !== undefined && q.retain >= 1) {
        accept(
          'error',
          `PRAM of '${name}' with retain ${q.retain} keeps every value: local ε is infinite and the column is written exactly; lower retain below 1`,
          { node: ref, code: IssueCodes.PramEpsilonHigh },
        );
        continue;
      }
      if (q.retain === undefined || size === undefined || size < 2) continue;
      // P(v→v) = r + (1−r)/|V| over P(u→v) = (1−r)/|V|: the largest likelihood ratio, so ε_local = ln of it.
      const keep = keepProbability(q.retain, size);
      const epsilon = Math.log(keep / ((1 - q.retain) / size));
      if (epsilon > maxEpsilon) {
        accept(
          'warning',
          `PRAM of '${name}' keeps a value with probability ${Number(keep.toPrecision(3))}: local ε = ${Number(epsilon.toPrecision(3))}, above the threshold ${maxEpsilon} (setting privspec.pram.maxEpsilon); lower retain to randomize more`,
          { node: ref, code: IssueCodes.PramEpsilonHigh },
        );
      }
    }
  }
}

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
