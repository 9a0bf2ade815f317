/**
 * Quick fixes for the anonymity block, computed from the data: pin the optimal transformation's levels
 * (`generalize col L`), or, when no transformation satisfies the block, the nearest k that one does or the smallest
 * suppression limit that lets one; and a suggested hierarchy for a quasi-identifier without one.
 */
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { decideGeneralization, type Decided } from '../../engine/release/decide-generalization.js';
import { generalizeColumns } from '../../engine/preview/frequency-decision.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import type { AnonymityDescription } from '../../engine/release/release-description.js';
import type * as ast from '../generated/ast.js';
import { specPath } from '../privspec-analysis.js';
import { SEARCH_WORK_LIMIT } from '../privspec-search.js';
import { anonymityPlan, buildHierarchy, resolveSpecPath } from '../privspec-to-engine.js';
import {
  insertBeforeClose,
  insertLineAfter,
  nodeAt,
  quickFix,
  rangeOf,
  replace,
  columnNames,
  columnValues,
  frequenciesOf,
  type FixContext,
} from './fix-helpers.js';
import { suggestHierarchy } from './suggest-hierarchy.js';
import { quoteColumn, quoteString } from '../quote-column.js';
import { hierarchyFilesBeside } from './hierarchy-files-beside.js';
import { plural } from '../../engine/core/plural.js';

interface Search {
  /** The frequency table over the columns the block's search reads: a CSV's, or a Parquet or database source's. */
  readonly frequencies: FrequencyTable;
  readonly quasi: readonly string[];
  readonly hierarchies: ReadonlyMap<string, Hierarchy>;
  readonly block: ast.Anonymity;
  readonly plan: AnonymityDescription;
}

/**
 * What the search needs, or undefined when the data, a hierarchy or the block is missing or too large to search here.
 */
async function searchInput(c: FixContext): Promise<Search | undefined> {
  const block = c.analysis.parts.anonymity;
  const header = await columnNames(c);
  if (!block || !header) return undefined;
  const quasi = (c.analysis.dataset?.quasi ?? []).filter((q) => header.includes(q));
  const hierarchies = new Map<string, Hierarchy>();
  const path = specPath(c.document);
  for (const q of quasi) {
    const node = c.analysis.parts.hierarchies.get(q);
    if (!node) return undefined;
    try {
      const text = node.file === undefined ? '' : await c.store.text(resolveSpecPath(path, node.file));
      hierarchies.set(
        q,
        buildHierarchy(node, () => text, path),
      );
    } catch {
      return undefined;
    }
  }
  let plan: AnonymityDescription;
  try {
    plan = anonymityPlan(block);
  } catch {
    return undefined;
  }
  if (quasi.length === 0 || plan.criteria.length === 0) return undefined;
  const frequencies = await frequenciesOf(c, generalizeColumns(quasi, plan));
  if (!frequencies) return undefined;
  const nodes = quasi.reduce((n, q) => n * (hierarchies.get(q)!.height + 1), 1);
  return nodes * frequencies.rowCount > SEARCH_WORK_LIMIT
    ? undefined
    : { frequencies, quasi, hierarchies, block, plan };
}

/**
 * The release's own decision (decide-generalization.ts) on the frequency table, for the block or a variant of it
 * (another k, another suppression limit): the same optimum from a CSV's rows or a source's aggregates. Undefined when
 * refused.
 */
function optimum(s: Search, plan = s.plan): Decided | undefined {
  const d = decideGeneralization(s.frequencies, { quasi: s.quasi, hierarchies: s.hierarchies, anonymity: plan });
  return d.unavailable === undefined ? d : undefined;
}

/** `generalize col L` for every quasi-identifier: existing pins are rewritten, the others added before the `}`. */
function pinEdits(s: Search, levels: readonly number[]): TextEdit[] {
  const edits: TextEdit[] = [];
  const added: string[] = [];
  s.quasi.forEach((q, i) => {
    const pin = s.block.clauses.find((x): x is ast.LevelClause => x.$type === 'LevelClause' && x.column?.name === q);
    const r = pin && rangeOf(pin, 'level');
    if (r) edits.push(replace(r, String(levels[i])));
    else added.push(`generalize ${quoteColumn(q)} ${levels[i]}`);
  });
  const insert = added.length ? insertBeforeClose(s.block, ` ${added.join('  ')} `) : undefined;
  return insert ? [...edits, insert] : edits;
}

