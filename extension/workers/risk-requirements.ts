import { classStats } from '../../engine/anonymity/class-stats.js';
import { distinctUnitsPerClass } from '../../engine/anonymity/distinct-units.js';
import { equivalenceClasses, type EquivalenceClasses } from '../../engine/anonymity/equivalence-classes.js';
import type { Criterion } from '../../engine/criteria/criterion.js';
import { criterionFrom, type CriterionSpec } from '../../engine/criteria/criterion-spec.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { bindHierarchy, type BoundHierarchy } from '../../engine/hierarchy/bound-hierarchy.js';
import { searchAnonymity } from '../../engine/release/anonymity-search.js';
import { classSizeHistogram, classesOfSize } from '../../engine/risk/class-size-histogram.js';
import { prosecutorRisk } from '../../engine/risk/prosecutor-risk.js';
import { column, type Table } from '../../engine/table/table.js';
import type { CsvModel, RequirementCheck, RiskAfter } from '../protocol.js';
import { buildHierarchy } from './hierarchies.js';

const fmt = (x: number) => (Number.isFinite(x) ? String(Number(x.toPrecision(3))) : '∞');

/** What the requirement asks, in words: `k ≥ 3 distinct patient_id`, `entropy ℓ ≥ 2 on diagnosis`. */
function required(s: CriterionSpec): string {
  if (s.kind === 'k-anonymity') return `k ≥ ${s.k}${s.unit ? ` distinct ${s.unit}` : ' rows'} per class`;
  if (s.variant === 'recursive') return `recursive (c=${s.c}, ℓ=${s.l}) on ${s.sensitive}: r₁ < c·(r_ℓ+…+r_m) in every class`;
  return `${s.variant} ℓ ≥ ${s.l} on ${s.sensitive} in every class`;
}

/**
 * Each requirement of the spec measured on the classes (those with `keep[id]` set, when given): the table's value of the
 * model's own measure (the smallest class, the smallest distinct or entropy ℓ, the largest recursive ratio r₁/tail) and
 * the classes and rows that fail it. "Met" means no class fails.
 */
export function checkRequirements(table: Table, classes: EquivalenceClasses, specs: readonly CriterionSpec[], keep?: Uint8Array): RequirementCheck[] {
  return specs.map((s) => {
    const criterion = criterionFrom(s) as Criterion & { measure?: (c: ReturnType<typeof classStats>[number]) => number };
    const stats = classStats(table, classes, criterion.sensitive);
    const recursive = s.kind === 'l-diversity' && s.variant === 'recursive';
    let worst = recursive ? -Infinity : Infinity;
    let failingClasses = 0;
    let failingRows = 0;
    stats.forEach((c, id) => {
      if (keep && !keep[id]) return;
      const m = criterion.measure ? criterion.measure(c) : c.size;
      worst = recursive ? Math.max(worst, m) : Math.min(worst, m);
      if (!criterion.isSatisfied(c)) {
        failingClasses++;
        failingRows += c.size;
      }
    });
    const measuredName = s.kind === 'k-anonymity' ? `smallest class: ${fmt(worst)} ${s.unit ? `distinct ${s.unit}` : worst === 1 ? 'row' : 'rows'}` : recursive ? `largest r₁/(r_ℓ+…+r_m): ${fmt(worst)}` : `smallest ${s.variant} ℓ: ${fmt(worst)}`;
    return { name: criterion.name, required: required(s), measured: measuredName, failingClasses, failingRows, met: failingClasses === 0 };
  });
}

/**
 * The spec's optimal transformation (the engine's lattice search, as `privspec release` runs it for a generalize release)
 * and the figures of what it would release: the rows left after suppressing classes that fail, their class sizes and
 * prosecutor risk, and the requirements measured on them. Undefined reasons come back as text.
 */
