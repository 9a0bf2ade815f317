/**
 * The most frequent value of a column, chosen by the exponential mechanism (McSherry & Talwar 2007) with the count as
 * score (sensitivity 1 per row) among candidates fixed before the data is read.
 */
import { makeMeasurement } from '../../core/measurement.js';
import { PrivacyError } from '../../core/measures.js';
import { cryptoRandom, type RandomSource } from '../../core/random.js';
import { makeExponential } from '../../dp/mechanisms/exponential.js';
import { column } from '../../table/table.js';
import { costsInEveryNotion } from '../release-costs.js';
import type { BudgetDescription, MechanismDescription, QueryDescription } from '../release-description.js';
import type { ReleaseMeasurement } from '../release-measurement.js';
import { selectRows } from '../select-rows.js';

type ModeQuery = Extract<QueryDescription, { kind: 'mode' }>;

export interface ModeOptions {
  readonly query: ModeQuery;
  readonly mechanism: MechanismDescription;
  readonly sensitivity: number;
  readonly budget: BudgetDescription;
  readonly candidates: readonly string[];
  readonly notes: readonly string[];
  readonly rng?: RandomSource;
}

export function makeModeRelease(options: ModeOptions): ReleaseMeasurement {
  const { query: q, mechanism: m, candidates } = options;
  if (m.kind !== 'exponential' || m.epsilon === undefined) throw new PrivacyError("a mode takes 'exponential epsilon E'");
  const rng = options.rng ?? cryptoRandom();
  const counts = new Map<string, number>();
  const em = makeExponential<null, string>({ candidates, score: (_, c) => counts.get(c) ?? 0, sensitivity: options.sensitivity, epsilon: m.epsilon, rng });
  const measurement = makeMeasurement({
    name: 'exponential',
    measure: em.measure,
    dIn: 1,
    parameters: { epsilon: m.epsilon, candidates: candidates.length },
    map: (units: number) => em.map(units * em.dIn),
    invoke: ({ table }) => {
      const col = column(table, q.column);
      counts.clear();
      for (const r of selectRows(table, q.where)) {
        const v = col.dictionary[col.codes[r]];
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      return { header: ['mode'], rows: [[em.invoke(null)]], local: [] };
    },
  });
  return Object.freeze({ ...measurement, costs: costsInEveryNotion(measurement.cost, options.budget.delta), notes: options.notes });
}
