import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { canonicalFrequencyTable } from '../table/canonical-frequency-table.js';
import { frequencyClasses } from '../anonymity/frequency-classes.js';
import { decideGeneralization } from '../release/decide-generalization.js';
import type { AnonymizationProblem } from '../search/problem.js';
import { keptRecords, valuesAt } from './frequency-decision.js';
import type { AnonymityDescription, DatasetDescription } from '../release/release-description.js';
import type { ClassSizeHistogram } from '../risk/class-size-histogram.js';
import { populationUniqueness } from '../risk/population-uniqueness.js';
import { classRisk, type UnitCodes } from '../risk/class-risk.js';
import type { EquivalenceClasses } from '../anonymity/equivalence-classes.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { MAX_LATTICE_NODES, type GeneralizeBody, type LatticeNode, type RiskFigures } from './preview-types.js';

const SAMPLE_ROWS = 12;

/**
 * The figures of one partition, from the report's own count (`classRisk`): persons per class with a unit, rows
 * otherwise; `rows` are the rows the partition holds. The class-size histogram is returned beside them, counted alike.
 */
function risk(
  classes: EquivalenceClasses,
  rows: number,
  unit: { readonly name: string; readonly codes: UnitCodes } | undefined,
  sampling: number | undefined,
  kept?: ArrayLike<number>,
): { figures: RiskFigures; histogram: ClassSizeHistogram } {
  const { histogram: h, prosecutor: p } = classRisk(classes, unit?.codes, kept);
  const pu =
    sampling !== undefined && sampling > 0 && sampling <= 1 && h.rows > 0
      ? (populationUniqueness(h, sampling).dankar.share ?? undefined)
      : undefined;
  const figures: RiskFigures = {
    rows,
    classes: h.classes,
    averageRisk: p.averageRisk,
    highestRisk: p.highestRisk,
    ...(unit !== undefined ? { unit: unit.name, persons: h.rows } : {}),
    ...(pu !== undefined ? { populationUniqueness: pu } : {}),
  };
  return { figures, histogram: h };
}

/** The dataset's unit as the frequency table codes it, when the table groups by it. */
function unitOf(frequencies: FrequencyTable, unit: string | undefined) {
  const j = unit === undefined ? -1 : frequencies.columns.findIndex((c) => c.name === unit);
  if (j < 0) return undefined;
  const codes: UnitCodes = { codes: frequencies.codes[j], cardinality: frequencies.columns[j].dictionary.length };
  return { name: unit!, codes };
}

/**
 * The example records: the first distinct quasi-identifier tuples in sorted order (numbers by value), so that every
 * source — whose frequency table comes back in its own order — shows the same records.
 */
function exampleRecords(problem: AnonymizationProblem): number[] {
  const collator = new Intl.Collator('en', { numeric: true });
  const seen = new Map<string, number>();
  for (let t = 0; t < problem.recordCount; t++) {
    const key = JSON.stringify(
      valuesAt(
        problem,
        t,
        problem.qi.map(() => 0),
      ),
    );
    if (!seen.has(key)) seen.set(key, t);
  }
  const order = (a: string, b: string) => {
    const x = JSON.parse(a) as string[];
    const y = JSON.parse(b) as string[];
    for (let i = 0; i < x.length; i++) {
      const c = collator.compare(x[i], y[i]);
      if (c !== 0) return c;
    }
    return 0;
  };
  return [...seen.keys()]
    .sort(order)
    .slice(0, SAMPLE_ROWS)
    .map((k) => seen.get(k)!);
}

/**
 * A generalize release: the lattice of full-domain generalizations (Samarati 2001) with each node satisfied or not and
 * the transformation the release applies — decided on the frequency table over the columns the anonymity block reads
 * (`problemOf`, what ▶ Run and `privspec release` search, in memory or on a source's frequency table; the spec's pins
 * fixed, the rest searched) — a node to preview (that transformation, or the one the user picked), example records
 * before and after it, its class sizes and suppressed rows, and the prosecutor risk (El Emam & Dankar 2008) as it
 * stands (at the pinned levels, as the Risk Report counts it) and after, in persons with a unit, with population
 * uniqueness when `sampling` is declared.
 */
