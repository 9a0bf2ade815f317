/**
 * The queries a spec needs from a data source, as `privspec plan` prints them and `privspec release --aggregates`
 * reads their answers back: one bounded aggregate per DP release (engine/source/release-aggregates.ts), planned as the
 * runner plans it (so its bounds are the release's sensitivity), and the frequency table over the quasi-identifiers
 * and the sensitive columns that the anonymity search and the risk figures read.
 */
import type { RandomSource } from '../core/random.js';
import type { AggregateRequest, FrequencyRequest } from '../source/data-source.js';
import type { Table } from '../table/table.js';
import { releaseRequest, writesRows } from '../source/release-aggregates.js';
import { planFor, type RunInput } from './release-runner.js';
import { RunRefused } from './release-validation.js';
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

/**
 * Every query of the input's releases; `seed` keys the bounding order (keyed-order.ts). The planner reads no row:
 * `domains` holds the distinct values of the columns whose domains are taken from the data (source-domains.ts).
 */
export function aggregatePlan(input: RunInput, seed: string, rng: RandomSource, domains?: Table): PlannedQuery[] {
  const empty = domains ?? { columns: [], rowCount: 0 };
  const queries: PlannedQuery[] = [];
  const d = input.dataset;
  const microdata = input.releases.some((r) => r.query.kind === 'generalize' || r.query.kind === 'pram');
  if (input.anonymity || microdata) {
    // The unit is left out: its values would cross for every class. k counted in units needs the rows' source.
    const columns = [...new Set([...d.quasi, ...d.sensitive])];
    if (columns.length > 0) queries.push({ id: FREQUENCY_TABLE_ID, frequency: { columns } });
  }
  for (const r of input.releases) {
    if (writesRows(r)) continue;
    // Without the source (a warehouse's plan), a domain taken from the data has no values to plan with.
    if (!domains && r.accepts.includes('data-dependent-domain')) throw new RunRefused(`${r.name}: a domain taken from the data needs the data: declare it in the spec to release from aggregates`);
    const plan = planFor(input, r, empty, rng);
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
  return unit !== undefined && input.releases.some((r) => !writesRows(r)) ? { id: BLANK_UNITS_ID, aggregate: blankUnitsRequest(unit) } : undefined;
}