export async function anonymityFixes(c: FixContext): Promise<CodeAction[]> {
  const s = await searchInput(c);
  if (!s) return [];
  const best = optimum(s);
  if (best) {
    const shown = s.quasi
      .map((q, i) => `${q}=${best.levels[i]}${best.levels[i] === s.hierarchies.get(q)!.height ? ' (*)' : ''}`)
      .join(', ');
    const outliers = best.evaluation.outliers;
    return [
      quickFix(
        c,
        `Pin the optimal levels: ${shown}${outliers ? ` (${plural(outliers, 'row')} suppressed)` : ''}`,
        pinEdits(s, best.levels),
        true,
      ),
    ];
  }
  return [...nearestK(c, s), ...smallestSuppression(c, s)];
}

/** The largest k below the block's that some transformation satisfies (k-anonymity is monotone in k). */
function nearestK(c: FixContext, s: Search): CodeAction[] {
  const clause = s.block.clauses.find((x): x is ast.KClause => x.$type === 'KClause');
  const range = clause && rangeOf(clause, 'k');
  if (!clause || !range || !(clause.k > 1)) return [];
  const kCriterion = s.plan.criteria.find((x) => x instanceof KAnonymity);
  const withK = (k: number): AnonymityDescription => ({
    ...s.plan,
    k,
    criteria: s.plan.criteria.map((x) => (x === kCriterion ? new KAnonymity(k) : x)),
  });
  let low = 0;
  let high = clause.k; // invariant: high fails; low is 0 or feasible
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (optimum(s, withK(mid))) low = mid;
    else high = mid;
  }
  return low >= 1
    ? [quickFix(c, `Lower k to ${low}, the largest k a transformation satisfies`, [replace(range, String(low))])]
    : [];
}

/** The smallest suppression limit (whole percent) at which a transformation satisfies the block. */
function smallestSuppression(c: FixContext, s: Search): CodeAction[] {
  const withS = (p: number): AnonymityDescription => ({ ...s.plan, suppression: p / 100 });
  if (!optimum(s, withS(100))) return [];
  let low = Math.floor(s.plan.suppression * 100); // fails
  let high = 100; // feasible
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (optimum(s, withS(mid))) high = mid;
    else low = mid;
  }
  const clause = s.block.clauses.find((x): x is ast.SuppressionClause => x.$type === 'SuppressionClause');
  const range = clause && rangeOf(clause, 'limit');
  const edit =
    clause && range
      ? replace({ start: range.start, end: clause.$cstNode!.range.end }, `${high}%`)
      : insertBeforeClose(s.block, ` suppression ${high}% `);
  // Suppressing every row satisfies any model and releases nothing: not a fix.
  return edit && high < 100
    ? [
        quickFix(c, `Allow suppression of ${high}% of rows, the least at which a transformation satisfies the block`, [
          edit,
        ]),
      ]
    : [];
}

export async function quasiWithoutHierarchyFixes(c: FixContext): Promise<CodeAction[]> {
  const ref = nodeAt(c, (n): n is ast.ColumnRef => n.$type === 'ColumnRef');
  const spec = c.document.parseResult.value as ast.Spec;
  const anchor = spec.hierarchies.at(-1) ?? spec.datasets[0];
  if (!ref || !anchor) return [];
  // A hierarchy file beside the data (ARX keeps them there) comes first: its author chose the levels.
  const files = c.fileSystem
    ? await hierarchyFilesBeside(c.fileSystem, c.document, c.analysis.parts.dataset?.file, ref.name)
    : [];
  const actions = files.slice(0, 3).flatMap((file, i) => {
    const edit = insertLineAfter(anchor, `hierarchy ${quoteColumn(ref.name)} from ${quoteString(file)}`);
    return edit ? [quickFix(c, `Use hierarchy '${file.slice(file.lastIndexOf('/') + 1)}'`, [edit], i === 0)] : [];
  });
  const values = await columnValues(c, ref.name);
  const suggestion = values && suggestHierarchy(values);
  const edit = suggestion && insertLineAfter(anchor, `hierarchy ${quoteColumn(ref.name)}${suggestion.text}`);
  if (edit)
    actions.push(quickFix(c, `Add a hierarchy for '${ref.name}': ${suggestion.why}`, [edit], actions.length === 0));
  return actions;
}
