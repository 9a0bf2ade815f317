/**
 * The queries a spec needs from a data source, as `privspec plan` prints them and `privspec release --aggregates`
 * reads their answers back: one bounded aggregate per DP release (engine/release/release-aggregates.ts), planned as the
 * runner plans it (so its bounds are the release's sensitivity), and the frequency table over the quasi-identifiers
 * and the sensitive columns that the anonymity search and the risk figures read.
 */
import type { RandomSource } from '../../core/random.js';
import type { AggregateRequest, FrequencyRequest } from '../../source/data-source.js';
import { releaseRequest, writesRows } from '../../release/release-aggregates.js';
import { planFor } from '../../release/plan-for.js';
import type { RunInput } from '../../release/run-input.js';
import { BLANK_UNITS_ID, blankUnitsRequest } from './blank-units-check.js';

export interface PlannedQuery {
  /** The answer's file name without extension. */
  readonly id: string;
  /** The release it serves, or undefined for the frequency table. */
  readonly release?: string;
  readonly aggregate?: AggregateRequest;
  readonly frequency?: FrequencyRequest;
}

export const FREQUENCY_TABLE_ID = 'frequency-table';

/** Every query of the input's releases; `seed` keys the bounding order (keyed-order.ts). */
export function aggregatePlan(input: RunInput, seed: string, rng: RandomSource): PlannedQuery[] {
  const empty = { columns: [], rowCount: 0 };
  const queries: PlannedQuery[] = [];
  const d = input.dataset;
  const microdata = input.releases.some(writesRows);
  if (input.anonymity || microdata) {
    // The unit is left out: its values would cross for every class. k counted in units needs the rows' source.
    const columns = [...new Set([...d.quasi, ...d.sensitive])];
    if (columns.length > 0) queries.push({ id: FREQUENCY_TABLE_ID, frequency: { columns } });
  }
  for (const r of input.releases) {
    if (writesRows(r)) continue;
    // The request reads the plan's bounds (its sensitivity), which no domain changes: a domain taken from the data is
    // left out here (the empty table has none), and the release that accepts one gets it from the source's frequency
    // tables when it runs (source-release.ts), or is refused with a warehouse's answers (release-runner.ts).
    const plan = planFor(input, r, empty, rng, undefined, new Map());
    const request = releaseRequest(r, plan.sensitivity, d.unit, seed);
    if (request) queries.push({ id: request.id, release: r.name, aggregate: request });
  }
  return queries;
}

/**
 * A blank unit is no person (blank-units-check.ts): the printed plan asks for their count, which a release from its
 * answers must find 0 — the count a source is asked directly before its first aggregate. Only when a DP release reads
 * the data's aggregates and the dataset has a unit.
 */
export function blankUnitsQuery(input: RunInput): PlannedQuery | undefined {
  const unit = input.dataset.unit;
  return unit !== undefined && input.releases.some((r) => !writesRows(r))
    ? { id: BLANK_UNITS_ID, aggregate: blankUnitsRequest(unit) }
    : undefined;
}
