import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvToParquet } from './parquet.js';
import type { GeneralizedRows } from '../../engine/source/generalized-rows.js';

/**
 * The engine-written file's small fixture: `dir`/d.csv and its copy d.parquet, 1,000 rows with k in 0…999 and
 * g = k mod 4, and the decision that generalizes g to 'low' (0, 1) and 'high' (2, 3). By hand: 250 rows a value, so the
 * decision keeps both classes with 500 rows each.
 */
export async function lowHighPlan(dir: string): Promise<GeneralizedRows> {
  const lines = ['k,g', ...Array.from({ length: 1000 }, (_, k) => `${k},${k % 4}`)];
  writeFileSync(join(dir, 'd.csv'), `${lines.join('\n')}\n`);
  await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
  return {
    columns: ['k', 'g'],
    header: ['k', 'g'],
    quasi: [{ column: 'g', values: ['0', '1', '2', '3'], labels: ['low', 'high'], codes: Int32Array.of(0, 0, 1, 1) }],
    classes: { count: 2, codes: [Int32Array.of(0, 1)], rows: Int32Array.of(500, 500) },
    rows: 1000,
    spreadsheetSafe: true,
  };
}
