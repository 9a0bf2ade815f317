/**
 * The `generalize` release: the globally optimal full-domain generalization of the quasi-identifiers for the
 * anonymity block with the levels the spec pins fixed, decided on the table's frequency table
 * (decide-generalization.ts, as a streamed release decides on its source's), the rows of classes that still fail the
 * model suppressed, and only declared columns written (quasi-identifying, sensitive, insensitive; never identifying
 * columns, undeclared ones, or the privacy unit).
 *
 * The rows go through the one row transform (`microdata-row-transform.ts`) that the streamed release applies too:
 * suppressed rows are left out, never starred.
 * The report states the levels (which the file's values show) and the model; how many rows were suppressed and the
 * search's information loss are exact figures of the input that the file does not show, so they go to the data owner's
 * terminal (`local`), not into the report.
 * The same function serves `privspec release`, ▶ Run and the editor's Anonymize CSV…, so they write the same bytes.
 */
import type { Hierarchy } from '../../../hierarchy/hierarchy.js';
import { frequencyTableOf } from '../../../table/frequency-table-of.js';
import { column, type Table } from '../../../table/table.js';
import {
  decideGeneralization,
  generalizationColumns,
  type Decided,
  requireDecided,
  requireGeneralizeInputs,
} from '../../decide-generalization.js';
import { decisionRowTransform } from '../../microdata-row-transform.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription } from '../../release-description.js';
import type { ReleaseOutput } from '../../release-measurement.js';
import type { GeneralizeOptions } from './generalized-quasi.js';
import { columnWidth, microdataBytes, microdataPrepared, type PreparedRelease } from '../prepared-release.js';

export type { GeneralizeOptions } from './generalized-quasi.js';

/**
 * A generalize release prepared for the runner: what can be checked without the search (the anonymity block, a
 * hierarchy for every quasi-identifier) is checked here, before the run is recorded; the search runs in `run`.
 */
export function prepareGeneralize(
  table: Table,
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription | undefined,
): PreparedRelease {
  requireGeneralizeInputs(dataset.quasi, hierarchies, anonymity);
  const { kept } = releasableColumns(
    dataset,
    table.columns.map((c) => c.name),
  );
  return {
    ...microdataPrepared('generalization', {
      kind: 'generalize',
      columns: dataset.quasi.filter((q) => kept.includes(q)),
    }),
    estimatedBytes: microdataBytes(
      table.rowCount,
      kept,
      kept.map((name) => columnWidth(table, name, hierarchies.get(name))),
    ),
    run: (options) =>
      computeGeneralize(table, dataset, hierarchies, anonymity, {
        signal: options.signal,
        onProgress:
          options.onProgress &&
          ((p) =>
            options.onProgress!(
              p.nodes > 0 ? p.resolved / p.nodes : 1,
              `${p.resolved} of ${p.nodes} transformations classified`,
            )),
      }),
  };
}

export function computeGeneralize(
  table: Table,
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription | undefined,
  options: GeneralizeOptions = {},
): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } {
  const spec = { quasi: dataset.quasi, hierarchies, anonymity };
  const decision = requireDecided(
    decideGeneralization(frequencyTableOf(table, generalizationColumns(spec)), spec, options),
  );
  const { levels, loss, pinned, suppressed } = decision;
  const { kept: keptNames, removed } = releasableColumns(
    dataset,
    table.columns.map((c) => c.name),
  );
  const { rows, sourceRows } = generalizedTableRows(table, keptNames, decision);
  return {
    header: keptNames,
    rows,
    microdata: true,
    sourceRows,
    ...generalizeReport(dataset.quasi, anonymity!, { levels, pinned, removed, suppressed, loss }),
  };
}

/**
 * The rows of `table` a decision writes, through its row transform, over the columns `kept` (in their output order),
 * with the input row of each written row (a private row key is made of them: engine/host/ledger/row-key.ts). The
 * decision must have been taken on this table's frequency table: a class whose rows differ from the decision's count
 * would be a bug, and it throws then, before anything is written. The release in memory and `privspec anonymize --out`
 * write through it.
 */
export function generalizedTableRows(
  table: Table,
  kept: readonly string[],
  decision: Decided,
): { rows: string[][]; sourceRows: Int32Array } {
  const transform = decisionRowTransform(decision, kept);
  const columns = kept.map((name) => column(table, name));
  const rows: string[][] = [];
  const sourceRows: number[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const out = transform(columns.map((c) => c.dictionary[c.codes[r]]));
    if (out) {
      rows.push(out as string[]);
      sourceRows.push(r);
    }
  }
  const mismatch = transform.tally.mismatch();
  if (mismatch !== undefined || rows.length !== decision.kept)
    throw new Error(
      `the generalized rows disagree with the decision: ${mismatch ?? `${rows.length} rows kept, the decision ${decision.kept}`}`,
    );
  return { rows, sourceRows: Int32Array.from(sourceRows) };
}

/** What a generalize release reports, in memory or streamed: the levels and the block, the notes, the local figures. */
export function generalizeReport(
  quasi: readonly string[],
  anonymity: AnonymityDescription,
  decided: {
    levels: readonly number[];
    pinned: readonly string[];
    removed: readonly string[];
    suppressed: number;
    loss: number;
  },
): { parameters: Record<string, unknown>; notes: string[]; local: string[] } {
  const { levels, pinned, removed, suppressed, loss } = decided;
  return {
    parameters: {
      levels: Object.fromEntries(quasi.map((q, i) => [q, levels[i]])),
      criteria: anonymity.criteria.map((c) => c.name),
      suppressionLimit: anonymity.suppression,
      metric: anonymity.metric,
      ...(pinned.length > 0 ? { pinned } : {}),
    },
    notes: [
      'rows of classes that fail the model are suppressed (left out of the file)',
      `removed columns (identifying or not declared): ${removed.join(', ') || 'none'}`,
    ],
    local: [
      `${suppressed} rows suppressed`,
      ...(pinned.length === quasi.length ? [] : [`information loss (${anonymity.metric}) ${loss}`]),
    ],
  };
}