export function optimalAfter(table: Table, model: CsvModel): RiskAfter {
  const req = model.requirements;
  if (!req || req.criteria.length === 0) return { unavailable: 'the spec has no anonymity block to search for' };
  const missing = model.qi.filter((q) => !model.hierarchies[q]);
  if (missing.length > 0) return { unavailable: `no hierarchy for ${missing.join(', ')}: the search needs one for every quasi-identifier` };
  const hierarchies = new Map<string, Hierarchy>(model.qi.map((q) => [q, buildHierarchy(model.hierarchies[q])]));
  const criteria = req.criteria.map(criterionFrom);
  // What the generalize release writes: the pinned levels when the spec pins every quasi-identifier (applied as they
  // are), else the search's optimum. Some pins but not all: the release refuses, so the report says so.
  const pinned = model.qi.filter((q) => model.levels[q] !== undefined);
  if (pinned.length > 0 && pinned.length < model.qi.length) {
    return { unavailable: `the spec pins ${pinned.join(', ')} but not ${model.qi.filter((q) => model.levels[q] === undefined).join(', ')}; the generalize release needs a pin for every quasi-identifier, or none to search` };
  }
  let bound: BoundHierarchy[];
  let chosen: readonly number[];
  if (pinned.length > 0) {
    try {
      bound = model.qi.map((q) => bindHierarchy(hierarchies.get(q)!, column(table, q)).bound);
    } catch (e) {
      return { unavailable: (e as Error).message };
    }
    chosen = model.qi.map((q) => model.levels[q]);
  } else {
    let found: ReturnType<typeof searchAnonymity>;
    try {
      found = searchAnonymity(table, model.qi, hierarchies, { criteria, suppression: req.suppression, metric: req.metric, pins: new Map() });
    } catch (e) {
      return { unavailable: (e as Error).message };
    }
    const optimum = found?.result.optimum;
    if (!found || !optimum) return { unavailable: `no generalization satisfies the model within the suppression limit of ${fmt(100 * req.suppression)}% of rows` };
    bound = found.problem.qi.map((q) => q.hierarchy) as BoundHierarchy[];
    chosen = optimum.levels;
  }
  const classes = equivalenceClasses(table, model.qi, { hierarchies: bound, levels: chosen });
  const keep = new Uint8Array(classes.classCount).fill(1);
  for (const criterion of criteria) classStats(table, classes, criterion.sensitive).forEach((c, id) => { if (!criterion.isSatisfied(c)) keep[id] = 0; });
  const unit = model.unit !== undefined ? table.columns.find((c) => c.name === model.unit) : undefined;
  // Risk counts people when there is a unit, as before the transformation; suppression counts rows.
  const measured = unit ? distinctUnitsPerClass(classes, unit.codes, unit.dictionary.length) : classes.sizes;
  const sizes: number[] = [];
  let suppressed = 0;
  for (let id = 0; id < classes.classCount; id++) (keep[id] ? sizes.push(measured[id]) : (suppressed += classes.sizes[id]));
  const h = classSizeHistogram(Int32Array.from(sizes));
  const risk = prosecutorRisk(h);
  const firstRow = 0;
  return {
    basis: pinned.length > 0 ? 'pinned' : 'optimal',
    levels: model.qi.map((q, i) => {
      const b = bound[i];
      const code = column(table, q).codes[firstRow];
      const from = column(table, q).dictionary[code];
      const to = b.levelValues[chosen[i]][b.levelCodes[chosen[i]][code]];
      return { column: q, level: chosen[i], height: b.height, example: table.rowCount > 0 && chosen[i] > 0 ? `${from} → ${to}` : '' };
    }),
    suppressed,
    rows: table.rowCount - suppressed,
    classes: sizes.length,
    sampleUniques: classesOfSize(h, 1),
    averageRisk: risk.averageRisk,
    highestRisk: risk.highestRisk,
    classSizeHistogram: h.sizes.map((s, i) => [s, h.counts[i]] as const),
    requirements: checkRequirements(table, classes, req.criteria, keep),
  };
}
