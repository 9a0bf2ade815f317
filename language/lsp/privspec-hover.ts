import type { LangiumDocument } from 'langium';
import type { HoverProvider } from 'langium/lsp';
import type { Hover, HoverParams } from 'vscode-languageserver';
import { riskBefore, type RiskFiguresInput } from '../../engine/report/risk-report-figures.js';
import { readsAtSource, type CsvStore } from '../../engine/host/sources/csv/csv-store.js';
import { didYouMean } from '../did-you-mean.js';
import * as ast from '../generated/ast.js';
import { analyzeDocument, specPath } from '../privspec-analysis.js';
import { sig3 } from '../../engine/release/budget-walk.js';
import { costText, ZCDP_CONVERSION } from '../../engine/release/cost-text.js';
import { costIn } from '../../engine/release/release-costs.js';
import { releaseKind } from '../../engine/release/kinds/registry.js';
import { correlationLeakage } from './correlation-hover.js';
import { buildHierarchy, resolveSpecPath } from '../privspec-to-engine.js';
import type { SpecAnalysis } from '../privspec-analysis.js';
import type { ReleasePlan } from '../privspec-release-plan.js';
import type { PrivspecServices } from '../privspec-module.js';
import { enclosing, leafAt } from './node-at.js';
import { specRiskInput } from './risk-report-request.js';
import { KeywordDocs } from './keyword-docs.js';
import { adds, budgetLabel, releaseBudgetLine } from './readable-costs.js';

const SAMPLES = 8;
/** Figures for people: three significant digits everywhere in the hover. */
const f = sig3;

/**
 * Hover on a release: sensitivity, noise scale, 95 % error bound and privacy cost in every notion (ε, ρ, (ε, δ)),
 * and what it adds to the budget. Hover on a column: its role, hierarchy, distinct count and sample values.
 */
export class PrivspecHoverProvider implements HoverProvider {
  private readonly store: CsvStore;

  constructor(services: PrivspecServices) {
    this.store = services.data.CsvStore;
  }

  /** The hover of the construct under the cursor, followed by the keyword's documentation when the cursor is on one. */
  async getHoverContent(document: LangiumDocument, params: HoverParams): Promise<Hover | undefined> {
    const leaf = leafAt(document, params.position);
    const hover = await this.constructHover(document, params);
    const keyword = leaf && leaf.grammarSource?.$type === 'Keyword' ? KeywordDocs[leaf.text] : undefined;
    if (!keyword) return hover;
    const doc = `\`${leaf!.text}\` — ${keyword.doc}`;
    const value =
      hover && typeof hover.contents === 'object' && 'value' in hover.contents
        ? `${hover.contents.value}\n\n---\n\n${doc}`
        : doc;
    return { contents: { kind: 'markdown', value }, ...(hover?.range ? { range: hover.range } : {}) };
  }

  private async constructHover(document: LangiumDocument, params: HoverParams): Promise<Hover | undefined> {
    const leaf = leafAt(document, params.position);
    const analysis = analyzeDocument(document);
    const ref = enclosing(leaf, ast.isColumnRef);
    if (ref)
      return {
        contents: { kind: 'markdown', value: await this.columnHover(ref.name, analysis) },
        range: ref.$cstNode?.range,
      };
    const dataset = enclosing(leaf, ast.isDataset);
    if (dataset) return { contents: { kind: 'markdown', value: await this.datasetHover(document, analysis) } };
    const hierarchy = enclosing(leaf, ast.isHierarchy);
    if (hierarchy)
      return { contents: { kind: 'markdown', value: await this.hierarchyHover(hierarchy, analysis, document) } };
    const budget = enclosing(leaf, ast.isBudget);
    if (budget) return { contents: { kind: 'markdown', value: budgetHover(analysis) } };
    const release = enclosing(leaf, ast.isRelease);
    const plan = release && analysis.plans.find((p) => p.node === release);
    if (plan) return { contents: { kind: 'markdown', value: await this.releaseHover(plan, analysis) } };
    return undefined;
  }

