import { readFileSync } from 'node:fs';
import type { CsvModel } from '../../extension/protocol.js';
import { criterionFrom } from '../../engine/criteria/criterion-spec.js';
import { hierarchyFromSource } from '../../engine/hierarchy/hierarchy-source.js';
import type { RiskFiguresInput } from '../../engine/report/risk-report-figures.js';
import type { Table } from '../../engine/table/table.js';

/**
 * The e2e workspace's CSV: 18 rows; on age, sex, zip the classes have 4, 3, 2, 5, 1 and 3 rows (rows 8, 9 and 15 below
 * k=3).
 */
export const visitsCsv = readFileSync('test/e2e/workspace/data/visits.csv', 'utf8');
export const visitsSpec = readFileSync('test/e2e/workspace/visits.privspec', 'utf8');

/**
 * The model the e2e spec gives visits.csv, written out by hand (test/extension/server/editor-requests.test.ts checks
 * the server's).
 */
export const visitsModel: CsvModel = {
  qi: ['age', 'sex', 'zip'],
  k: 3,
  identifying: ['patient_id'],
  sensitive: ['diagnosis'],
  hierarchies: {
    age: { kind: 'intervals', widths: [5, 10, 20], origin: 0 },
    sex: {
      kind: 'groups',
      levels: [
        [
          ['F', '*'],
          ['M', '*'],
        ],
      ],
    },
    zip: { kind: 'mask', counts: [1, 2, 3, 5] },
  },
  levels: {},
};

/**
 * The engine's risk-report inputs for a CSV model (what the language server builds from a spec): the model's
 * hierarchies built by `hierarchyFromSource`, its pins and requirements as the anonymity block.
 */
export function riskInput(table: Table, model: CsvModel, source: string): RiskFiguresInput {
  const hierarchies = new Map(
    Object.entries(model.hierarchies).map(
      ([q, s]) => [q, hierarchyFromSource(s, (p) => readFileSync(p, 'utf8'))] as const,
    ),
  );
  const pins = new Map(Object.entries(model.levels));
  const r = model.requirements;
  return {
    table,
    source,
    dataset: {
      name: 'd',
      file: source,
      identifying: model.identifying ?? [],
      quasi: model.qi,
      sensitive: model.sensitive ?? [],
      insensitive: [],
      unit: model.unit,
      sampling: model.samplingFraction,
    },
    k: model.k,
    hierarchies,
    anonymity: r
      ? { k: model.k, criteria: r.criteria.map(criterionFrom), suppression: r.suppression, metric: r.metric, pins }
      : { criteria: [], suppression: 0, metric: 'entropy', pins },
  };
}
