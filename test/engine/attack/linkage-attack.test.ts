import { strict as assert } from 'node:assert';
import { evaluateAttack } from '../../../engine/attack/attack-evaluation.js';
import { linkageAttack } from '../../../engine/attack/linkage-attack.js';
import { seededRandom, type RandomSource } from '../../../engine/core/random.js';
import { KAnonymity } from '../../../engine/criteria/k-anonymity.js';
import { uniformBelowSmall } from '../../../engine/dp/samplers/uniform.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { mondrian, mondrianRelease } from '../../../engine/mondrian/mondrian.js';
import { makeProblem } from '../../../engine/search/problem.js';
import { tableFromRows } from '../../../engine/table/table.js';

const QI = ['age', 'zip', 'sex'];
const ZIPS = ['10115', '10117', '10119', '10178', '10179'];

/** n people with random ages 20–59, one of five zips and a sex; ids prefixed so decoys differ from originals. */
function people(n: number, prefix: string, rng: RandomSource): string[][] {
  return Array.from({ length: n }, (_, i) => [
    `${prefix}${i + 1}`,
    String(20 + uniformBelowSmall(40, rng)),
    ZIPS[uniformBelowSmall(5, rng)],
    uniformBelowSmall(2, rng) ? 'f' : 'm',
  ]);
}

/** A k-anonymous Mondrian release of the originals, in their order, without the id column. */
function mondrianOf(original: string[][], k: number) {
  const table = tableFromRows(['id', ...QI], original);
  const flat = (values: string[]) => parseArxHierarchy(values.map((v) => `${v};*`).join('\n'), 'h');
  const ages = Array.from({ length: 40 }, (_, i) => String(20 + i));
  const problem = makeProblem(table, {
    qi: QI,
    hierarchies: [flat(ages), flat(ZIPS), flat(['f', 'm'])],
    criteria: [new KAnonymity(k)],
  });
  const out = mondrianRelease(
    tableFromRows(
      QI,
      original.map((r) => r.slice(1)),
    ),
    problem,
    mondrian(problem, k),
  );
  return { truth: table, released: tableFromRows(out.header, out.rows) };
}