export function generalizePreview(
  table: FrequencyTable,
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
  levels?: readonly number[],
): GeneralizeBody {
  const quasi = dataset.quasi;
  // The decision's own order (canonical-frequency-table.ts): the kept records and classes below index its records.
  const frequencies = canonicalFrequencyTable(table);
  // The release's own decision; nodes are checked and measured by its evaluator and metric, so the picture agrees.
  const decision = decideGeneralization(frequencies, { quasi, hierarchies, anonymity });
  const { problem, metric, lattice: grid, evaluator, unavailable } = decision;
  const release = unavailable === undefined ? decision : null;
  const heights = problem.qi.map((q) => q.hierarchy.height);
  const optimum = release?.levels ?? null;
  const check = (levels: readonly number[]) => {
    const id = grid.id(levels);
    const e = evaluator.evaluate(id);
    return { satisfied: e.valid, loss: metric.value(e), checked: decision.checkedNodes[id] === 1 };
  };
  const valid =
    levels &&
    levels.length === quasi.length &&
    levels.every((l, i) => Number.isInteger(l) && l >= 0 && l <= heights[i]);
  // Without a transformation to release, the preview opens at the pins (the rest as in the data).
  const selected = valid
    ? levels
    : (optimum ?? quasi.map((q) => Math.min(anonymity.pins.get(q) ?? 0, heights[quasi.indexOf(q)])));
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
    for (const node of optimum && !same(optimum, selected) ? [optimum, selected] : [selected])
      lattice.push({ levels: node, ...check(node), optimal: same(optimum, node) });
  }

  const at = release && same(optimum, selected) ? release.evaluation : evaluator.evaluate(grid.id(selected));
  const kept = keptRecords(frequencies, problem, at);
  const examples = exampleRecords(problem);
  const sampleBefore = examples.map((t) =>
    valuesAt(
      problem,
      t,
      quasi.map(() => 0),
    ),
  );
  const sampleAfter = examples.map((t) => (kept[t] ? valuesAt(problem, t, selected) : null));
  // Risk before and after as the Risk Report counts it: the data at the spec's pinned levels (the report's "as it
  // stands", riskBefore: one "before" per spec), and at the selected levels with the classes the release suppresses
  // left out (whether a class is kept is a property of its records). Class sizes count persons with a unit, as there.
  const unit = unitOf(frequencies, dataset.unit);
  const pinned = quasi.map((q, i) => Math.min(anonymity.pins.get(q) ?? 0, heights[i]));
  const original = frequencyClasses(
    frequencies,
    quasi,
    pinned.some((l) => l > 0) ? { hierarchies: problem.qi.map((q) => q.hierarchy), levels: pinned } : undefined,
  );
  const generalized = frequencyClasses(frequencies, quasi, {
    hierarchies: problem.qi.map((q) => q.hierarchy),
    levels: selected,
  });
  const keptClasses = Uint8Array.from(generalized.firstRow, (t) => kept[t]);
  const first = examples[0];
  const before = risk(original, frequencies.rowCount, unit, dataset.sampling);
  const after = risk(generalized, frequencies.rowCount - at.outliers, unit, dataset.sampling, keptClasses);
  return {
    kind: 'generalize',
    columns: quasi,
    heights,
    lattice,
    latticeComplete: total <= MAX_LATTICE_NODES,
    optimum,
    selected,
    levelMeaning: quasi.map(
      (q, i) =>
        `${q} ${selected[i]} of ${heights[i]}${first !== undefined && selected[i] > 0 ? `: ${sampleBefore[0][i]} → ${valuesAt(problem, first, selected)[i]}` : ''}`,
    ),
    sample: { header: quasi, before: sampleBefore, after: sampleAfter },
    classSizes: after.histogram.sizes.map((s, i) => [s, after.histogram.counts[i]] as const),
    suppressed: at.outliers,
    satisfied: at.valid,
    loss: { metric: metric.name, selected: check(selected).loss, optimum: release?.loss ?? null },
    pinned: quasi.filter((q) => anonymity.pins.has(q)),
    ...(unavailable !== undefined ? { unavailable } : {}),
    criteria: anonymity.criteria.map((c) => c.name),
    before: before.figures,
    after: after.figures,
  };
}
