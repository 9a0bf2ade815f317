/**
 * The one interface through which every release kind reaches the runner (engine/host/run/release-runner.ts): a release
 * prepared before anything is spent — its mechanism, its cost (none for microdata), the ledger record of a microdata
 * run, data-independent notes, an estimate of its file size for the free-space check — and a `run` that computes the
 * output once the spend is on record. The runner has no branch per kind: it validates, records, runs and writes each
 * prepared release the same way.
 */
import type { Hierarchy } from '../../hierarchy/hierarchy.js';
import { column, type Table } from '../../table/table.js';
import type { ReleaseCosts } from '../release-costs.js';
import type { Box } from '../release-description.js';
import type { ExpectedError, ReleaseOutput } from '../release-measurement.js';
import type { ReleasePlan } from '../release-plan.js';
import type { ReleaseDescription } from '../release-description.js';
import type { PrepareContext } from './prepare-release.js';
import { largest } from '../../core/extremes.js';

/** A microdata run's kind in the ledger: a PRAM file, a generalization, or a local DP release's reports. */
export type MicrodataKind = 'pram' | 'generalize' | 'local';

/**
 * The microdata kinds that randomize a column unit by unit and state a local ε: a second such run on a column
 * composes with the first, so the ledger refuses it without `rerun`.
 */
export const LOCALLY_RANDOMIZED: ReadonlySet<MicrodataKind> = new Set<MicrodataKind>(['pram', 'local']);

/** What the ledger records of a microdata run: the columns it released perturbed or generalized, and PRAM's local ε. */
export interface MicrodataRecord {
  readonly kind: MicrodataKind;
  readonly columns: readonly string[];
  readonly localEpsilon?: number;
  /** PRAM: the spec allows a run on data this column was already randomized from (`rerun`). */
  readonly rerun?: boolean;
}

export interface PreparedRelease {
  readonly mechanism: string;
  /** The central DP cost in every notion; empty for a microdata release. */
  readonly costs: ReleaseCosts;
  readonly box?: Box;
  readonly userLevel: boolean;
  readonly microdata?: MicrodataRecord;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly notes: readonly string[];
  readonly expectedError?: ExpectedError;
  /** Calibrated to Bayesian DP for correlated units: the runner names the most exposed unit to the data owner. */
  readonly bayesian: boolean;
  /** An upper estimate of the CSV's size in bytes, checked against the free space before the spend. */
  readonly estimatedBytes: number;
  /**
   * Computes the output; `parameters` and `notes` found while computing (a search's levels) are added to the report.
   */
  run(options: {
    signal?: AbortSignal;
    onProgress?: (fraction: number, message: string) => void;
  }): ReleaseOutput & { parameters?: Record<string, unknown>; notes?: readonly string[] };
}

/** A release ready to record and run, or the reason it is refused before anything is spent. */
export type Prepared = { readonly release: PreparedRelease } | { readonly refusal: string };

/** Bytes of one printed number at most (`toPrecision(10)` with sign, point and exponent) and its separator. */
export const NUMBER_BYTES = 20;

/**
 * The widest a value of `name` can be written: its own values, or any level of its hierarchy when it is generalized.
 */
export function columnWidth(table: Table, name: string, hierarchy?: Hierarchy): number {
  return dictionaryWidth(column(table, name).dictionary, hierarchy);
}

/**
 * The widest cell of a column's values and of their generalizations, in bytes of a CSV (a table's or a frequency
 * table's).
 */
export function dictionaryWidth(dictionary: readonly string[], hierarchy?: Hierarchy): number {
  let width = 0;
  for (const v of dictionary) {
    const levels = hierarchy?.generalize(v) ?? [v];
    // UTF-8 takes at most 3 bytes per UTF-16 unit; quoting doubles a quote (1 byte → 2) and adds two.
    for (const l of levels) width = Math.max(width, l.length * 3 + 2);
  }
  return width;
}

/**
 * What a microdata release (generalize, PRAM) records before it runs, whatever reads its data: no central DP cost, no
 * user-level claim, and what the ledger keeps of it (`microdata`).
 */
export function microdataPrepared(
  mechanism: 'generalization' | 'pram' | 'randomized-response' | 'count-mean-sketch',
  microdata: MicrodataRecord,
): Pick<PreparedRelease, 'mechanism' | 'costs' | 'userLevel' | 'microdata' | 'parameters' | 'notes' | 'bayesian'> {
  return { mechanism, costs: {}, userLevel: false, microdata, parameters: {}, notes: [], bayesian: false };
}

export function microdataBytes(rows: number, header: readonly string[], widths: readonly number[]): number {
  const row = widths.reduce((a, w) => a + w + 1, 0);
  return header.reduce((a, h) => a + h.length * 2 + 3, 0) + rows * row;
}

/** A DP release from its plan: the measurement the planner built, or the reason it cannot run. */
export function prepareMeasured(
  plan: ReleasePlan,
  table: Table,
  accounting: keyof ReleaseCosts,
  cells: number,
  labelBytes: number,
  exact?: () => unknown,
): Prepared {
  if (plan.problems.length > 0) return { refusal: `not run: ${plan.problems[0].message}` };
  const leak = plan.risks.find((r) => !r.accepted);
  if (leak) return { refusal: `not run: ${leak.message}` };
  const measurement = plan.measurement;
  if (!measurement) return { refusal: 'not run: a domain it needs is not known' };
  if (!measurement.costs[accounting])
    return { refusal: `not run: ${measurement.name} cannot be accounted under '${accounting}' accounting` };
  return {
    release: {
      mechanism: measurement.name,
      costs: measurement.costs,
      box: plan.box,
      userLevel: plan.userLevel,
      parameters: { ...measurement.parameters },
      notes: [...measurement.notes],
      expectedError: measurement.expectedError,
      bayesian: plan.bayesian === true,
      estimatedBytes: 256 + cells * (labelBytes + NUMBER_BYTES + 2),
      // With `exact` (answers a data source computed: `privspec release --aggregates`), the measurement's second stage
      // adds the noise to them; otherwise the measurement runs both stages on the table.
      run: () => (exact && measurement.stages ? measurement.stages.addNoise(exact()) : measurement.invoke({ table })),
    },
  };
}

/** The widest a label of a column with these values can be written (UTF-8, quoted). */
export const labelBytes = (values: readonly string[] | undefined) =>
  Math.max(1, largest((values ?? []).map((v) => v.length * 3 + 2)));

/**
 * A DP release prepared from the runner's plan (`planOf`), the exact stage from a source's answer where the run takes
 * answers; `size` estimates its cells and the bytes of one cell's labels from the exact stage, when there is one.
 */
export function prepareDp(
  release: ReleaseDescription,
  c: PrepareContext,
  size: (exact?: () => unknown) => { cells: number; labelBytes: number },
): Prepared {
  const plan = c.planOf(release);
  const exact = c.exactOf && (() => c.exactOf!(release));
  // An answer that comes after the spend cannot size the release: the estimate then reads the plan alone.
  const { cells, labelBytes } = size(c.answerLater ? undefined : exact);
  return prepareMeasured(plan, c.table, c.budget.accounting, cells, labelBytes, exact);
}
