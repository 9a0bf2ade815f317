/**
 * The `generalize` release: the globally optimal full-domain generalization of the quasi-identifiers for the
 * anonymity block (the engine's search), with the rows of classes that still fail the model suppressed and the
 * identifying columns and the privacy unit removed.
 *
 * Suppressed rows are left out of the file rather than kept with `*` quasi-identifiers as ARX's output does: kept, they
 * would form one more class, exempt from k and ℓ, whose sensitive values an attacker can read off by elimination.
 */
import { classStats } from '../engine/anonymity/class-stats.js';
import { equivalenceClasses } from '../engine/anonymity/equivalence-classes.js';
import { bindHierarchy, type BoundHierarchy } from '../engine/hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../engine/hierarchy/hierarchy.js';
import { column, type Table } from '../engine/table/table.js';
import { ReleaseUnavailable, type ComputedRelease } from './release-compute.js';
import { searchAnonymity } from './privspec-search.js';
import type { AnonymityPlan, DatasetPlan } from './privspec-to-engine.js';

export function computeGeneralize(table: Table, dataset: DatasetPlan, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityPlan | undefined): ComputedRelease {
  if (!anonymity || anonymity.criteria.length === 0) throw new ReleaseUnavailable("generalize needs an 'anonymity { k … }' block");
  const missing = dataset.quasi.filter((q) => !hierarchies.has(q));
  if (missing.length) throw new ReleaseUnavailable(`generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`);
  const pinned = dataset.quasi.filter((q) => anonymity.pins.has(q));
  let bound: BoundHierarchy[];
  let levels: readonly number[];
  let loss: number | undefined;
  if (pinned.length > 0) {
    // The spec's pins are the user's choice of transformation: applied as they are, then checked like a search result.
    if (pinned.length < dataset.quasi.length) {
      throw new ReleaseUnavailable(`generalize with pinned levels needs a pin for every quasi-identifier; not pinned: ${dataset.quasi.filter((q) => !anonymity.pins.has(q)).join(', ')} (or remove the pins to search)`);
    }
    bound = dataset.quasi.map((q) => bindHierarchy(hierarchies.get(q)!, column(table, q)).bound);
    levels = dataset.quasi.map((q) => anonymity.pins.get(q)!);
  } else {
    const found = searchAnonymity(table, dataset.quasi, hierarchies, anonymity);
    const optimum = found?.result.optimum;
    if (!found || !optimum) throw new ReleaseUnavailable('no generalization of the quasi-identifiers satisfies the anonymity block within the suppression limit');
    bound = found.problem.qi.map((q) => q.hierarchy);
    levels = optimum.levels;
    loss = optimum.loss;
  }
  const classes = equivalenceClasses(table, dataset.quasi, { hierarchies: bound, levels });
  const passes = new Uint8Array(classes.classCount).fill(1);
  for (const criterion of anonymity.criteria) {
    classStats(table, classes, criterion.sensitive).forEach((s, id) => {
      if (!criterion.isSatisfied(s)) passes[id] = 0;
    });
  }
  // The privacy unit identifies a person across rows, so it leaves with the identifying columns.
  const failing = classes.classOf.reduce((n, id) => n + (passes[id] ? 0 : 1), 0);
  const limit = Math.floor(anonymity.suppression * table.rowCount);
  if (failing > limit) throw new ReleaseUnavailable(`the pinned levels leave ${failing} rows in classes that fail the model, more than the suppression limit of ${limit}`);
  const removed = new Set([...dataset.identifying, ...(dataset.unit ? [dataset.unit] : [])]);
  const kept = table.columns.filter((c) => !removed.has(c.name));
  const qiIndex = new Map(dataset.quasi.map((q, i) => [q, i]));
  const rows: string[][] = [];
  let suppressed = 0;
  for (let r = 0; r < table.rowCount; r++) {
    if (passes[classes.classOf[r]] !== 1) {
      suppressed++;
      continue;
    }
    rows.push(kept.map((c) => {
      const i = qiIndex.get(c.name);
      if (i === undefined) return c.dictionary[c.codes[r]];
      const h = bound[i];
      return h.levelValues[levels[i]][h.levelCodes[levels[i]][c.codes[r]]];
    }));
  }
  return {
    header: kept.map((c) => c.name),
    rows,
    mechanism: 'generalization',
    parameters: { levels: Object.fromEntries(dataset.quasi.map((q, i) => [q, levels[i]])), criteria: anonymity.criteria.map((c) => c.name), suppressionLimit: anonymity.suppression, metric: anonymity.metric, ...(loss === undefined ? { pinned: true } : { loss }) },
    measurementCosts: [],
    notes: [`${suppressed} rows suppressed (left out of the file)`, `removed columns: ${[...removed].join(', ') || 'none'}`],
  };
}
