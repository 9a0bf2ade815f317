import {
  AstUtils,
  GrammarUtils,
  type AstNode,
  type Cancellation,
  type ValidationAcceptor,
  type ValidationChecks,
} from 'langium';
import type { DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import type * as ast from './generated/ast.js';
import type { PrivspecServices } from './privspec-module.js';
import { quoteColumn } from './quote-column.js';
import { analyzeSpec, specPath } from './privspec-analysis.js';
import { anonymityPlan, buildHierarchy, datasetRoles } from './privspec-to-engine.js';
import { greek } from './privspec-release-plan.js';
import { checkSpecData } from './privspec-data-checks.js';
import { IssueCodes } from './issue-codes.js';
import { roleConflicts } from '../engine/release/column-roles.js';
import { specLinks } from './spec-linked-releases.js';
import { reasonInWords } from '../engine/release/cross-spec-links.js';
import { withCodeDescription } from './lsp/diagnostic-docs.js';
import { overrunMessage } from './lsp/readable-costs.js';
import { acceptedRiskText } from '../engine/release/release-risk.js';
import { releaseKind } from '../engine/release/kinds/registry.js';

export { IssueCodes };

/**
 * The category of the checker's optimal-transformation hint. The editor and `privspec check` run it; a release, a
 * preview or a plan needs only the errors, and leaves it out so that its generalization is searched once, by the run.
 */
export const SEARCH_CATEGORY = 'search';

/**
 * Registers the checks: structural ones run on every keystroke, data scans in the `slow` category, the hint's search in
 * its own.
 */
export function registerValidationChecks(services: PrivspecServices): void {
  const registry = services.validation.ValidationRegistry;
  const validator = services.validation.PrivspecValidator;
  const checks: ValidationChecks<ast.PrivspecAstType> = {
    Spec: [
      validator.checkBlocks,
      validator.checkQuasiHierarchies,
      validator.checkReleases,
      validator.checkLinkedReleases,
      validator.checkBudget,
    ].map(described),
    Dataset: described(validator.checkDataset),
    Hierarchy: described(validator.checkHierarchy),
    Anonymity: described(validator.checkAnonymity),
    BudgetClause: described(validator.checkBudgetClause),
  };
  registry.register(checks, validator);
  registry.register<ast.PrivspecAstType>({ Spec: described(validator.checkFiles) }, validator, 'fast');
  registry.register<ast.PrivspecAstType>({ Spec: described(validator.checkData) }, validator, 'slow');
  registry.register<ast.PrivspecAstType>({ Spec: described(validator.checkSearch) }, validator, SEARCH_CATEGORY);
}

/** A check whose diagnostics link to their code's page (`docs/diagnostics/<code>.md`), wherever they are reported. */
function described<N extends AstNode, R>(
  check: (node: N, accept: ValidationAcceptor, token: Cancellation.CancellationToken) => R,
) {
  return (node: N, accept: ValidationAcceptor, token: Cancellation.CancellationToken): R =>
    check(node, withCodeDescription(accept), token);
}

/** Where another node is, for a diagnostic's related information. */
export function relatedAt(node: AstNode, message: string): DiagnosticRelatedInformation | undefined {
  const range = node.$cstNode?.range;
  const uri = AstUtils.getDocument(node).uri.toString();
  return range ? { location: { uri, range }, message } : undefined;
}

function related(items: readonly (DiagnosticRelatedInformation | undefined)[]): DiagnosticRelatedInformation[] {
  return items.filter((x): x is DiagnosticRelatedInformation => x !== undefined);
}

export class PrivspecValidator {
  constructor(private readonly services: PrivspecServices) {}

  checkBlocks = (spec: ast.Spec, accept: ValidationAcceptor): void => {
    if (spec.datasets.length === 0 && (spec.releases.length > 0 || spec.hierarchies.length > 0)) {
      accept('error', "the spec has no 'dataset' block: declare one with 'dataset NAME from \"file.csv\" { … }'", {
        node: spec.releases[0] ?? spec.hierarchies[0],
        code: IssueCodes.MissingDataset,
      });
    }
    const extra = (nodes: readonly AstNode[], what: string) =>
      nodes.slice(1).forEach((n) =>
        accept('error', `only one ${what} is allowed per spec; the first one counts`, {
          node: n,
          code: IssueCodes.Duplicate,
          relatedInformation: related([relatedAt(nodes[0], `first ${what}`)]),
        }),
      );
    // Several datasets are tables joined by keys: privspec-r2t-checks.ts checks their names and which carries the unit.
    extra(spec.budgets, "'budget' block");
    extra(spec.anonymities, "'anonymity' block");
    const seen = new Map<string, AstNode>();
    for (const r of spec.releases) {
      const first = seen.get(r.name);
      if (first)
        accept('error', `release '${r.name}' is declared twice`, {
          node: r,
          property: 'name',
          code: IssueCodes.Duplicate,
          relatedInformation: related([relatedAt(first, 'first declaration')]),
        });
      else seen.set(r.name, r);
    }
    const hierarchies = new Map<string, AstNode>();
    for (const h of spec.hierarchies) {
      const name = h.column?.name;
      if (!name) continue;
      const first = hierarchies.get(name);
      if (first)
        accept('error', `column '${name}' has two hierarchies; the first one counts`, {
          node: h,
          property: 'column',
          code: IssueCodes.Duplicate,
          relatedInformation: related([relatedAt(first, 'first hierarchy')]),
        });
      else hierarchies.set(name, h);
    }
  };

  checkQuasiHierarchies = (spec: ast.Spec, accept: ValidationAcceptor): void => {
    const dataset = spec.datasets[0];
    if (!dataset) return;
    const withHierarchy = new Set(spec.hierarchies.map((h) => h.column?.name));
    for (const clause of dataset.clauses) {
      if (clause.$type !== 'RoleClause' || clause.role !== 'quasi') continue;
      clause.columns.forEach((c, index) => {
        if (!withHierarchy.has(c.name)) {
          accept(
            'warning',
            `quasi-identifier '${c.name}' has no hierarchy, so it can only be kept or suppressed whole; add 'hierarchy ${quoteColumn(c.name)}: …'`,
            { node: clause, property: 'columns', index, code: IssueCodes.QuasiWithoutHierarchy },
          );
        }
      });
    }
  };

  checkDataset = (dataset: ast.Dataset, accept: ValidationAcceptor): void => {
    for (const c of dataset.clauses) {
      if (c.$type === 'SamplingClause' && !(c.fraction > 0 && c.fraction <= 1)) {
        accept('error', `sampling must be a fraction in (0, 1], got ${c.fraction}`, {
          node: c,
          property: 'fraction',
          code: IssueCodes.ParameterOutOfRange,
        });
      }
    }
    if (dataset.clauses.filter((c) => c.$type === 'UnitClause').length > 1) {
      accept('error', 'a dataset has one privacy unit', {
        node: dataset.clauses.filter((c) => c.$type === 'UnitClause')[1],
        code: IssueCodes.Duplicate,
      });
    }
    checkRoleConflicts(dataset, accept);
    checkWeightClauses(dataset, accept);
  };

  /**
   * Microdata files that publish exactly what another release protects (engine/release/linked-releases.ts): one
   * diagnostic per pair of releases, on the later one, listing the linking columns (spec-linked-releases.ts).
   */
  checkLinkedReleases = (spec: ast.Spec, accept: ValidationAcceptor): void => {
    const analysis = this.analysis(spec);
    if (!analysis.parts.dataset) return;
    const nodes = new Map(analysis.plans.map((p) => [p.name, p.node]));
    const { links, pairs } = specLinks(analysis);
    // An acceptance must say why, and must accept something: an empty reason or one that covers no link is noise a
    // reviewer would have to puzzle over.
    for (const plan of analysis.plans) {
      const clause = plan.node.accepts.find((a) => a.risk === 'linked-releases');
      if (!clause) continue;
      // Blank or invisible text (spaces, a zero-width space) is no reason: at least one letter or digit.
      if (!reasonInWords(clause.reason))
        accept(
          'error',
          '\'accept linked-releases\' needs the reason in words: accept linked-releases "why both files are published"',
          { node: clause, property: 'reason', code: IssueCodes.MissingParameter },
        );
      else if (!links.some((l) => l.publisher === plan.name || l.protector === plan.name))
        // Not a warning: the clause also accepts links with earlier releases of the same data from other specs (or
        // privspec anonymize --out), which only the ledger knows (cross-spec-links.ts).
        accept(
          'info',
          `'${plan.name}' accepts linked-releases, but links with no release of this spec (it publishes no column another release protects, and protects none a microdata file publishes); the clause still accepts links with earlier releases of the same data from other specs — keep it only for those`,
          { node: clause, code: IssueCodes.LinkedReleases },
        );
    }
    for (const pair of pairs) {
      const node = nodes.get(pair.later)!;
      const columns = pair.columns.map((c) => `'${c}'`).join(', ');
      const info = related([relatedAt(nodes.get(pair.earlier)!, `'${pair.earlier}', linked by ${columns}`)]);
      const data = { code: IssueCodes.LinkedReleases, release: pair.later, other: pair.earlier };
      // An acceptance without a reason in words accepts nothing: its clause is the one error above, and no diagnostic
      // may call the link accepted.
      if (pair.accepted && !reasonInWords(pair.accepted.reason)) continue;
      if (pair.accepted)
        accept(
          'info',
          `accepted linked-releases in '${pair.accepted.by}': '${pair.earlier}' and '${pair.later}' are linked by ${columns} ("${pair.accepted.reason}"); the report repeats the reason`,
          {
            node: nodes.get(pair.accepted.by)!,
            property: 'name',
            code: IssueCodes.LinkedReleases,
            relatedInformation: info,
            data: { ...data, consequence: true },
          },
        );
      else
        accept('error', pair.message, {
          node,
          property: 'name',
          code: IssueCodes.LinkedReleases,
          relatedInformation: info,
          data,
        });
    }
  };

  checkHierarchy = (h: ast.Hierarchy, accept: ValidationAcceptor): void => {
    if (h.file !== undefined) return; // Files are read by the data checks.
    const numbers =
      h.builder?.$type === 'IntervalsBuilder'
        ? h.builder.widths
        : h.builder?.$type === 'MaskBuilder'
          ? h.builder.counts
          : [];
    numbers.forEach((x, index) => {
      if (Number.isInteger(x) && x > 0) return;
      const message = `hierarchy levels must be positive integers, got ${x}`;
      const b = h.builder;
      if (b?.$type === 'IntervalsBuilder')
        accept('error', message, { node: b, property: 'widths', index, code: IssueCodes.ParameterOutOfRange });
      else if (b?.$type === 'MaskBuilder')
        accept('error', message, { node: b, property: 'counts', index, code: IssueCodes.ParameterOutOfRange });
    });
    const widths = h.builder?.$type === 'IntervalsBuilder' ? h.builder.widths : [];
    const lengths = new Set(h.groups.map((g) => g.levels.length));
    if (lengths.size > 1) {
      accept('error', `every group must list the same number of levels (found ${[...lengths].sort().join(' and ')})`, {
        node: h,
        property: 'groups',
        code: IssueCodes.HierarchyInconsistent,
      });
      return;
    }
    if (widths.some((x) => !(Number.isInteger(x) && x > 0))) return;
    const clash = groupingClash(h.groups);
    if (clash) {
      accept('error', clash, { node: h, property: 'groups', code: IssueCodes.HierarchyInconsistent });
      return;
    }
    try {
      buildHierarchy(h, () => '', '/');
    } catch (e) {
      const code = h.groups.length > 0 ? IssueCodes.HierarchyInconsistent : IssueCodes.HierarchyInvalid;
      accept('error', (e as Error).message, { node: h, property: h.builder ? 'builder' : 'groups', code });
    }
  };

  checkAnonymity = (block: ast.Anonymity, accept: ValidationAcceptor): void => {
    for (const c of block.clauses) {
      if (c.$type === 'KClause' && !(Number.isInteger(c.k) && c.k >= 1))
        accept('error', `k must be an integer ≥ 1, got ${c.k}`, {
          node: c,
          property: 'k',
          code: IssueCodes.ParameterOutOfRange,
        });
      if (c.$type === 'LDiversityClause') {
        if (!(c.l >= 1) || (c.variant !== 'entropy' && !Number.isInteger(c.l)))
          accept('error', `ℓ must be ${c.variant === 'entropy' ? 'a number' : 'an integer'} ≥ 1, got ${c.l}`, {
            node: c,
            property: 'l',
            code: IssueCodes.ParameterOutOfRange,
          });
        if (c.c !== undefined && !(c.c > 0))
          accept('error', `c must be > 0, got ${c.c}`, {
            node: c,
            property: 'c',
            code: IssueCodes.ParameterOutOfRange,
          });
        if (c.variant === 'recursive' && c.c === undefined)
          accept('error', "recursive (c, ℓ)-diversity needs 'c C'", {
            node: c,
            property: 'variant',
            code: IssueCodes.MissingParameter,
          });
        const dataset = AstUtils.getContainerOfType(c, (n): n is ast.Spec => n.$type === 'Spec')?.datasets[0];
        const sensitive = dataset?.clauses.flatMap((x) =>
          x.$type === 'RoleClause' && x.role === 'sensitive' ? x.columns.map((y) => y.name) : [],
        );
        const weight = dataset?.clauses.find((x): x is ast.WeightClause => x.$type === 'WeightClause')?.column?.name;
        // The survey weight never shapes an output: which classes are suppressed would depend on it (review finding).
        if (c.column && weight !== undefined && c.column.name === weight)
          accept(
            'error',
            `'${weight}' is the survey weight, read for the individual risk and never released: ℓ-diversity on it would decide which classes are suppressed`,
            { node: c, property: 'column', code: IssueCodes.InvalidWeight },
          );
        else if (c.column && sensitive && !sensitive.includes(c.column.name))
          accept('warning', `'${c.column.name}' is not declared 'sensitive' in the dataset`, {
            node: c,
            property: 'column',
            code: IssueCodes.SensitiveNotDeclared,
          });
      }
      if (c.$type === 'TClosenessClause') this.checkTCloseness(c, accept);
      if (c.$type === 'LevelClause') {
        if (!(Number.isInteger(c.level) && c.level >= 0))
          accept('error', `a generalization level is an integer ≥ 0, got ${c.level}`, {
            node: c,
            property: 'level',
            code: IssueCodes.ParameterOutOfRange,
          });
        const spec = AstUtils.getContainerOfType(c, (n): n is ast.Spec => n.$type === 'Spec');
        const quasi = spec?.datasets[0]?.clauses.flatMap((x) =>
          x.$type === 'RoleClause' && x.role === 'quasi' ? x.columns.map((y) => y.name) : [],
        );
        if (c.column && quasi && !quasi.includes(c.column.name))
          accept('warning', `'${c.column.name}' is not a quasi-identifier, so pinning its level has no effect`, {
            node: c,
            property: 'column',
            code: IssueCodes.PinWithoutEffect,
          });
        else if (c.column && spec && !spec.hierarchies.some((h) => h.column?.name === c.column.name))
          accept('error', `'${c.column.name}' has no hierarchy to pin a level of`, {
            node: c,
            property: 'column',
            code: IssueCodes.PinWithoutEffect,
          });
      }
      if (c.$type === 'SuppressionClause') {
        const f = c.percent ? c.limit / 100 : c.limit;
        if (!(f >= 0 && f <= 1))
          accept(
            'error',
            `suppression must be between 0 and ${c.percent ? '100%' : '1'}, got ${c.limit}${c.percent ? '%' : ''}`,
            { node: c, property: 'limit', code: IssueCodes.ParameterOutOfRange },
          );
      }
    }
    try {
      anonymityPlan(block);
    } catch {
      // Every parameter the criteria reject is reported above with its own range.
    }
  };

  /**
   * t in (0, 1] (an EMD is at most 1, and t = 0 asks every class to repeat the whole table); the column must be
   * declared sensitive, since the model protects a sensitive column and a quasi-identifier's distribution changes with
   * the generalization; the hierarchical distance needs the hierarchy the spec declares for the column.
   */
  private checkTCloseness(c: ast.TClosenessClause, accept: ValidationAcceptor): void {
    // A missing t is a parse error, reported once as an incomplete clause (incomplete-clause-check.ts).
    if (c.t !== undefined && !(c.t > 0 && c.t <= 1))
      accept('error', `t must be a number in (0, 1], got ${c.t}`, {
        node: c,
        property: 't',
        code: IssueCodes.ParameterOutOfRange,
      });
    const spec = AstUtils.getContainerOfType(c, (n): n is ast.Spec => n.$type === 'Spec');
    const dataset = spec?.datasets[0];
    const name = c.column?.name;
    if (name === undefined || !dataset) return;
    const sensitive = dataset.clauses.flatMap((x) =>
      x.$type === 'RoleClause' && x.role === 'sensitive' ? x.columns.map((y) => y.name) : [],
    );
    if (!sensitive.includes(name))
      accept('error', `t-closeness protects a sensitive column: declare '${name}' 'sensitive' in the dataset`, {
        node: c,
        property: 'column',
        code: IssueCodes.SensitiveNotDeclared,
      });
    if (c.distance === 'hierarchical' && !spec.hierarchies.some((h) => h.column?.name === name))
      accept('error', `the hierarchical distance needs a hierarchy for '${name}': declare 'hierarchy ${name} { … }'`, {
        node: c,
        property: 'distance',
        code: IssueCodes.TClosenessWithoutHierarchy,
      });
  }

  checkBudgetClause = (c: ast.BudgetClause, accept: ValidationAcceptor): void => {
    if (c.name === 'accounting' || c.value === undefined) return;
    const ok = c.name === 'delta' ? c.value > 0 && c.value < 1 : c.value > 0 && Number.isFinite(c.value);
    if (!ok)
      accept(
        'error',
        `${greek(c.name)} must be ${c.name === 'delta' ? 'in (0, 1)' : 'a finite number > 0'}, got ${c.value}`,
        { node: c, property: 'value', code: IssueCodes.ParameterOutOfRange },
      );
  };

  checkReleases = (spec: ast.Spec, accept: ValidationAcceptor): void => {
    // A bound after the mechanism is the view's form (`… hdpview epsilon 1 bound unit rows 2`); every other kind writes
    // it in its query, and two bounds would leave the reader to guess which one counts.
    for (const r of spec.releases) {
      if (!r.bound) continue;
      if (!r.query || !releaseKind(r.query.kind).boundAfterMechanism)
        accept(
          'error',
          `a bound after the mechanism is for view releases; write it before '${r.mechanism?.kind ?? 'the mechanism'}'`,
          { node: r.bound, code: IssueCodes.ParameterOutOfRange },
        );
      else if ('bound' in r.query && r.query.bound)
        accept('error', 'the view is bounded twice; keep one bound', { node: r.bound, code: IssueCodes.Duplicate });
    }
    // A grid or a view over the same column twice has a diagonal for a domain: a repeated dimension is a slip.
    for (const r of spec.releases) {
      const q = r.query;
      const grid = q?.$type === 'GridQuery' ? q : undefined;
      const view = q?.$type === 'ViewQuery' ? q : undefined;
      const columns = grid ? [grid.x, grid.y] : view ? view.dimensions.map((d) => d.column) : [];
      const seen = new Set<string>();
      for (const c of columns) {
        if (c?.name === undefined) continue;
        if (seen.has(c.name))
          accept(
            'error',
            `'${c.name}' is a dimension of ${grid ? 'the grid' : 'the view'} twice; each dimension is a different column`,
            { node: c, code: IssueCodes.Duplicate },
          );
        seen.add(c.name);
      }
    }
    const { plans } = this.analysis(spec);
    for (const plan of plans) {
      // The planner names the field at fault; its token's range is underlined.
      for (const p of plan.problems) {
        const token =
          p.property === undefined ? undefined : GrammarUtils.findNodeForProperty(p.node.$cstNode, p.property);
        const data =
          p.column === undefined ? undefined : { code: p.code, release: plan.name, column: p.column, role: p.role };
        accept('error', p.message, {
          node: p.node,
          ...(token ? { range: token.range } : {}),
          code: p.code,
          ...(data ? { data } : {}),
        });
      }
      // Leaks the stated ε does not cover (groups read from the data, a unit whose contributions are unbounded) stop
      // the release unless the spec accepts them in so many words; then they stay visible as information.
      for (const risk of plan.risks) {
        const code =
          risk.code === 'data-dependent-domain' ? IssueCodes.DataDependentDomain : IssueCodes.UnboundedContribution;
        const data = { code, release: plan.name, ...(risk.column === undefined ? {} : { column: risk.column }) };
        if (risk.accepted)
          accept('info', acceptedRiskText(risk), {
            node: plan.node,
            property: 'name',
            code,
            data: { ...data, consequence: true },
          });
        else accept('error', risk.message, { node: plan.node, property: 'name', code, data });
      }
    }
  };

  checkBudget = (spec: ast.Spec, accept: ValidationAcceptor): void => {
    const { plans, summary, budget, parts } = this.analysis(spec);
    const spending = plans.filter((p) => p.dp && p.problems.length === 0);
    if (spending.length > 0 && !parts.budget) {
      accept('error', "differentially private releases need a 'budget { epsilon … }' block", {
        node: spending[0].node,
        property: 'name',
        code: IssueCodes.NoBudget,
        data: { code: IssueCodes.NoBudget, release: spending[0].name },
      });
      return;
    }
    for (const plan of spending) {
      if (plan.costs[budget.accounting]) continue;
      const m = plan.node.mechanism!;
      const why =
        budget.accounting === 'pure'
          ? `${m.kind} noise is not ε-differentially private; use 'accounting approx' or 'accounting zcdp', or Laplace noise`
          : `${m.kind} with ρ needs a 'delta' to be accounted as (ε, δ)`;
      accept('error', `${m.kind} is not allowed under '${budget.accounting}' accounting: ${why}`, {
        node: m,
        property: 'kind',
        code: IssueCodes.MechanismNotAllowed,
      });
    }
    // One cause, one error: the release whose cost crosses the budget is the error; the releases after it no longer fit
    // only because of it, so they are named in its related information and marked with a hint, not counted as errors.
    const crossing = summary.releases.find((r) => r.overrun);
    const after = crossing
      ? summary.releases.slice(summary.releases.indexOf(crossing) + 1).filter((r) => r.overrun)
      : [];
    if (crossing?.overrun) {
      const info = related([
        ...crossing.overrun.spentBy.map((p) => relatedAt(p.node, `'${p.name}' spent part of the budget`)),
        ...after.map((r) => relatedAt(r.plan.node, `'${r.plan.name}' no longer fits after '${crossing.plan.name}'`)),
      ]);
      const later = after.length
        ? `; ${after.length === 1 ? 'the release' : `${after.length} releases`} after it no longer ${after.length === 1 ? 'fits' : 'fit'} (${after.map((r) => `'${r.plan.name}'`).join(', ')})`
        : '';
      accept(
        'error',
        `budget overrun in '${crossing.plan.name}': ${overrunMessage(this.analysis(spec), crossing)}${later}`,
        {
          node: crossing.plan.node,
          property: 'name',
          code: IssueCodes.BudgetOverrun,
          relatedInformation: info,
          data: { code: IssueCodes.BudgetOverrun, release: crossing.plan.name },
        },
      );
    }
    for (const spend of after) {
      accept('hint', `no longer fits the budget because '${crossing!.plan.name}' overruns it (the error is there)`, {
        node: spend.plan.node,
        property: 'name',
        code: IssueCodes.BudgetOverrun,
        relatedInformation: related([relatedAt(crossing!.plan.node, 'the release that crosses the budget')]),
        data: { code: IssueCodes.BudgetOverrun, release: spend.plan.name, consequence: true },
      });
    }
    for (const spend of summary.releases) {
      if (!spend.overrun && spend.parallelWith.length > 0) {
        accept(
          'info',
          `composes in parallel with ${nameSome(spend.parallelWith)} (disjoint where ranges): adds ${formatAmount(spend.marginal)} of its ${formatAmount(spend.cost)}`,
          { node: spend.plan.node, property: 'name', code: IssueCodes.ParallelComposition },
        );
      }
      if (spend.bound)
        accept('info', `'${spend.plan.name}': ${spend.bound}`, {
          node: spend.plan.node,
          property: 'name',
          code: IssueCodes.OverlapBound,
        });
    }
  };

  /** One part of the spec's data checks (privspec-data-checks.ts), on the spec's document and the server's store. */
  private dataChecks(part: 'files' | 'data' | 'search') {
    return (spec: ast.Spec, accept: ValidationAcceptor, cancel: Cancellation.CancellationToken): Promise<void> =>
      checkSpecData(spec, specPath(AstUtils.getDocument(spec)), this.services.data.CsvStore, accept, cancel, part);
  }

  /** Missing files, unknown columns (against the header only) and hierarchy files: cheap, so in the fast category. */
  checkFiles = this.dataChecks('files');

  /** Hierarchy coverage, k, ℓ and δ against n: they scan the table, so in the slow category. */
  checkData = this.dataChecks('data');

  /**
   * The optimal-transformation hint after a k / ℓ violation: the search, in a category of its own (SEARCH_CATEGORY).
   */
  checkSearch = this.dataChecks('search');

  private analysis(spec: ast.Spec) {
    return analyzeSpec(spec, specPath(AstUtils.getDocument(spec)));
  }
}

/** One column in two roles is an error on each later declaration of it, naming the first. */
function checkRoleConflicts(dataset: ast.Dataset, accept: ValidationAcceptor): void {
  const conflicts = new Map(roleConflicts(datasetRoles(dataset)).map((c) => [c.column, c.roles]));
  const first = new Map<string, { node: AstNode; role: string }>();
  for (const clause of dataset.clauses) {
    const refs =
      clause.$type === 'RoleClause'
        ? clause.columns.map((c, index) => ({ name: c.name, role: clause.role, index }))
        : clause.$type === 'UnitClause' && clause.column
          ? [{ name: clause.column.name, role: 'unit', index: -1 }]
          : [];
    for (const ref of refs) {
      const roles = conflicts.get(ref.name);
      if (!roles) continue;
      const seen = first.get(ref.name);
      if (!seen) {
        first.set(ref.name, { node: clause, role: ref.role });
        continue;
      }
      if (
        seen.role === ref.role ||
        (ref.role === 'unit' && seen.role === 'identifying') ||
        (ref.role === 'identifying' && seen.role === 'unit')
      )
        continue;
      const where =
        ref.index >= 0 ? { node: clause, property: 'columns', index: ref.index } : { node: clause, property: 'column' };
      accept(
        'error',
        `'${ref.name}' is declared ${roles.join(' and ')}: a column has one role (the unit may also be listed identifying); keep the one you mean`,
        {
          ...where,
          code: IssueCodes.RoleConflict,
          relatedInformation: related([relatedAt(seen.node, `'${ref.name}' is first declared ${seen.role} here`)]),
        },
      );
    }
  }
}

/**
 * Up to eight names quoted, then how many more: a spec of thousands of disjoint releases would otherwise print each
 * name once per release, quadratic text for one fact.
 */
function nameSome(names: readonly string[]): string {
  const shown = names
    .slice(0, 8)
    .map((n) => `'${n}'`)
    .join(', ');
  return names.length > 8 ? `${shown} and ${names.length - 8} more` : shown;
}

/** The first group sent to two different parents, which would make a level not a function of the one below. */
function groupingClash(groups: readonly ast.HierarchyGroup[]): string | undefined {
  const parents: Map<string, string>[] = [];
  for (const g of groups) {
    let below = g.values;
    for (let l = 0; l < g.levels.length; l++) {
      const level = (parents[l] ??= new Map());
      for (const v of below) {
        const seen = level.get(v);
        if (seen !== undefined && seen !== g.levels[l])
          return `'${v}' generalizes to both '${seen}' and '${g.levels[l]}' at level ${l + 1}; each value needs one parent`;
        level.set(v, g.levels[l]);
      }
      below = [g.levels[l]];
    }
  }
  return undefined;
}

function formatAmount(a: { epsilon?: number; delta?: number; rho?: number }): string {
  const f = (x: number) => String(Number(x.toPrecision(12)));
  if (a.rho !== undefined) return `ρ=${f(a.rho)}`;
  return a.delta ? `ε=${f(a.epsilon ?? 0)}, δ=${f(a.delta)}` : `ε=${f(a.epsilon ?? 0)}`;
}

/**
 * One survey weight per dataset, and never a column that a release may write: a weight declared quasi-identifying,
 * sensitive or insensitive would be released, and the privacy unit is a person's identity, not a weight.
 */
function checkWeightClauses(dataset: ast.Dataset, accept: ValidationAcceptor): void {
  const weights = dataset.clauses.filter((c): c is ast.WeightClause => c.$type === 'WeightClause');
  if (weights.length > 1)
    accept('error', 'a dataset has one survey weight', { node: weights[1], code: IssueCodes.Duplicate });
  const name = weights[0]?.column?.name;
  if (name === undefined) return;
  for (const c of dataset.clauses) {
    const role =
      c.$type === 'RoleClause' && c.role !== 'identifying' && c.columns.some((x) => x.name === name)
        ? c.role
        : c.$type === 'UnitClause' && c.column?.name === name
          ? 'unit'
          : undefined;
    if (role)
      accept(
        'error',
        `'${name}' is the survey weight and cannot also be ${role === 'unit' ? 'the privacy unit' : `declared ${role}`}: the weight is never released`,
        { node: weights[0], property: 'column', code: IssueCodes.InvalidWeight },
      );
  }
}
