import { equivalenceClasses } from '../anonymity/equivalence-classes.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { metricFor } from '../release/anonymity-search.js';
import { boundHierarchies, checkLevels, generalizeTransformation, type Transformation } from '../release/generalize-transformation.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import { makeProblem } from '../search/problem.js';
import { Lattice } from '../search/lattice.js';
import { NodeEvaluator } from '../search/node-evaluator.js';
import type { AnonymityDescription, DatasetDescription } from '../release/release-description.js';
import { classSizeHistogram } from '../risk/class-size-histogram.js';
import { populationUniqueness } from '../risk/population-uniqueness.js';
import { prosecutorRisk } from '../risk/prosecutor-risk.js';
import { column, type Table } from '../table/table.js';
import { MAX_LATTICE_NODES, type GeneralizeBody, type LatticeNode, type RiskFigures } from './preview-types.js';

const SAMPLE_ROWS = 12;

function risk(sizes: ArrayLike<number>, rows: number, sampling?: number): RiskFigures {
  const h = classSizeHistogram(sizes);
  const p = prosecutorRisk(h);
  const pu = sampling !== undefined && sampling > 0 && sampling <= 1 && h.rows > 0 ? populationUniqueness(h, sampling).dankar.share ?? undefined : undefined;
  return { rows, classes: h.classes, averageRisk: p.averageRisk, highestRisk: p.highestRisk, ...(pu !== undefined ? { populationUniqueness: pu } : {}) };
}

/**
 * A generalize release: the lattice of full-domain generalizations (Samarati 2001) with each node satisfied or not and
 * the transformation the release applies (`generalizeTransformation`, the very function ▶ Run and `privspec release`
 * call: the spec's pins fixed, the rest searched), a node to preview (that transformation, or the one the user picked),
 * the first rows before and after it, its class sizes and suppressed rows, and the prosecutor risk (El Emam & Dankar
 * 2008) before and after, with population uniqueness when `sampling` is declared.
 */
export function generalizePreview(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription, levels?: readonly number[]): GeneralizeBody {
  const quasi = dataset.quasi;
  const missing = quasi.filter((q) => !hierarchies.has(q));
  if (missing.length > 0) throw new Error(`generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`);
  if (anonymity.criteria.length === 0) throw new Error('the anonymity block states no model to search for');
  let release: Transformation | undefined;
  let unavailable: string | undefined;
  try {
    release = generalizeTransformation(table, dataset.quasi, hierarchies, anonymity);
  } catch (e) {
    if (!(e instanceof ReleaseUnavailable)) throw e;
    unavailable = e.message;
  }
  const problem = release?.problem ?? makeProblem(table, { qi: quasi, hierarchies: quasi.map((q) => hierarchies.get(q)!), criteria: anonymity.criteria, suppression: anonymity.suppression });
  const bound = release?.bound ?? boundHierarchies(table, quasi, hierarchies);
  const heights = bound.map((b) => b.height);
  const optimum = release?.levels ?? null;
  // Nodes are checked and measured by the search's own evaluator and metric, so the picture agrees with the release.
  const grid = new Lattice(heights);
  const evaluator = new NodeEvaluator(problem, grid);
  const metric = metricFor(anonymity.metric, problem);
  const check = (levels: readonly number[]) => {
    const e = evaluator.evaluate(grid.id(levels));
    return { satisfied: e.valid, loss: metric.value(e) };
  };
  const valid = levels && levels.length === quasi.length && levels.every((l, i) => Number.isInteger(l) && l >= 0 && l <= heights[i]);
  // Without a transformation to release, the preview opens at the pins (the rest as in the data).
  const selected = valid ? levels : optimum ?? quasi.map((q) => Math.min(anonymity.pins.get(q) ?? 0, heights[quasi.indexOf(q)]));
  const same = (a: readonly number[] | null, b: readonly number[]) => a !== null && a.every((x, i) => x === b[i]);

  const total = heights.reduce((n, h) => n * (h + 1), 1);
  const lattice: LatticeNode[] = [];
  if (total <= MAX_LATTICE_NODES) {
    for (let n = 0; n < total; n++) {
      const node: number[] = [];
      let rest = n;
      for (const h of heights) {
        node.push(rest % (h + 1));
        rest = Math.floor(rest / (h + 1));
      }
      lattice.push({ levels: node, ...check(node), optimal: same(optimum, node) });
    }
  } else {
    for (const node of optimum && !same(optimum, selected) ? [optimum, selected] : [selected]) lattice.push({ levels: node, ...check(node), optimal: same(optimum, node) });
  }

  const at = release && same(optimum, selected) ? release : checkLevels(table, quasi, bound, selected, anonymity);
  const cells = quasi.map((q) => column(table, q));
  const value = (i: number, r: number, level: number) => bound[i].levelValues[level][bound[i].levelCodes[level][cells[i].codes[r]]];
  const first = Math.min(SAMPLE_ROWS, table.rowCount);
  const before: string[][] = [];
  const after: (string[] | null)[] = [];
  for (let r = 0; r < first; r++) {
    before.push(quasi.map((_, i) => value(i, r, 0)));
    after.push(at.passes[at.classes.classOf[r]] ? quasi.map((_, i) => value(i, r, selected[i])) : null);
  }
  const keptSizes: number[] = [];
  for (let id = 0; id < at.classes.classCount; id++) if (at.passes[id]) keptSizes.push(at.classes.sizes[id]);
  const h = classSizeHistogram(keptSizes);
  const original = equivalenceClasses(table, quasi);
  return {
    kind: 'generalize',
    columns: quasi,
    heights,
    lattice,
    latticeComplete: total <= MAX_LATTICE_NODES,
    optimum,
    selected,
    levelMeaning: quasi.map((q, i) => `${q} ${selected[i]} of ${heights[i]}${table.rowCount > 0 && selected[i] > 0 ? `: ${value(i, 0, 0)} → ${value(i, 0, selected[i])}` : ''}`),
    sample: { header: quasi, before, after },
    classSizes: h.sizes.map((s, i) => [s, h.counts[i]] as const),
    suppressed: at.suppressed,
    satisfied: at.satisfied,
    loss: { metric: metric.name, selected: check(selected).loss, optimum: release?.loss ?? null },
    pinned: quasi.filter((q) => anonymity.pins.has(q)),
    ...(unavailable !== undefined ? { unavailable } : {}),
    criteria: anonymity.criteria.map((c) => c.name),
    before: risk(original.sizes, table.rowCount, dataset.sampling),
    after: risk(keptSizes, table.rowCount - at.suppressed, dataset.sampling),
  };
}
