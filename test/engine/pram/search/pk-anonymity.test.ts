import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { seededRandom } from '../../../../engine/core/random.js';
import { parseArxHierarchy } from '../../../../engine/hierarchy/arx-hierarchy.js';
import { localEpsilon } from '../../../../engine/pram/local-epsilon.js';
import { retentionMatrix } from '../../../../engine/pram/retention-matrix.js';
import { searchGeneralizationPram } from '../../../../engine/pram/search/generalization-pram-search.js';
import { epsilonForPk, pkOfClass } from '../../../../engine/pram/search/pk-anonymity.js';
import { identificationRisk } from '../../../../engine/risk/identification-risk.js';
import { tableFromRows } from '../../../../engine/table/table.js';

describe('pram/search: Pk-anonymity (Ikarashi, Kikuchi, Chida, Takahashi, IWSEC 2015)', () => {
  it('by hand: a class of 5 with ε = ln 2 gives k = 1 + 4·e^{−2 ln 2} = 2; k = 2 in a class of 5 allows ε = ½·ln(4/1) = ln 2', () => {
    assert.ok(Math.abs(pkOfClass(5, Math.LN2) - 2) < 1e-15);
    const e = epsilonForPk(5, 2)!;
    assert.ok(Math.abs(e - Math.LN2) < 1e-15 && pkOfClass(5, e) >= 2);
    assert.equal(epsilonForPk(2, 3), null); // a class smaller than k must be suppressed
    assert.equal(epsilonForPk(7, 1), Infinity);
    assert.equal(epsilonForPk(3, 3), 0); // a class of exactly k: only full randomization keeps it
  });

  it('the bound is tight for two records: x, y released as x, y links x with p²/(p² + q²) = 1/(1 + e^{−2ε})', () => {
    const m = retentionMatrix(['x', 'y'], 0.6); // p = 0.8, q = 0.2, ε = ln 4
    const r = identificationRisk([['x'], ['y']], [['x'], ['y']], [m]);
    assert.ok(Math.abs(r.maxRisk - 0.64 / 0.68) < 1e-12);
    assert.ok(Math.abs(1 / pkOfClass(2, localEpsilon(m)) - 0.64 / 0.68) < 1e-12);
  });

  it("exact η never exceeds 1/k with k = min over classes of 1 + (|E| − 1)·e^{−2ε} (property: random tables, one attribute kept, one or two PRAM'd)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.double({ min: 0, max: 0.95, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (n, retain, two, seed) => {
          const rng = seededRandom(seed);
          const pick = (d: number) => `v${rng.nextUint32() % d}`;
          const original = Array.from({ length: n }, () => [pick(2), pick(3), pick(2)]);
          const matrices = [
            retentionMatrix(['v0', 'v1'], 1),
            retentionMatrix(['v0', 'v1', 'v2'], retain),
            retentionMatrix(['v0', 'v1'], two ? retain : 1),
          ];
          // A release drawn from the original: the kept attribute as it is, the others anywhere in their domains.
          const released = original.map((rec) => [rec[0], pick(3), two ? pick(2) : rec[2]]);
          const eps = matrices.reduce((s, m) => s + localEpsilon(m), 0);
          const sizes = new Map<string, number>();
          for (const rec of original) {
            const key = two ? rec[0] : `${rec[0]}|${rec[2]}`;
            sizes.set(key, (sizes.get(key) ?? 0) + 1);
          }
          const k = Math.min(...[...sizes.values()].map((s) => pkOfClass(s, eps)));
          const r = identificationRisk(original, released, matrices);
          assert.ok(r.maxRisk <= 1 / k + 1e-12, `η ${r.maxRisk} > 1/k = ${1 / k}`);
        },
      ),
      { numRuns: 200, seed: 6 },
    );
  });

  it("the search under pk: a point that randomizes nothing is k-anonymous, one that randomizes meets Pk; the paper's single flag has 2 points per node", () => {
    const sex = parseArxHierarchy('M;*\nF;*\n');
    const age = parseArxHierarchy('20;20-29;*\n25;20-29;*\n31;30-39;*\n38;30-39;*\n45;40-49;*\n');
    const rows = Array.from({ length: 60 }, (_, i) => [
      i % 3 === 0 ? 'F' : 'M',
      ['20', '25', '31', '38', '45'][(i * 7) % 5],
    ]);
    const t = tableFromRows(['sex', 'age'], rows);
    const base = { qi: ['sex', 'age'], hierarchies: [sex, age], target: { pk: 4 } };
    const all = searchGeneralizationPram(t, { ...base, pramFlags: 'all', optimizer: 'exhaustive' });
    // Levels (sex, age) 2 × 3 = 6 nodes; the top node (*, *) has nothing to randomize: 5·2 + 1 = 11 points.
    assert.equal(all.points, 11);
    const per = searchGeneralizationPram(t, { ...base, optimizer: 'exhaustive' });
    assert.equal(per.points, 15);
    assert.ok(per.best!.loss <= all.best!.loss); // per-attribute flags contain the single flag's points
    for (const r of [all, per]) assert.ok(r.best!.pk! >= 4, String(r.best!.pk));
    const bo = searchGeneralizationPram(t, {
      ...base,
      rng: seededRandom(2),
      exhaustiveCheck: true,
      evaluations: per.candidates,
    });
    assert.equal(bo.exhaustive!.relativeError, 0);
    assert.throws(() => searchGeneralizationPram(t, { ...base, target: { pk: 3, k: 3 } }), /not both/);
    assert.throws(() => searchGeneralizationPram(t, { ...base, target: { pk: 0 } }), /pk must be an integer/);
  });
});