describe('engine/attack/linkage-attack', () => {
  it('re-identifies every record of an unprotected release (identity) whose tuples are unique', () => {
    // Hand-built: 5 originals with distinct tuples, 5 decoys differing from each in one value; released = originals.
    const original = [
      ['a', '30', '10115', 'f'],
      ['b', '31', '10115', 'f'],
      ['c', '30', '10117', 'f'],
      ['d', '30', '10115', 'm'],
      ['e', '45', '10179', 'm'],
    ];
    const decoys = original.map((r, i) => [`x${i}`, String(Number(r[1]) + 10), r[2], r[3]]);
    const truth = tableFromRows(['id', ...QI], original);
    const released = tableFromRows(
      QI,
      original.map((r) => r.slice(1)),
    );
    const candidates = tableFromRows(['id', ...QI], [...decoys, ...original]);
    const result = linkageAttack(released, candidates, { qi: QI, candidateId: 'id', rng: seededRandom(1) });
    assert.equal(result.matched, 5);
    assert.equal(result.ties, 0);
    const ev = evaluateAttack(result, released, truth, { qi: QI, id: 'id' });
    assert.equal(ev.correct, 5);
    assert.equal(ev.rate, 1);
    assert.equal(ev.predictedRate, 1);
    assert.equal(ev.precision, 1);
    assert.equal(ev.exceeds, false);
    assert.deepEqual(
      result.links.map((l) => l.match?.score),
      [1, 1, 1, 1, 1],
    );
  });

  it('reports a tie and gives each tied record 1/(compatible candidates) as its score', () => {
    // Hand-built: one class [30, 31] of two released records; candidates 30, 31 (the originals) and 30 (a decoy), so
    // each record is compatible with 3 candidates of equal likelihood: score 1/3, tiedBest 3, no confident match.
    const released = tableFromRows(['age'], [['[30, 31]'], ['[30, 31]']]);
    const candidates = tableFromRows(
      ['id', 'age'],
      [
        ['p', '30'],
        ['q', '31'],
        ['z', '30'],
        ['w', '50'],
      ],
    );
    const result = linkageAttack(released, candidates, { qi: ['age'], candidateId: 'id', rng: seededRandom(2) });
    assert.equal(result.matched, 2);
    assert.equal(result.ties, 2);
    for (const l of result.links) {
      assert.equal(l.tiedBest, 3);
      assert.equal(l.compatible, 3);
      assert.ok(Math.abs(l.match!.score - 1 / 3) < 1e-12);
      assert.equal(l.match!.confident, false);
    }
    assert.notEqual(result.links[0].match!.candidate, result.links[1].match!.candidate);
    const ev = evaluateAttack(
      result,
      released,
      tableFromRows(
        ['id', 'age'],
        [
          ['p', '30'],
          ['q', '31'],
        ],
      ),
      { qi: ['age'], id: 'id' },
    );
    assert.equal(ev.predictedRate, 0.5);
    // Two indistinguishable records: σ = √(2·½·½)/2 = 1/(2√2), so the tolerance is 3/(2√2).
    assert.ok(Math.abs(ev.tolerance! - 3 / (2 * Math.SQRT2)) < 1e-12);
  });

  it('leaves a record unmatched when the one-to-one attack runs out of compatible candidates', () => {
    const released = tableFromRows(['zip'], [['10115'], ['10115']]);
    const candidates = tableFromRows(
      ['id', 'zip'],
      [
        ['p', '10115'],
        ['q', '10117'],
      ],
    );
    const result = linkageAttack(released, candidates, { qi: ['zip'], candidateId: 'id', rng: seededRandom(3) });
    assert.equal(result.matched, 1);
    assert.equal(result.links.filter((l) => l.match === undefined).length, 1);
    assert.deepEqual(
      result.links.map((l) => l.best?.candidate),
      ['p', 'p'],
    );
  });

  it('never beats the 1/k bound on average over many random k-anonymous Mondrian releases (3σ)', () => {
    // 40 random tables of 60 originals and 60 decoys for each k. Each released record of a class of c is linked
    // correctly with probability at most 1/c ≤ 1/k; pooled over all records the mean rate must stay below the mean
    // predicted 1/c plus 3 standard errors √(Σ p(1−p))/N.
    const rng = seededRandom(27);
    for (const k of [2, 5, 10]) {
      let correct = 0;
      let predicted = 0;
      let variance = 0;
      let records = 0;
      for (let t = 0; t < 40; t++) {
        const original = people(60, 'p', rng);
        const { truth, released } = mondrianOf(original, k);
        const candidates = tableFromRows(['id', ...QI], [...original, ...people(60, 'd', rng)]);
        const result = linkageAttack(released, candidates, { qi: QI, candidateId: 'id', rng });
        const ev = evaluateAttack(result, released, truth, { qi: QI, id: 'id' });
        assert.ok(ev.predictedRate! <= 1 / k + 1e-12, `k = ${k}: predicted ${ev.predictedRate} above 1/k`);
        for (const r of ev.perRecord) {
          predicted += r.predicted;
          variance += r.predicted * (1 - r.predicted);
        }
        correct += ev.correct;
        records += released.rowCount;
      }
      const rate = correct / records;
      const bound = predicted / records + (3 * Math.sqrt(variance)) / records;
      assert.ok(rate <= bound, `k = ${k}: measured ${rate} above ${bound}`);
      assert.ok(rate <= 1 / k + (3 * Math.sqrt(variance)) / records, `k = ${k}: measured ${rate} above 1/k`);
      assert.ok(
        rate > 0,
        `k = ${k}: the attack linked nobody correctly, which a working attack on 1/k-risk data would not do`,
      );
    }
  });
});
