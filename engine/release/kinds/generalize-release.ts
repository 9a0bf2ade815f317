/**
 * The `generalize` release: the globally optimal full-domain generalization of the quasi-identifiers for the
 * anonymity block (or the levels the spec pins), with the rows of classes that still fail the model suppressed, and only
 * declared columns written (quasi-identifying, sensitive, insensitive; never identifying columns, undeclared ones, or
 * the privacy unit).
 *
 * Suppressed rows are left out of the file rather than kept with `*` quasi-identifiers as ARX's output does: kept, they
 * would form one more class, exempt from k and ℓ, whose sensitive values an attacker can read off by elimination.
 * The same function serves `privspec release`, ▶ Run and the editor's Anonymize CSV…, so they write the same bytes.
 */
import { classStats } from '../../anonymity/class-stats.js';
import { equivalenceClasses } from '../../anonymity/equivalence-classes.js';
import { bindHierarchy, type BoundHierarchy } from '../../hierarchy/bound-hierarchy.js';
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import type { SearchProgress } from '../../search/search-types.js';
import { column, type Table } from '../../table/table.js';
import { searchAnonymity } from '../anonymity-search.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription } from '../release-description.js';
import type { ReleaseOutput } from '../release-measurement.js';

import { ReleaseUnavailable } from '../release-unavailable.js';
import { columnWidth, microdataBytes, type PreparedRelease } from './prepared-release.js';

export interface GeneralizeOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

function chooseLevels(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription, options: GeneralizeOptions) {
  const pinned = dataset.quasi.filter((q) => anonymity.pins.has(q));
  if (pinned.length > 0) {
    // The spec's pins are the user's choice of transformation: applied as they are, then checked like a search result.
    if (pinned.length < dataset.quasi.length) {
      throw new ReleaseUnavailable(`generalize with pinned levels needs a pin for every quasi-identifier; not pinned: ${dataset.quasi.filter((q) => !anonymity.pins.has(q)).join(', ')} (or remove the pins to search)`);
    }
    return { bound: dataset.quasi.map((q) => bindHierarchy(hierarchies.get(q)!, column(table, q)).bound), levels: dataset.quasi.map((q) => anonymity.pins.get(q)!), loss: undefined };
  }
  const found = searchAnonymity(table, dataset.quasi, hierarchies, anonymity, options);
  const optimum = found?.result.optimum;
  if (!found || !optimum) throw new ReleaseUnavailable('no generalization of the quasi-identifiers satisfies the anonymity block within the suppression limit');
  return { bound: found.problem.qi.map((q) => q.hierarchy) as BoundHierarchy[], levels: optimum.levels, loss: optimum.loss };
}

/**
 * A generalize release prepared for the runner: what can be checked without the search (the anonymity block, a
 * hierarchy for every quasi-identifier) is checked here, before the run is recorded; the search runs in `run`.
 */
export function prepareGeneralize(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined): PreparedRelease {
  if (!anonymity || anonymity.criteria.length === 0) throw new ReleaseUnavailable("generalize needs an 'anonymity { k … }' block");
  const missing = dataset.quasi.filter((q) => !hierarchies.has(q));
  if (missing.length) throw new ReleaseUnavailable(`generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`);
  const { kept } = releasableColumns(dataset, table.columns.map((c) => c.name));
  return {
    mechanism: 'generalization',
    costs: {},
    userLevel: false,
    microdata: { kind: 'generalize', columns: dataset.quasi.filter((q) => kept.includes(q)) },
    parameters: {},
    notes: [],
    bayesian: false,
    estimatedBytes: microdataBytes(table.rowCount, kept, kept.map((name) => columnWidth(table, name, hierarchies.get(name)))),
    run: (options) => computeGeneralize(table, dataset, hierarchies, anonymity, {
      signal: options.signal,
      onProgress: options.onProgress && ((p) => options.onProgress!(p.nodes > 0 ? p.resolved / p.nodes : 1, `${p.resolved} of ${p.nodes} transformations classified`)),
    }),
  };
}

export function computeGeneralize(table: Table, dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined, options: GeneralizeOptions = {}): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } {
  if (!anonymity || anonymity.criteria.length === 0) throw new ReleaseUnavailable("generalize needs an 'anonymity { k … }' block");
  const missing = dataset.quasi.filter((q) => !hierarchies.has(q));
  if (missing.length) throw new ReleaseUnavailable(`generalize needs a hierarchy for every quasi-identifier; missing: ${missing.join(', ')}`);
  const { bound, levels, loss } = chooseLevels(table, dataset, hierarchies, anonymity, options);
  const classes = equivalenceClasses(table, dataset.quasi, { hierarchies: bound, levels });
  const passes = new Uint8Array(classes.classCount).fill(1);
  for (const criterion of anonymity.criteria) {
    classStats(table, classes, criterion.sensitive).forEach((s, id) => {
      if (!criterion.isSatisfied(s)) passes[id] = 0;
    });
  }
  const failing = classes.classOf.reduce((n, id) => n + (passes[id] ? 0 : 1), 0);
  const limit = Math.floor(anonymity.suppression * table.rowCount);
  if (failing > limit) throw new ReleaseUnavailable(`the pinned levels leave ${failing} rows in classes that fail the model, more than the suppression limit of ${limit}`);
  const { kept: keptNames, removed } = releasableColumns(dataset, table.columns.map((c) => c.name));
  const kept = keptNames.map((name) => column(table, name));
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
    header: keptNames,
    rows,
    microdata: true,
    parameters: {
      levels: Object.fromEntries(dataset.quasi.map((q, i) => [q, levels[i]])),
      criteria: anonymity.criteria.map((c) => c.name),
      suppressionLimit: anonymity.suppression,
      metric: anonymity.metric,
      suppressed,
      ...(loss === undefined ? { pinned: true } : { loss }),
    },
    // A generalized file is microdata: its row count and suppressions are part of what it discloses, so they may be stated.
    notes: [`${suppressed} rows suppressed (left out of the file)`, `removed columns (identifying or not declared): ${removed.join(', ') || 'none'}`],
    local: [],
  };
}
