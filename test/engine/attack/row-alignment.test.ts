import { strict as assert } from 'node:assert';
import { evaluateAttack } from '../../../engine/attack/attack-evaluation.js';
import { linkageAttack } from '../../../engine/attack/linkage-attack.js';
import type { AttributeModel } from '../../../engine/attack/linkage-edges.js';
import { checkRecordOrder } from '../../../engine/attack/row-alignment.js';
import { seededRandom } from '../../../engine/core/random.js';
import { parseArxHierarchy } from '../../../engine/hierarchy/arx-hierarchy.js';
import { retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import { tableFromRows } from '../../../engine/table/table.js';

// Issue 34: the released records are matched to the truth's by an alignment (a row key, or the truth's own order once
// checked), never assumed to be in the truth's order.
describe('engine/attack: aligning released records with the truth', () => {
  const truth = tableFromRows(
    ['id', 'age', 'sex'],
    [
      ['p1', '31', 'F'],
      ['p2', '47', 'M'],
      ['p3', '52', 'F'],
      ['p4', '38', 'M'],
    ],
  );
  const age = parseArxHierarchy('31;30-39;*\n38;30-39;*\n47;40-49;*\n52;50-59;*\n');

  it('scores through the alignment: released row j is truth row truthRows[j], suppressed truth rows are absent', () => {
    // Released (shuffled, p2 suppressed): 50-59/F is p3, 30-39/M is p4, 30-39/F is p1. Every tuple is unique among the
    // truth's records, so each link is certain: 3 of 3 correct through the key. The same links scored by position
    // (released j ↔ truth j: p1, p2, p3) would count 0.
    const released = tableFromRows(
      ['age', 'sex'],
      [
        ['50-59', 'F'],
        ['30-39', 'M'],
        ['30-39', 'F'],
      ],
    );
    const models = new Map<string, AttributeModel>([['age', { kind: 'generalized', hierarchy: age }]]);
    const result = linkageAttack(released, truth, {
      qi: ['age', 'sex'],
      models,
      candidateId: 'id',
      rng: seededRandom(3),
    });
    const ev = evaluateAttack(result, released, truth, {
      qi: ['age', 'sex'],
      id: 'id',
      models,
      alignment: { truthRows: Int32Array.from([2, 3, 0]), basis: 'row key' },
    });
    assert.equal(ev.alignment, 'row key');
    assert.equal(ev.correct, 3);
    assert.equal(ev.rate, 1);
    // Three classes of one record: 1/|class| = 1 each.
    assert.equal(ev.predictedRate, 1);
    assert.throws(
      () =>
        evaluateAttack(result, released, truth, {
          qi: ['age', 'sex'],
          id: 'id',
          models,
          alignment: { truthRows: Int32Array.from([2, 3, 4]), basis: 'row key' },
        }),
      /names truth record 5, the truth .* has 4/,
    );
  });

  it("η through the alignment: its diagonal is each released record's own original (hand-worked, 2 records)", () => {
    // Originals x (p) and y (q), retention 0.5 over {x, y}: P(keep) = 0.75. Released [y, x] from [q, p]: the linkage
    // matrix L(r, j) = P(orig r → released j) is [[.25, .75], [.75, .25]] (rows p, q), perm = .25·.25 + .75·.75 = .625.
    // η(p → released 2) = .75·.75/.625 = 0.9, η(q → released 1) = 0.9: aligned, the diagonal is 0.9; by position it
    // would be η(p → 1) = 0.1.
    const matrix = retentionMatrix(['x', 'y'], 0.5);
    const models = new Map<string, AttributeModel>([['v', { kind: 'pram', matrix }]]);
    const t = tableFromRows(
      ['id', 'v'],
      [
        ['p', 'x'],
        ['q', 'y'],
      ],
    );
    const released = tableFromRows(['v'], [['y'], ['x']]);
    const result = linkageAttack(released, t, { qi: ['v'], models, candidateId: 'id', rng: seededRandom(1) });
    const ev = evaluateAttack(result, released, t, {
      qi: ['v'],
      id: 'id',
      models,
      alignment: { truthRows: Int32Array.from([1, 0]), basis: 'row key' },
    });
    assert.ok(Math.abs(ev.etaDiagonalMean! - 0.9) < 1e-12, String(ev.etaDiagonalMean));
    assert.ok(Math.abs(ev.predictedRate! - 0.9) < 1e-12);
    const byPosition = evaluateAttack(result, released, t, { qi: ['v'], id: 'id', models });
    assert.ok(Math.abs(byPosition.etaDiagonalMean! - 0.1) < 1e-12);
  });

  it('checks a claimed record order on the attributes that can tell, and counts the rows that break it', () => {
    const models = new Map<string, AttributeModel>([['age', { kind: 'generalized', hierarchy: age }]]);
    const inOrder = tableFromRows(
      ['age', 'sex'],
      [
        ['30-39', 'F'],
        ['*', 'M'],
        ['50-59', '*'],
        ['38', 'M'],
      ],
    );
    assert.deepEqual(checkRecordOrder(inOrder, truth, ['age', 'sex'], models), {
      verifiedOn: ['age', 'sex'],
      unverifiable: [],
      incompatible: 0,
      rows: 4,
    });
    // Rows 1 and 2 swapped: row 1 (*, M) against p1 (31, F) breaks on sex, row 2 (30-39, F) against p2 (47, M) on both;
    // rows 3 and 4 hold: 2 of 4 incompatible.
    const swapped = tableFromRows(
      ['age', 'sex'],
      [
        ['*', 'M'],
        ['30-39', 'F'],
        ['50-59', '*'],
        ['38', 'M'],
      ],
    );
    assert.equal(checkRecordOrder(swapped, truth, ['age', 'sex'], models).incompatible, 2);
    // A uniform PRAM at retention below 1 lets any value become any other: such a column cannot tell; at retention 1
    // (released as it is) it can.
    const pram = (r: number) =>
      new Map<string, AttributeModel>([['sex', { kind: 'pram', matrix: retentionMatrix(['F', 'M'], r) }]]);
    const flipped = tableFromRows(['sex'], [['M'], ['F'], ['M'], ['F']]);
    assert.deepEqual(checkRecordOrder(flipped, truth, ['sex'], pram(0.5)), {
      verifiedOn: [],
      unverifiable: ['sex'],
      incompatible: 0,
      rows: 4,
    });
    assert.equal(checkRecordOrder(flipped, truth, ['sex'], pram(1)).incompatible, 4);
  });
});
