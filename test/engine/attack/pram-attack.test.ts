import { strict as assert } from 'node:assert';
import { evaluateAttack } from '../../../engine/attack/attack-evaluation.js';
import { linkageAttack } from '../../../engine/attack/linkage-attack.js';
import type { AttributeModel } from '../../../engine/attack/linkage-edges.js';
import { seededRandom, type RandomSource } from '../../../engine/core/random.js';
import { uniformBelowSmall } from '../../../engine/dp/samplers/uniform.js';
import { makePram } from '../../../engine/pram/make-pram.js';
import { retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import { column, tableFromRows } from '../../../engine/table/table.js';

const QI = ['a', 'b', 'c'];
const DOMAINS = [
  ['a1', 'a2', 'a3', 'a4'],
  ['b1', 'b2', 'b3'],
  ['c1', 'c2', 'c3', 'c4', 'c5'],
];

interface Pooled {
  rate: number;
  etaBound: number;
  etaDiagonal: number;
  sigma: number;
}

/** T random tables of n records, PRAM'd with one retention; the attack's rate, η's bound and diagonal, pooled. */
function pooled(retain: number, decoys: boolean, rng: RandomSource, T = 20, n = 40): Pooled {
  const matrices = DOMAINS.map((d) => retentionMatrix(d, retain));
  const models = new Map<string, AttributeModel>(QI.map((q, i) => [q, { kind: 'pram', matrix: matrices[i] }]));
  const draw = (prefix: string) =>
    Array.from({ length: n }, (_, i) => [`${prefix}${i}`, ...DOMAINS.map((d) => d[uniformBelowSmall(d.length, rng)])]);
  let correct = 0;
  let bound = 0;
  let diagonal = 0;
  let variance = 0;
  for (let t = 0; t < T; t++) {
    const original = draw('p');
    const truth = tableFromRows(['id', ...QI], original);
    const randomized = makePram({ matrices, rng }).invoke(QI.map((q) => column(truth, q)));
    const released = tableFromRows(
      QI,
      Array.from({ length: n }, (_, r) => randomized.map((c) => c.dictionary[c.codes[r]])),
    );
    const candidates = tableFromRows(['id', ...QI], decoys ? [...original, ...draw('d')] : original);
    const result = linkageAttack(released, candidates, { qi: QI, models, candidateId: 'id', rng });
    const ev = evaluateAttack(result, released, truth, { qi: QI, id: 'id', models });
    assert.equal(ev.predictedBasis, 'eta');
    correct += ev.correct;
    diagonal += ev.etaDiagonalMean! * n;
    for (const r of ev.perRecord) {
      bound += r.predicted;
      variance += r.predicted * (1 - r.predicted);
    }
  }
  const N = T * n;
  return { rate: correct / N, etaBound: bound / N, etaDiagonal: diagonal / N, sigma: Math.sqrt(variance) / N };
}

describe('engine/attack: PRAM attack against η (Hasegawa & Miura)', () => {
  it('links one of two records as often as η says, on a hand-worked 2-record release', () => {
    // Two originals x, y of one binary attribute, retention 0.5: P(keep) = 0.5 + 0.5/2 = 0.75. Released (x, x): the
    // linkage matrix is [[.75, .75], [.25, .25]], perm = .75·.25 + .75·.25 = .375, η(x→1) = .75·.25/.375 = 0.5 — both
    // released records are equally likely x, so the bound is 1/2 each, and so is the diagonal.
    const matrix = retentionMatrix(['x', 'y'], 0.5);
    const models = new Map<string, AttributeModel>([['v', { kind: 'pram', matrix }]]);
    const truth = tableFromRows(
      ['id', 'v'],
      [
        ['p', 'x'],
        ['q', 'y'],
      ],
    );
    const released = tableFromRows(['v'], [['x'], ['x']]);
    const result = linkageAttack(released, truth, { qi: ['v'], models, candidateId: 'id', rng: seededRandom(5) });
    const ev = evaluateAttack(result, released, truth, { qi: ['v'], id: 'id', models });
    assert.ok(Math.abs(ev.predictedRate! - 0.5) < 1e-12);
    assert.ok(Math.abs(ev.etaDiagonalMean! - 0.5) < 1e-12);
    // The one-to-one attack links one record to p and the other to q, at random: both right or both wrong, each with
    // probability 1/2, so over 400 seeded runs the rate is ½ within 3σ = 3·½/√400 = 0.075.
    assert.ok(ev.correct === 0 || ev.correct === 2);
    let total = 0;
    for (let s = 0; s < 400; s++)
      total += evaluateAttack(
        linkageAttack(released, truth, { qi: ['v'], models, candidateId: 'id', rng: seededRandom(1000 + s) }),
        released,
        truth,
        { qi: ['v'], id: 'id', models },
      ).rate;
    assert.ok(Math.abs(total / 400 - 0.5) <= 0.075, `mean rate ${total / 400}`);
    // Each pair's likelihood: .75 for p (x kept), .25 for q; the score of p is .75/(.75 + .25).
    assert.deepEqual(
      result.links.map((l) => l.best!.candidate),
      ['p', 'p'],
    );
    assert.ok(Math.abs(result.links[0].best!.score - 0.75) < 1e-12);
  });

  for (const retain of [0.3, 0.6, 0.9]) {
    it(`retention ${retain}: the attacker who knows the original file links between η's diagonal and η's bound (3σ)`, () => {
      // 20 random tables of 40 records. η(r, j) is the posterior that released j is original r. No attacker beats the
      // mean of max_r η(r, j) (Bayes), and drawing each link from the posterior achieves the mean of η(j, j); the
      // maximum-likelihood one-to-one attack lies between the two, within 3 standard errors √(Σ p(1−p))/N.
      // Measured (seeds below): 0.3 → rate 0.105 (diagonal 0.049, bound 0.118); 0.6 → 0.29 (0.19, 0.32); 0.9 → 0.60
      // (0.59, 0.64). The diagonal alone understates a maximum-likelihood attacker at low and middle retention.
      const p = pooled(retain, false, seededRandom(100 + retain * 10));
      assert.ok(p.rate <= p.etaBound + 3 * p.sigma, `rate ${p.rate} above the η bound ${p.etaBound} ± ${3 * p.sigma}`);
      assert.ok(
        p.rate >= p.etaDiagonal - 3 * p.sigma,
        `rate ${p.rate} below the η diagonal ${p.etaDiagonal} ± ${3 * p.sigma}`,
      );
      assert.ok(p.etaDiagonal <= p.etaBound + 1e-12);
      if (process.env.PRIVSPEC_PRINT) console.log(retain, p);
    });
  }

  it('decoys among the candidates only make the attack weaker: it stays below η’s bound (3σ)', () => {
    const p = pooled(0.6, true, seededRandom(61));
    assert.ok(p.rate <= p.etaBound + 3 * p.sigma, `rate ${p.rate} above η bound ${p.etaBound}`);
  });
});
