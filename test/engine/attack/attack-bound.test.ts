import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { linkageAttack } from '../../../engine/attack/linkage-attack.js';
import { AttackTooLarge } from '../../../engine/attack/linkage-edges.js';
import { tableFromRows } from '../../../engine/table/table.js';

// Issue 36 item 6: the attack on Mondrian ranges grew without bound (10,000 × 20,000 records: 16.8 s and 976 MB;
// 50,000 × 100,000: over 120 s). The blocking now counts the pairs it will compare before comparing them and refuses,
// with the projected total, an attack over its bound. The counts below are derived by hand.

/** 1,000 candidates aged 0..999 (each its own tuple) and 20 released records with the ranges [i, 999], i = 0..19. */
function tables() {
  const candidates = tableFromRows(
    ['id', 'age'],
    Array.from({ length: 1000 }, (_, a) => [`c${a}`, String(a)]),
  );
  const released = tableFromRows(
    ['age'],
    Array.from({ length: 20 }, (_, i) => [`[${i}, 999]`]),
  );
  return { released, candidates };
}

describe('the attack is bounded: pairs counted before they are compared (issue 36)', () => {
  it('compares exactly Σ (1000 − i) = 19,810 pairs: a bound of 19,810 runs, 19,809 is refused', () => {
    const { released, candidates } = tables();
    const run = (maxPairChecks: number) =>
      linkageAttack(released, candidates, { qi: ['age'], candidateId: 'id', rng: seededRandom(1), maxPairChecks });
    const result = run(19_810);
    assert.equal(result.released, 20);
    // Record i is compatible with the 1000 − i candidates aged i..999.
    assert.deepEqual(
      result.links.map((l) => l.compatible),
      Array.from({ length: 20 }, (_, i) => 1000 - i),
    );
    assert.throws(() => run(19_809), AttackTooLarge);
  });

  it('refuses before the work passes the bound, stating the projected total', () => {
    const { released, candidates } = tables();
    // The first 10 records compare Σ_{i<10} (1000 − i) = 9,955 pairs; the 11th would bring 990 more, 10,945 > 10,000,
    // so the attack stops there and projects 10,945 pairs over 11 of 20 tuples: 10,945 · 20 / 11 = 19,900.
    assert.throws(
      () => linkageAttack(released, candidates, { qi: ['age'], rng: seededRandom(1), maxPairChecks: 10_000 }),
      (e: unknown) =>
        e instanceof AttackTooLarge &&
        e.estimate === 19_900 &&
        e.bound === 10_000 &&
        /about 19,900 pairs of released and candidate tuples to compare, over the bound of 10,000/.test(e.message),
    );
  });
});