  /**
   * The dataset: its size and the re-identification risk of the data at the spec's pinned levels (prosecutor model),
   * counted in persons when the spec names a unit, with the population-uniqueness estimate when the spec gives the
   * sampling fraction. The figures are the risk report's "before" (`riskBefore`), the same as `privspec risk` counts.
   */
  private async datasetHover(document: LangiumDocument, analysis: SpecAnalysis): Promise<string> {
    const plan = analysis.dataset;
    if (!plan) return '**dataset**';
    const lines = [`**dataset \`${plan.name}\`** — ${plan.file}`];
    const table = await this.store.peekTable(plan.file);
    // A Parquet file or a database table is never read whole by the editor: its figures come from frequency tables.
    if (!table && readsAtSource(plan.file))
      return [
        ...lines,
        '_Read where it lies: the editor reads only its aggregates. **PrivSpec: Show Risk Report** counts its risk on the frequency table._',
      ].join('\n\n');
    if (!table) return [...lines, '_The data has not been scanned yet._'].join('\n\n');
    lines.push(`${table.rowCount} rows, ${table.columns.length} columns`);
    const quasi = plan.quasi.filter((q) => table.columns.some((c) => c.name === q));
    if (quasi.length === 0) return lines.join('\n\n');
    let input: RiskFiguresInput | undefined;
    try {
      input = await specRiskInput(this.store, document, { table: () => Promise.resolve(table) });
    } catch (e) {
      return [...lines, `Risk not computed: ${(e as Error).message}`].join('\n\n');
    }
    if (!input) return lines.join('\n\n');
    const { report: r, generalization } = riskBefore({ ...input, dataset: { ...input.dataset, quasi } });
    const h = r.histogram;
    const pinned = generalization
      ? ` at the pinned levels (${quasi.map((q, i) => `${q}=${generalization.levels[i]}`).join(', ')})`
      : ' as it stands';
    const counted = r.unit ? `, counted in distinct ${r.unit.column}` : '';
    const below =
      r.kViolations && r.kViolations.classes > 0
        ? `; below k=${r.kViolations.k}: ${r.kViolations.records} ${r.unit ? r.unit.column : r.kViolations.records === 1 ? 'row' : 'rows'} in ${r.kViolations.classes} ${r.kViolations.classes === 1 ? 'class' : 'classes'}`
        : '';
    lines.push(
      `Risk${pinned} on ${quasi.join(', ')}${counted} (prosecutor model): ${h.classes} classes, ${r.sampleUniques} sample uniques, average risk ${f(r.prosecutor.averageRisk)}, highest ${f(r.prosecutor.highestRisk)}${below}`,
    );
    const u = r.populationUniqueness;
    if (u) {
      const share = u.dankar.share;
      lines.push(
        `Population uniqueness at sampling ${u.population.samplingFraction} (Dankar et al.'s rule: ${u.dankar.model}): ${share === null ? 'no estimate' : `${f(share * 100)} % of the population`}`,
      );
    }
    return lines.join('\n\n');
  }

  /** A hierarchy: its height and the chain of generalizations of a few values from the data. */
  private async hierarchyHover(
    node: ast.Hierarchy,
    analysis: SpecAnalysis,
    document: LangiumDocument,
  ): Promise<string> {
    const name = node.column?.name ?? '?';
    const lines = [`**hierarchy \`${name}\`**`];
    try {
      const path = specPath(document);
      const text = node.file === undefined ? '' : await this.store.text(resolveSpecPath(path, node.file));
      const h = buildHierarchy(node, () => text, path);
      lines.push(`${h.height} ${h.height === 1 ? 'level' : 'levels'} above the original values`);
      const table = analysis.dataset ? await this.store.peekTable(analysis.dataset.file) : undefined;
      const values = table?.columns.find((c) => c.name === name)?.dictionary.slice(0, 3) ?? h.values?.slice(0, 3) ?? [];
      for (const v of values) {
        const chain = h.generalize(v);
        lines.push(chain ? chain.map((x) => `\`${x}\``).join(' → ') : `\`${v}\` is not covered`);
      }
    } catch (e) {
      lines.push(`Cannot be built: ${(e as Error).message}`);
    }
    return lines.join('\n\n');
  }

