/**
 * The most frequent value of a column, chosen by the exponential mechanism (McSherry & Talwar 2007) with the count as
 * score among candidates fixed before the data is read. Sensitivity 1 per row; with `bound unit rows N` each privacy
 * unit keeps at most N rows (uniformly sampled, Wilson et al. 2020) and the score's sensitivity is N (sensitivity.ts).
 */
import { makeMeasurement } from '../../../core/measurement.js';
import { PrivacyError } from '../../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../../core/random.js';
import { makeExponential } from '../../../dp/mechanisms/exponential.js';
import { boundContributions } from '../../../dp/contribution/bound-contributions.js';
import { column, type Table } from '../../../table/table.js';
import { costsInEveryNotion } from '../../release-costs.js';
import type { BudgetDescription, MechanismDescription, QueryDescription } from '../../release-description.js';
import type { ReleaseMeasurement, ReleaseOutput, ReleaseStages } from '../../release-measurement.js';
import { selectRows } from '../../../source/select-rows.js';

type ModeQuery = Extract<QueryDescription, { kind: 'mode' }>;

export interface ModeOptions {
  readonly query: ModeQuery;
  readonly mechanism: MechanismDescription;
  readonly sensitivity: number;
  /** The privacy unit and the votes each may cast, when the release bounds them. */
  readonly bound?: { readonly unit: string; readonly rows: number };
  readonly budget: BudgetDescription;
  readonly candidates: readonly string[];
  readonly notes: readonly string[];
  readonly rng?: RandomSource;
}

export function makeModeRelease(options: ModeOptions): ReleaseMeasurement {
  const { query: q, mechanism: m, candidates } = options;
  if (m.kind !== 'exponential' || m.epsilon === undefined)
    throw new PrivacyError("a mode takes 'exponential epsilon E'");
  const rng = options.rng ?? cryptoRandom();
  const em = makeExponential<ReadonlyMap<string, number>, string>({
    candidates,
    score: (counts, c) => counts.get(c) ?? 0,
    sensitivity: options.sensitivity,
    epsilon: m.epsilon,
    rng,
  });
  const exact = ({ table }: { table: Table }): ModeExact => {
    const col = column(table, q.column);
    let rows = selectRows(table, q.where);
    const local: string[] = [];
    if (options.bound) {
      const bounded = boundContributions(
        table,
        { privacyUnit: options.bound.unit, maxPartitions: 1, maxRowsPerPartition: options.bound.rows },
        { rows, rng },
      );
      rows = bounded.rows;
      local.push(`contribution bounding dropped ${bounded.dropped} rows`);
    }
    const scores = new Map<string, number>();
    for (const r of rows) {
      const v = col.dictionary[col.codes[r]];
      scores.set(v, (scores.get(v) ?? 0) + 1);
    }
    return { scores, local };
  };
  const addNoise = ({ scores, local }: ModeExact): ReleaseOutput => ({
    header: ['mode'],
    rows: [[em.invoke(scores)]],
    local,
  });
  const measurement = makeMeasurement({
    name: 'exponential',
    measure: em.measure,
    dIn: 1,
    parameters: { epsilon: m.epsilon, candidates: candidates.length, sensitivity: options.sensitivity },
    map: (units: number) => em.map(units * em.dIn),
    invoke: (input: { table: Table }) => addNoise(exact(input)),
  });
  return Object.freeze({
    ...measurement,
    costs: costsInEveryNotion(measurement.cost, options.budget.delta),
    notes: options.notes,
    stages: { exact, addNoise } as ReleaseStages<unknown>,
  });
}

/**
 * What a mode's exponential mechanism scores: the rows per value after bounding (values outside the candidates score
 * 0).
 */
export interface ModeExact {
  readonly scores: ReadonlyMap<string, number>;
  readonly local: string[];
}
