import { readFileSync } from 'node:fs';
import type { CsvModel } from '../../extension/protocol.js';

/** The e2e workspace's CSV: 18 rows; on age, sex, zip the classes have 4, 3, 2, 5, 1 and 3 rows (rows 8, 9 and 15 below k=3). */
export const visitsCsv = readFileSync('test/e2e/workspace/data/visits.csv', 'utf8');
export const visitsSpec = readFileSync('test/e2e/workspace/visits.privspec', 'utf8');

/** The model the e2e spec gives visits.csv, written out by hand (test/extension/server/editor-requests.test.ts checks the server's). */
export const visitsModel: CsvModel = {
  qi: ['age', 'sex', 'zip'],
  k: 3,
  identifying: ['patient_id'],
  sensitive: ['diagnosis'],
  hierarchies: {
    age: { kind: 'intervals', widths: [5, 10, 20], origin: 0 },
    sex: { kind: 'groups', levels: [[['F', '*'], ['M', '*']]] },
    zip: { kind: 'mask', counts: [1, 2, 3, 5] },
  },
  levels: {},
};
