/**
 * The `generalize` release on a source too large to hold (a Parquet file or a large CSV read by DuckDB, a PostgreSQL
 * or ClickHouse table): the decision is taken on the frequency table the source computes over the columns the
 * anonymity block reads, by the one decision the in-memory release takes on its table's frequency table
 * (decide-generalization.ts), so the same optimum, levels and suppressed classes — and the rows are then streamed from
 * the source in a keyed random order through the same row transform (microdata-row-transform.ts) into the release's
 * CSV (streamed-release-files.ts). The table is never held: memory is
 * the frequency table and one batch of rows.
 *
 * The order of events is the runner's: the frequency table is read before the spend is recorded (as the table is), the
 * search runs after it, in `run`.
 */
import type { Hierarchy } from '../../../hierarchy/hierarchy.js';
import { decideGeneralization, requireDecided, type Decided } from '../../decide-generalization.js';
import { decisionRowTransform } from '../../microdata-row-transform.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription } from '../../release-description.js';
import type { ReleaseOutput } from '../../release-measurement.js';
import type { SearchProgress } from '../../../search/search-types.js';
import { generalizeReport } from './generalize-release.js';
import type { PreparedRelease } from '../prepared-release.js';
import { dictionaryWidth, microdataBytes, microdataPrepared } from '../prepared-release.js';
import type { FrequencyTable } from '../../../table/frequency-table.js';
import type { RowTransform } from '../../microdata-row-transform.js';
import type { ClassTally } from '../../class-tally.js';
import type { GeneralizedRows } from '../../../source/generalized-rows.js';
import { generalizedRowsOf } from './generalized-rows-of.js';
import { timedPhaseSync } from '../../../core/phase-times.js';

/**
 * What the runner streams once `run` has decided: the source's columns read, the file's header and the row transform.
 */
export interface StreamedDecision {
  /** The columns asked of the source, in the order the transform reads them. */
  readonly columns: readonly string[];
  /** The output file's header (the transform's output columns). */
  readonly header: readonly string[];
  readonly transform: RowTransform;
  /** The rows the decision keeps: the written file must hold exactly these. */
  readonly rows: number;
  /** The decision's rows per generalized class, checked against the stream's before the file is put in place. */
  readonly tally?: ClassTally;
  /**
   * The decision as tables the source's engine applies itself (generalized-rows-of.ts): `cell` is how a text is
   * written (spreadsheet-safe in a CSV), `spreadsheetSafe` whether the SQL makes the other columns so. Absent (PRAM):
   * privspec transforms the rows.
   */
  readonly generalized?: (cell: (text: string) => string, spreadsheetSafe: boolean) => GeneralizedRows;
  /**
   * The frequency table the decision was taken on (in the canonical order), which a source with neither a file
   * identity nor a snapshot (a ClickHouse table) is asked again after the stream: the per-class check sees rows moved
   * between classes, this sees a changed sensitive value or unit, which keeps every class's row count but not the
   * model the decision checked (ℓ, t, k in units).
   */
  readonly frequencies?: FrequencyTable;
  /** Local diagnostics computed from what the stream kept, after the file is written (PRAM's η). */
  readonly finish?: () => string[];
}

export interface StreamedRelease {
  readonly release: PreparedRelease;
  /** Set by `run`. */
  decision?: StreamedDecision;
}

/**
 * The anonymity block's decision on `frequencies` (decide-generalization.ts, as the in-memory release takes it on its
 * table's frequency table), or ReleaseUnavailable; its row transform generalizes the quasi-identifiers among `columns`
 * and leaves out rows of failing classes. The search's progress is reported as the fraction of nodes classified.
 */
export function decideStreamed(
  frequencies: FrequencyTable,
  columns: readonly string[],
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
  options: { signal?: AbortSignal; onProgress?: (fraction: number, message: string) => void } = {},
) {
  const decision = requireDecided(
    decideGeneralization(
      frequencies,
      { quasi: dataset.quasi, hierarchies, anonymity },
      {
        signal: options.signal,
        onProgress:
          options.onProgress &&
          ((p: SearchProgress) =>
            options.onProgress!(
              p.nodes > 0 ? p.resolved / p.nodes : 1,
              `${p.resolved} of ${p.nodes} transformations classified`,
            )),
      },
    ),
  );
  return { decision, transform: decisionRowTransform(decision, columns) };
}

/**
 * A decision streamed over the source's columns `kept` (the file's header, in the source's order): each row through
 * the decision's row transform, the file checked against the decision's rows and classes. The spec's streamed release
 * and `privspec anonymize --out` at a source stream through it.
 */
export function streamedDecisionOf(decision: Decided, kept: readonly string[]): StreamedDecision {
  const transform = decisionRowTransform(decision, kept);
  return {
    columns: kept,
    header: kept,
    transform,
    rows: decision.kept,
    tally: transform.tally,
    frequencies: decision.frequencies,
    generalized: (cell, safe) => generalizedRowsOf(decision, kept, cell, safe),
  };
}

/**
 * The release prepared on `frequencies` (over `generalizationColumns`), for a source whose columns are `columns`. Its
 * output has no rows: the runner streams them through `decision` once `run` has set it.
 */
export function prepareStreamedGeneralize(
  frequencies: FrequencyTable,
  columns: readonly string[],
  dataset: DatasetDescription,
  hierarchies: ReadonlyMap<string, Hierarchy>,
  anonymity: AnonymityDescription,
): StreamedRelease {
  const { kept, removed } = releasableColumns(dataset, columns);
  // Every column at the widest generalized label of the quasi-identifiers the frequency table holds, 64 bytes for the
  // others (not read before the spend): an estimate for the free-space check, as the in-memory one is.
  const widths = kept.map((name) => {
    const i = dataset.quasi.indexOf(name);
    const col = frequencies.columns.find((c) => c.name === name);
    if (i < 0 || !col) return 64;
    return Math.max(2, dictionaryWidth(col.dictionary, hierarchies.get(name)));
  });
  const streamed: StreamedRelease = {
    release: {
      ...microdataPrepared('generalization', {
        kind: 'generalize',
        columns: dataset.quasi.filter((q) => kept.includes(q)),
      }),
      estimatedBytes: microdataBytes(frequencies.rowCount, kept, widths),
      run: (options): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } => {
        const { decision: d } = timedPhaseSync('search', () =>
          decideStreamed(frequencies, kept, dataset, hierarchies, anonymity, options),
        );
        streamed.decision = streamedDecisionOf(d, kept);
        return {
          header: kept,
          rows: [],
          microdata: true,
          ...generalizeReport(dataset.quasi, anonymity, {
            levels: d.levels,
            pinned: d.pinned,
            removed,
            suppressed: d.suppressed,
            loss: d.loss,
          }),
        };
      },
    },
  };
  return streamed;
}
