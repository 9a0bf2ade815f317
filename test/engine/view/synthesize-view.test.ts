import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { synthesizeView } from '../../../engine/view/synthesize-view.js';
import type { DpView } from '../../../engine/view/view-types.js';

const cost = { kind: 'pure', epsilon: 1 } as const;
const dims = [
  { kind: 'range', name: 'age', lo: 20, hi: 29 },
  { kind: 'categorical', name: 'sex', values: ['F', 'M'] },
] as const;

/** A two-sided bound on a binomial count: mean ± z·sd with z = 5 (a false failure once in ~3.5 million runs). */
function withinBinomial(k: number, n: number, p: number): boolean {
  return Math.abs(k - n * p) <= 5 * Math.sqrt(n * p * (1 - p));
}

describe('engine/view: synthesizeView (sampling records from a view, post-processing)', () => {
  it('a one-block view gives uniform values in every dimension (each of 10 ages and 2 sexes within its binomial bound)', () => {
    const view: DpView = {
      version: 1,
      algorithm: 'hdpview',
      dimensions: dims,
      blocks: [{ lo: [0, 0], hi: [9, 1], count: 123.4 }],
      cost,
      parameters: {},
    };
    const n = 20_000;
    const { header, rows } = synthesizeView(view, n, seededRandom(1));
    assert.deepEqual(header, ['age', 'sex']);
    assert.equal(rows.length, n);
    const ages = new Map<string, number>();
    const sexes = new Map<string, number>();
    for (const [a, s] of rows) {
      ages.set(a, (ages.get(a) ?? 0) + 1);
      sexes.set(s, (sexes.get(s) ?? 0) + 1);
    }
    // The values are the range's integers 20..29 and the categories by name; each has probability 1/10 or 1/2.
    assert.deepEqual([...ages.keys()].sort(), ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29']);
    for (const k of ages.values()) assert.ok(withinBinomial(k, n, 0.1), `age count ${k} of ${n}`);
    assert.deepEqual([...sexes.keys()].sort(), ['F', 'M']);
    for (const k of sexes.values()) assert.ok(withinBinomial(k, n, 0.5), `sex count ${k} of ${n}`);
  });

  it('a two-block view puts records in proportion to max(count, 0): 30 vs 10 → 3/4, and a negative block gets none', () => {
    const view: DpView = {
      version: 1,
      algorithm: 'privtree',
      dimensions: dims,
      blocks: [
        { lo: [0, 0], hi: [4, 1], count: 30 },
        { lo: [5, 0], hi: [9, 0], count: 10 },
        { lo: [5, 1], hi: [9, 1], count: -7.5 },
      ],
      cost,
      parameters: {},
    };
    const n = 10_000;
    const { rows } = synthesizeView(view, n, seededRandom(2));
    const young = rows.filter(([a]) => Number(a) <= 24).length;
    assert.ok(withinBinomial(young, n, 30 / 40), `${young} of ${n} in the first block, expected ${0.75 * n}`);
    // The negative block (ages 25..29, M) is clamped to 0: no record there; the second block is ages 25..29, F only.
    assert.equal(rows.filter(([a, s]) => Number(a) >= 25 && s === 'M').length, 0);
    assert.ok(rows.every(([a]) => Number(a) >= 20 && Number(a) <= 29));
  });

  it('refuses a view with no positive count, and a number of rows that is not a positive integer', () => {
    const empty: DpView = {
      version: 1,
      algorithm: 'identity',
      dimensions: dims,
      blocks: [{ lo: [0, 0], hi: [9, 1], count: -1 }],
      cost,
      parameters: {},
    };
    assert.throws(() => synthesizeView(empty, 5, seededRandom(3)), /count ≤ 0/);
    const one: DpView = { ...empty, blocks: [{ lo: [0, 0], hi: [9, 1], count: 1 }] };
    assert.throws(() => synthesizeView(one, 0, seededRandom(3)), /integer from 1/);
    assert.throws(() => synthesizeView(one, 2.5, seededRandom(3)), /integer from 1/);
  });
});
