/**
 * The `generalize` release on a source too large to hold (a Parquet file or a large CSV read by DuckDB, a PostgreSQL
 * or ClickHouse table): the decision is taken on the frequency table the source computes over the columns the
 * anonymity block reads — the same problem the in-memory release builds from its table (search/problem.ts
 * `makeProblem` is `problemOf` of that frequency table), so the same optimum, levels and suppressed classes — and the
 * rows are then streamed from the source in a keyed random order through the decision as a row transform
 * (microdata-row-transform.ts) into the release's CSV (streamed-release-files.ts). The table is never held: memory is
 * the frequency table and one batch of rows.
 *
 * The order of events is the runner's: the frequency table is read before the spend is recorded (as the table is), the
 * search runs after it, in `run`.
 */
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { metricFor, pinnedRange } from '../release/anonymity-search.js';
import { searchRowTransform, type ClassedRowTransform } from '../release/microdata-row-transform.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription, type ReleaseDescription } from '../release/release-description.js';
import type { ReleaseOutput } from '../release/release-measurement.js';
import type { SearchProgress } from '../search/search-types.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import { noTransformationMessage, requireGeneralizeInputs } from '../release/generalize-transformation.js';
import { generalizeReport } from '../release/kinds/generalize-release.js';
import type { PreparedRelease } from '../release/kinds/prepared-release.js';
import { dictionaryWidth, microdataBytes, microdataPrepared } from '../release/kinds/prepared-release.js';
import { searchOptimal } from '../search/optimal-search.js';
import { problemOf, type ProblemSpec } from '../search/problem.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import type { RowTransform } from '../release/microdata-row-transform.js';
import type { ClassTally } from '../release/class-tally.js';

/**
 * Whether a release is streamed: a generalize or PRAM release of data read where it lies (`inputReadsAtSource`: a
 * database table, or DuckDB over Parquet or a CSV above the size rule or under `--engine duckdb`), run on the data
 * rather than on a warehouse's answers.
 */
export function streamsRelease(release: ReleaseDescription, atSource: boolean, fromAggregates: boolean): boolean {
  return atSource && !fromAggregates && (release.query.kind === 'generalize' || release.query.kind === 'pram');
}

/** What the runner streams once `run` has decided: the source's columns read, the file's header and the row transform. */
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
  /** Local diagnostics computed from what the stream kept, after the file is written (PRAM's η). */
  readonly finish?: () => string[];
}

export interface StreamedRelease {
  readonly release: PreparedRelease;
  /** Set by `run`. */
  decision?: StreamedDecision;
}

/** The problem the anonymity block poses, as `searchAnonymity` builds it. */
export function generalizeProblemSpec(dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined): ProblemSpec {
  requireGeneralizeInputs(dataset.quasi, hierarchies, anonymity);
  return { qi: dataset.quasi, hierarchies: dataset.quasi.map((q) => hierarchies.get(q)!), criteria: anonymity.criteria, suppression: anonymity.suppression };
}

/**
 * The anonymity block's transformation decided on `frequencies` (over `problemColumns` of `spec`), as the in-memory
 * release decides it (generalize-transformation.ts): the optimum in the pinned range, or ReleaseUnavailable. The
 * transform generalizes the quasi-identifiers among `columns` and leaves out rows of failing classes.
 */
export function decideOnFrequencies(frequencies: FrequencyTable, columns: readonly string[], dataset: DatasetDescription, spec: ProblemSpec, anonymity: AnonymityDescription, options: { signal?: AbortSignal; onProgress?: (fraction: number, message: string) => void } = {}) {
  const problem = problemOf(frequencies, spec);
  const quasi = dataset.quasi;
  const range = pinnedRange(quasi, problem.qi.map((q) => q.hierarchy.height), anonymity.pins);
  const result = searchOptimal(problem, metricFor(anonymity.metric, problem), {
    signal: options.signal,
    onProgress: options.onProgress && ((p: SearchProgress) => options.onProgress!(p.nodes > 0 ? p.resolved / p.nodes : 1, `${p.resolved} of ${p.nodes} transformations classified`)),
    range,
  });
  const pinned = quasi.filter((q) => anonymity.pins.has(q));
  const optimum = result.optimum;
  if (!optimum) {
    if (pinned.length === quasi.length) throw new ReleaseUnavailable('the pinned levels leave more rows in classes that fail the model than the suppression limit allows');
    throw new ReleaseUnavailable(noTransformationMessage(pinned, anonymity));
  }
  const suppressed = optimum.evaluation.outliers;
  const transform: ClassedRowTransform = searchRowTransform(problem, frequencies, columns, optimum.levels, optimum.evaluation);
  return { levels: optimum.levels, loss: optimum.loss, pinned, suppressed, kept: frequencies.rowCount - suppressed, transform };
}

/**
 * The release prepared on `frequencies` (over `problemColumns` of the spec), for a source whose columns are `columns`. Its output
 * has no rows: the runner streams them through `decision` once `run` has set it.
 */
export function prepareStreamedGeneralize(frequencies: FrequencyTable, columns: readonly string[], dataset: DatasetDescription, spec: ProblemSpec, anonymity: AnonymityDescription): StreamedRelease {
  const { kept, removed } = releasableColumns(dataset, columns);
  // Every column at the widest generalized label of the quasi-identifiers the frequency table holds, 64 bytes for the
  // others (not read before the spend): an estimate for the free-space check, as the in-memory one is.
  const widths = kept.map((name) => {
    const i = dataset.quasi.indexOf(name);
    const col = frequencies.columns.find((c) => c.name === name);
    if (i < 0 || !col) return 64;
    return Math.max(2, dictionaryWidth(col.dictionary, spec.hierarchies[i]));
  });
  const streamed: StreamedRelease = {
    release: {
      ...microdataPrepared('generalization', { kind: 'generalize', columns: dataset.quasi.filter((q) => kept.includes(q)) }),
      estimatedBytes: microdataBytes(frequencies.rowCount, kept, widths),
      run: (options): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } => {
        const d = decideOnFrequencies(frequencies, kept, dataset, spec, anonymity, options);
        streamed.decision = { columns: kept, header: kept, transform: d.transform, rows: d.kept, tally: d.transform.tally };
        return { header: kept, rows: [], microdata: true, ...generalizeReport(dataset.quasi, anonymity, { levels: d.levels, pinned: d.pinned, removed, suppressed: d.suppressed, loss: d.loss }) };
      },
    },
  };
  return streamed;
}
