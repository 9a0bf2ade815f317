/**
 * The `generalize` release on a source too large to hold (a Parquet dataset, read by DuckDB): the decision is taken on
 * the frequency table DuckDB computes over the columns the anonymity block reads — the same problem the in-memory
 * release builds from its table (search/problem.ts `makeProblem` is `problemOf` of that frequency table), so the same
 * optimum, levels and suppressed classes — and the rows are then streamed from DuckDB in a keyed random order through
 * the decision as a row transform (microdata-row-transform.ts) into the release's CSV (streamed-release-files.ts).
 * The table is never held: memory is the frequency table and one batch of rows.
 *
 * The order of events is the runner's: the frequency table is read before the spend is recorded (as the table is), the
 * search runs after it, in `run`.
 */
import { fileFormat } from './duckdb-source.js';
import type { Hierarchy } from '../hierarchy/hierarchy.js';
import { metricFor, pinnedRange } from '../release/anonymity-search.js';
import { searchRowTransform, type RowTransform } from '../release/microdata-row-transform.js';
import { releasableColumns, type AnonymityDescription, type DatasetDescription, type ReleaseDescription } from '../release/release-description.js';
import type { ReleaseOutput } from '../release/release-measurement.js';
import { ReleaseUnavailable } from '../release/release-unavailable.js';
import { noTransformationMessage, requireGeneralizeInputs } from '../release/generalize-transformation.js';
import { generalizeReport } from '../release/kinds/generalize-release.js';
import type { PreparedRelease } from '../release/kinds/prepared-release.js';
import { microdataBytes } from '../release/kinds/prepared-release.js';
import { searchOptimal } from '../search/optimal-search.js';
import { problemOf, type ProblemSpec } from '../search/problem.js';
import type { FrequencyTable } from '../table/frequency-table.js';
import { databaseLocation } from './database-location.js';

/** Whether a release of this dataset is streamed: a generalize release of a Parquet file, run on the data. */
export function streamsRelease(file: string, release: ReleaseDescription, fromAggregates: boolean): boolean {
  return !fromAggregates && release.query.kind === 'generalize' && databaseLocation(file) === undefined && fileFormat(file) === 'parquet';
}

export interface StreamedGeneralize {
  readonly release: PreparedRelease;
  /** Set by `run`: the decision as a row transform over `columns`, and the number of rows it keeps. */
  decision?: { columns: readonly string[]; transform: RowTransform; rows: number };
}

/** The problem the anonymity block poses, as `searchAnonymity` builds it. */
export function generalizeProblemSpec(dataset: DatasetDescription, hierarchies: ReadonlyMap<string, Hierarchy>, anonymity: AnonymityDescription | undefined): ProblemSpec {
  requireGeneralizeInputs(dataset.quasi, hierarchies, anonymity);
  return { qi: dataset.quasi, hierarchies: dataset.quasi.map((q) => hierarchies.get(q)!), criteria: anonymity.criteria, suppression: anonymity.suppression };
}

/**
 * The release prepared on `frequencies` (over `problemColumns` of the spec), for a source whose columns are `columns`. Its output
 * has no rows: the runner streams them through `decision` once `run` has set it.
 */
export function prepareStreamedGeneralize(frequencies: FrequencyTable, columns: readonly string[], dataset: DatasetDescription, spec: ProblemSpec, anonymity: AnonymityDescription): StreamedGeneralize {
  const { kept, removed } = releasableColumns(dataset, columns);
  // Every column at the widest generalized label of the quasi-identifiers the frequency table holds, 64 bytes for the
  // others (not read before the spend): an estimate for the free-space check, as the in-memory one is.
  const widths = kept.map((name) => {
    const i = dataset.quasi.indexOf(name);
    const col = frequencies.columns.find((c) => c.name === name);
    if (i < 0 || !col) return 64;
    return Math.max(2, ...col.dictionary.flatMap((v) => spec.hierarchies[i].generalize(v) ?? [v]).map((l) => l.length * 3 + 2));
  });
  const streamed: StreamedGeneralize = {
    release: {
      mechanism: 'generalization',
      costs: {},
      userLevel: false,
      microdata: { kind: 'generalize', columns: dataset.quasi.filter((q) => kept.includes(q)) },
      parameters: {},
      notes: [],
      bayesian: false,
      estimatedBytes: microdataBytes(frequencies.rowCount, kept, widths),
      run: (options): ReleaseOutput & { parameters: Record<string, unknown>; notes: string[] } => {
        const problem = problemOf(frequencies, spec);
        const quasi = dataset.quasi;
        const range = pinnedRange(quasi, problem.qi.map((q) => q.hierarchy.height), anonymity.pins);
        const result = searchOptimal(problem, metricFor(anonymity.metric, problem), {
          signal: options.signal,
          onProgress: options.onProgress && ((p) => options.onProgress!(p.nodes > 0 ? p.resolved / p.nodes : 1, `${p.resolved} of ${p.nodes} transformations classified`)),
          range,
        });
        const pinned = quasi.filter((q) => anonymity.pins.has(q));
        const optimum = result.optimum;
        if (!optimum) {
          if (pinned.length === quasi.length) throw new ReleaseUnavailable('the pinned levels leave more rows in classes that fail the model than the suppression limit allows');
          throw new ReleaseUnavailable(noTransformationMessage(pinned, anonymity));
        }
        const suppressed = optimum.evaluation.outliers;
        streamed.decision = { columns: kept, transform: searchRowTransform(problem, frequencies, kept, optimum.levels, optimum.evaluation), rows: frequencies.rowCount - suppressed };
        return { header: kept, rows: [], microdata: true, ...generalizeReport(quasi, anonymity, { levels: optimum.levels, pinned, removed, suppressed, loss: optimum.loss }) };
      },
    },
  };
  return streamed;
}
