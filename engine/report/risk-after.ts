/**
 * The risk report's "after": what the spec's generalize release would write, measured. The levels and the classes
 * kept come from the release's own decision (engine/release/decide-generalization.ts, on the table's frequency table)
 * applied through its own row transform, so the report shows the release's result or its refusal in the release's own
 * words, never a second computation: pins that suppress more rows than the limit allows are refused here exactly as
 * ▶ Run and `privspec release` refuse them.
 */
import { rebindHierarchy } from '../hierarchy/rebind-hierarchy.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { equivalenceClasses } from '../anonymity/equivalence-classes.js';
import {
  decideGeneralization,
  generalizationColumns,
  requireDecided,
  type Decided,
} from '../release/decide-generalization.js';
import { decisionRowTransform } from '../release/microdata-row-transform.js';
import { frequencyTableOf } from '../table/frequency-table-of.js';
import type { AnonymityDescription, DatasetDescription } from '../release/release-description.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import type { SearchProgress } from '../search/search-types.js';
import { column, type Table } from '../table/table.js';
import { classesOfSize } from '../risk/class-size-histogram.js';
import { classRisk } from '../risk/class-risk.js';
import { checkRequirements } from '../risk/requirement-check.js';
import type { RiskAfter } from '../risk/risk-report-figures-types.js';

export interface RiskAfterOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: SearchProgress) => void;
}

export function riskAfter(
  table: Table,
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription | undefined,
  options: RiskAfterOptions = {},
): RiskAfter {
  if (!anonymity || anonymity.criteria.length === 0)
    return { unavailable: 'the spec has no anonymity block to search for' };
  const spec = { quasi: dataset.quasi, hierarchies, anonymity };
  let t: Decided;
  try {
    t = requireDecided(decideGeneralization(frequencyTableOf(table, generalizationColumns(spec)), spec, options));
  } catch (e) {
    // A refusal of the release is the report's answer; anything else (a cancelled search) is the caller's.
    if (e instanceof ReleaseUnavailable) return { unavailable: e.message };
    throw e;
  }
  const { levels } = t;
  // The decision's hierarchies are bound to its frequency table, in the canonical order; the classes below are the
  // table's rows, so the hierarchies are moved onto the table's dictionaries.
  const bound = t.bound.map((b) => rebindHierarchy(b, column(table, b.column).dictionary));
  // The table's classes at the decided levels (units and requirements are counted on its rows), each kept or not as
  // the release's row transform decides its first row.
  const classes = equivalenceClasses(table, dataset.quasi, { hierarchies: bound, levels });
  const quasiColumns = dataset.quasi.map((q) => column(table, q));
  const transform = decisionRowTransform(t, dataset.quasi);
  const passes = Uint8Array.from(classes.firstRow, (r) =>
    transform(quasiColumns.map((c) => c.dictionary[c.codes[r]])) ? 1 : 0,
  );
  const unit = dataset.unit !== undefined ? table.columns.find((c) => c.name === dataset.unit) : undefined;
  // Risk counts people when there is a unit, as before the transformation (the report's one count, `classRisk`);
  // suppression counts rows.
  const { histogram: h, prosecutor: risk } = classRisk(
    classes,
    unit && { codes: unit.codes, cardinality: unit.dictionary.length },
    passes,
  );
  let suppressed = 0;
  for (let id = 0; id < classes.classCount; id++) if (!passes[id]) suppressed += classes.sizes[id];
  return {
    basis: t.pinned.length === dataset.quasi.length ? 'pinned' : 'optimal',
    levels: dataset.quasi.map((q, i) => {
      const b = bound[i];
      const col = column(table, q);
      // A value before → after, so that a level means something to the reader: the column's smallest value (in
      // JavaScript's string order), not the first row's, so that the example is the same whatever the rows' order and
      // whichever engine read them.
      const code = smallestValueCode(col.dictionary, col.codes, table.rowCount);
      const example =
        table.rowCount > 0 && levels[i] > 0
          ? `${col.dictionary[code]} → ${b.levelValues[levels[i]][b.levelCodes[levels[i]][code]]}`
          : '';
      return { column: q, level: levels[i], height: b.height, example };
    }),
    suppressed,
    rows: table.rowCount - suppressed,
    classes: h.classes,
    sampleUniques: classesOfSize(h, 1),
    averageRisk: risk.averageRisk,
    highestRisk: risk.highestRisk,
    classSizeHistogram: h.sizes.map((s, i) => [s, h.counts[i]] as const),
    requirements: checkRequirements(table, classes, anonymity.criteria, passes, hierarchies),
  };
}

/** The code of the smallest value the rows hold (a dictionary may list values no row holds). */
function smallestValueCode(dictionary: readonly string[], codes: Int32Array, rows: number): number {
  const held = new Uint8Array(dictionary.length);
  for (let r = 0; r < rows; r++) held[codes[r]] = 1;
  let best = -1;
  for (let c = 0; c < dictionary.length; c++)
    if (held[c] === 1 && (best < 0 || dictionary[c] < dictionary[best])) best = c;
  return Math.max(best, 0);
}