  private async columnHover(name: string, analysis: SpecAnalysis): Promise<string> {
    const lines = [`**column \`${name}\`**`];
    const roles = (analysis.parts.dataset?.clauses ?? []).flatMap((c) =>
      c.$type === 'RoleClause' && c.columns.some((x) => x.name === name)
        ? [c.role]
        : c.$type === 'UnitClause' && c.column?.name === name
          ? ['privacy unit']
          : c.$type === 'WeightClause' && c.column?.name === name
            ? ['survey weight (never released)']
            : [],
    );
    if (roles.length) lines.push(`Role: ${roles.join(', ')}`);
    const h = analysis.parts.hierarchies.get(name);
    if (h)
      lines.push(
        `Hierarchy: ${h.builder ? `${h.builder.kind}` : h.file ? `file ${h.file}` : `${h.groups.length} ${h.groups.length === 1 ? 'group' : 'groups'}`}`,
      );
    const table = analysis.dataset ? await this.store.peekTable(analysis.dataset.file) : undefined;
    const column = table?.columns.find((c) => c.name === name);
    if (column) {
      const sample = column.dictionary
        .slice(0, SAMPLES)
        .map((v) => `\`${v}\``)
        .join(', ');
      lines.push(
        `${column.dictionary.length} distinct values in ${table!.rowCount} rows: ${sample}${column.dictionary.length > SAMPLES ? ', …' : ''}`,
      );
    } else if (analysis.dataset) {
      // A name the header lacks is a typo, not data waiting to be scanned: say so, with the nearest header name.
      const header = await this.store.header(analysis.dataset.file, analysis.dataset.delimiter).then(
        (h) => h.header,
        () => undefined,
      );
      if (header && !header.includes(name)) {
        const guess = didYouMean(name, header);
        lines.push(
          `Not a column of ${analysis.dataset.file}${guess ? ` (did you mean \`${guess}\`?)` : `; its columns are ${header.join(', ')}`}.`,
        );
      } else lines.push('_The data has not been scanned yet; counts appear after the first full check._');
    }
    return lines.join('\n\n');
  }

  private async releaseHover(plan: ReleasePlan, analysis: SpecAnalysis): Promise<string> {
    const q = plan.node.query;
    const lines = [`**release \`${plan.name}\`** — ${q?.kind ?? '?'}${plan.mechanism ? `, ${plan.mechanism}` : ''}`];
    // The kind's own lines (engine/release/kinds/<kind>/<kind>-hover.ts), from what the editor has scanned.
    const kind = releaseKind(plan.description.query.kind);
    const table = () => (analysis.dataset ? this.store.peekTable(analysis.dataset.file) : Promise.resolve(undefined));
    const own = await kind.hover(plan, {
      inlineDomains: analysis.inlineDomains,
      rows: async () => (await table())?.rowCount,
      distinct: async (column) => (await table())?.columns.find((c) => c.name === column)?.dictionary.length,
    });
    if (!plan.dp) return [...lines, ...own.about].join('\n\n');
    const s = plan.sensitivity;
    if (s && Number.isFinite(s.l1)) lines.push(`Sensitivity: Δ₁ = ${f(s.l1)}, Δ₂ = ${f(s.l2)} (${s.why})`);
    const noise = plan.noise;
    if (noise?.kind === 'laplace') lines.push(`Noise: Laplace, scale b = Δ₁/ε = ${f(noise.scale)}`);
    if (noise?.kind === 'gaussian') lines.push(`Noise: Gaussian, σ = ${f(noise.sigma)}`);
    lines.push(...own.about);
    // The kinds with a Bayesian-DP calibration for correlated units (Yang, Sato, Nakagawa 2015) show its scale.
    const correlation = analysis.dataset?.correlation;
    if (correlation && noise?.kind === 'laplace' && kind.bayesian) {
      const c = await correlationLeakage(this.store, correlation.file, correlation.prior ?? 0);
      lines.push(
        typeof c === 'string'
          ? `Correlated units: ${c}`
          : `Correlated units (${c.n}, Gaussian model, τ = ${correlation.prior ?? 0}): max ℓ = ${f(c.max)}, most exposed unit \`${c.unit}\`; for ε-Bayesian DP the Laplace scale is ${f(noise.scale)} × (1 + max ℓ) = ${f(noise.scale * (1 + c.max))} (without the correlation: ${f(noise.scale)})`,
      );
    }
    if (own.error !== undefined) lines.push(own.error);
    else if (plan.error95 !== undefined) lines.push(`95 % error bound: ±${f(plan.error95)}`);
    lines.push(...(own.after ?? []));
    lines.push(...costLines(plan, analysis));
    const budgetLine = releaseBudgetLine(analysis, plan);
    if (budgetLine) lines.push(budgetLine);
    return lines.join('\n\n');
  }
}

/** The budget block: limit, what the releases spend in the accounting's notion, and each release's share. */
function budgetHover(analysis: SpecAnalysis): string {
  const { summary } = analysis;
  const key = summary.accounting === 'zcdp' ? 'rho' : 'epsilon';
  const lines = [`**budget** (${summary.accounting} accounting): ${budgetLabel(analysis)} planned`];
  if (analysis.notRunnable.length > 0)
    lines.push(`Not counted (cannot run as written): ${analysis.notRunnable.map((n) => `\`${n}\``).join(', ')}`);
  if (summary.accounting === 'zcdp' && summary.limit.epsilon !== undefined && summary.limit.delta !== undefined) {
    lines.push(
      `Limit ρ = ${f(summary.limit.rho ?? 0)}, the largest ρ with ρ + 2√(ρ ln 1/δ) ≤ ε = ${f(summary.limit.epsilon)} at δ = ${f(summary.limit.delta)}; planned ρ = ${f(summary.spent.rho ?? 0)}, whose converted total is ε = ${f(summary.spent.epsilon ?? 0)} (${ZCDP_CONVERSION}, Prop. 1.3; ρ adds up, ε does not)`,
    );
  }
  // Each release in the budget's notion, as the lenses state it (one notion per sentence, issue 22).
  for (const r of summary.releases)
    lines.push(
      `- \`${r.plan.name}\`: ${(r.marginal[key] ?? 0) < (r.cost[key] ?? 0) ? `${costText(r.cost, summary.accounting)}, adds ${adds(analysis, r)} (parallel)` : adds(analysis, r)}${r.overrun ? ' — **overrun**' : ''}`,
    );
  return lines.join('\n\n');
}

/**
 * The release's cost in its budget's notion only, what the budget adds up (issue 37's rule: an ε beside a ρ only for
 * totals and the remainder). The mechanism's own guarantees in the other notions were listed here too, labelled, and
 * still read as a second cost of the same release to a newcomer: the mechanism's parameter (`laplace epsilon 0.2`)
 * stays in the mechanism's line, as what sets its noise.
 */
function costLines(plan: ReleasePlan, a: SpecAnalysis): string[] {
  const { accounting } = a.summary;
  const own = costIn(plan.costs, accounting);
  return [
    `Privacy cost (${accounting} accounting): ${own ? costText(own, accounting) : `cannot be accounted under ${accounting}`}`,
  ];
}
