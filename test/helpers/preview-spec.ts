import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleasePreview } from '../../engine/preview/preview-types.js';

const examples = join(import.meta.dirname, '..', '..', 'examples');

/**
 * examples/visits.privspec (bounded counts, a mean, a `where`, a PRAM beside the anonymity block, a grid within bounds,
 * a bounded mode) and, added here, domains and grid bounds taken from the data, a bounded sum and a generalization.
 */
export function specText(data: string): string {
  return (
    readFileSync(join(examples, 'visits.privspec'), 'utf8')
      .replace(/"hierarchies\//g, `"${join(examples, 'hierarchies')}/`)
      .replace('"data/patients.csv"', `"${data}"`)
      .replace('budget { epsilon 3 ', 'budget { epsilon 100 ')
      .replace(
        'pram diagnosis, sex retain 0.8',
        'pram diagnosis, sex retain 0.8  accept linked-releases "test: each release is checked alone"',
      ) +
    'release by_age:       count by age  laplace epsilon 0.1  accept data-dependent-domain  accept unbounded-contribution\n' +
    'release spread:       grid x, y size 16  nn-wavelet rho 0.01  accept data-dependent-domain  accept unbounded-contribution\n' +
    'release top_zip:      mode zip  exponential epsilon 0.1  accept data-dependent-domain  accept unbounded-contribution\n' +
    'release total_income: sum income clamp 0..200000  bound unit rows 1  laplace epsilon 0.1\n' +
    'release public:       generalize  accept linked-releases "test: each release is checked alone"\n'
  );
}

export const BOUNDED = [
  'visits_by_sex',
  'mean_income',
  'low_income',
  'per_occupation',
  'total_income',
  'population',
  'top_diagnosis',
];
export const FROM_DATA = ['by_age', 'spread', 'top_zip'];
export const ALL = [...BOUNDED, ...FROM_DATA, 'diagnosis_pram', 'public'];

/** The released figures (last column), or a grid's cells row-major, of a seeded release's CSV. */
export function releasedValues(file: string, grid?: number): number[] | string[] {
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .slice(1)
    .map((l) => l.split(','));
  if (grid === undefined) return rows.map((r) => r[r.length - 1]);
  const cells = new Array<number>(grid * grid).fill(0);
  for (const r of rows) cells[Number(r[1]) * grid + Number(r[0])] = Number(r[2]);
  return cells;
}

/** The preview's example draw in the release file's form. */
export function drawn(p: ReleasePreview): number[] | string[] {
  const b = p.body;
  if (b.kind === 'aggregate') return b.cells.map((c) => String(c.draw));
  if (b.kind === 'mode') return [b.draw];
  if (b.kind === 'grid') return [...b.draw];
  throw new Error(`no draw for ${b.kind}`);
}

/**
 * Every number to 12 significant digits: a source returns its frequency table's records in its own order, and a loss
 * summed over classes in another order agrees to about 1e-15 relative, not bit for bit.
 */
export const rounded = (x: unknown): unknown =>
  JSON.parse(JSON.stringify(x, (_, v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v)));
