/**
 * What a release is once planned: a measurement over the whole table (OpenDP's habit: the release itself is a
 * `Measurement`, its privacy map the composition of its parts'), so that the cost the ledger records and the noise that
 * runs are one object. `costs` states that one cost in every notion a budget may be kept in.
 */
import type { Measurement } from '../core/measurement.js';
import type { Table } from '../table/table.js';
import type { ReleaseCosts } from './release-costs.js';

export interface ReleaseInput {
  readonly table: Table;
  /** The spec's other datasets a release reads by name (a join's tables, an edge list). */
  readonly tables?: ReadonlyMap<string, Table>;
}

export interface ReleaseOutput {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Extra fields for the JSON report, each computed from the noisy output or from public parameters only. */
  readonly report?: Readonly<Record<string, unknown>>;
  /**
   * Exact, data-dependent diagnostics (rows dropped by contribution bounding, rows outside a declared domain): for the
   * data owner's terminal only, never written into a release's files, since no ε covers them.
   */
  readonly local: readonly string[];
  /** One row per record (generalize, PRAM): written in a fresh random row order, never the input's. */
  readonly microdata?: boolean;
  /**
   * Microdata only: the input row (0-based) each output row was written from, in output order; rows of the input it
   * does not name were suppressed. It becomes the file's private row key (engine/host/ledger/row-key.ts), never an
   * output.
   */
  readonly sourceRows?: ArrayLike<number>;
}

export interface ExpectedError {
  readonly confidence: number;
  readonly bound: number;
  readonly applies: string;
}

/**
 * A release split where the noise enters: `exact` is everything before it (contribution bounding, clamping, tallying
 * into cells), `addNoise` the mechanism and its post-processing; `invoke` is `addNoise(exact(input))`. The preview
 * shows `exact` as the true value and draws its example with `addNoise`, so its figures are the release's own.
 */
export interface ReleaseStages<E> {
  readonly exact: (input: ReleaseInput) => E;
  readonly addNoise: (exact: E) => ReleaseOutput;
}

export interface ReleaseMeasurement extends Measurement<ReleaseInput, ReleaseOutput> {
  /** The DP kinds' two stages (count, sum, mean, mode, grid). */
  readonly stages?: ReleaseStages<unknown>;
  readonly costs: ReleaseCosts;
  /** Data-independent notes for the report (where the groups come from, what was accepted). */
  readonly notes: readonly string[];
  readonly expectedError?: ExpectedError;
}
