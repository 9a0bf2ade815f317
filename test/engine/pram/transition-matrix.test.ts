import { strict as assert } from 'node:assert';
import { PrivacyError } from '../../../engine/core/measures.js';
import { matrixFromCsv } from '../../../engine/pram/custom-matrix.js';
import { combinedEpsilon, localEpsilon, retentionForEpsilon } from '../../../engine/pram/local-epsilon.js';
import { keepProbability, retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import { makeTransitionMatrix, toRows, UNITS } from '../../../engine/pram/transition-matrix.js';
import { TableError } from '../../../engine/table/table.js';

const close = (a: number, b: number, tol = 1e-12) => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

describe('pram/transition matrices', () => {
  it('retention 0.7 over three values is the seed example matrix: 0.8 kept, 0.1 to each other value (Hasegawa & Miura, eq. 17)', () => {
    const m = retentionMatrix(['a', 'b', 'c'], 0.7);
    toRows(m).forEach((row, u) => row.forEach((x, v) => close(x, u === v ? 0.8 : 0.1, 1e-15)));
    close(keepProbability(0.7, 3), 0.8, 1e-15);
  });

  it('every stored row sums to exactly 1 in units of 2^−52, and a positive entry never rounds to 0', () => {
    const m = makeTransitionMatrix(
      ['x', 'y', 'z'],
      [
        [1 / 3, 1 / 3, 1 / 3],
        [1 - 1e-300, 1e-300, 0],
        [0.2, 0.3, 0.5],
      ],
    );
    for (let u = 0; u < 3; u++) {
      let units = 0;
      for (let v = 0; v < 3; v++) {
        const x = m.p[u * 3 + v] * UNITS;
        assert.ok(Number.isInteger(x));
        units += x;
      }
      assert.equal(units, UNITS);
    }
    assert.equal(m.p[1 * 3 + 1], 2 ** -52);
    assert.equal(m.p[1 * 3 + 2], 0);
  });

  it('refuses absurd matrices with one clear line each', () => {
    const bad: [string[], number[][], RegExp][] = [
      [[], [], /at least one value/],
      [
        ['a', 'a'],
        [
          [1, 0],
          [0, 1],
        ],
        /appears twice/,
      ],
      [['a', 'b'], [[1, 0]], /1 rows for 2 values/],
      [['a', 'b'], [[1, 0], [1]], /has 1 entries, expected 2/],
      [
        ['a', 'b'],
        [
          [1.5, -0.5],
          [0, 1],
        ],
        /not a probability/,
      ],
      [
        ['a', 'b'],
        [
          [NaN, 1],
          [0, 1],
        ],
        /not a probability/,
      ],
      [
        ['a', 'b'],
        [
          [0.5, 0.4],
          [0, 1],
        ],
        /sums to 0.9, not 1/,
      ],
    ];
    for (const [labels, rows, message] of bad)
      assert.throws(
        () => makeTransitionMatrix(labels, rows),
        (e: Error) => e instanceof PrivacyError && message.test(e.message) && !e.message.includes('\n'),
      );
    assert.throws(() => retentionMatrix(['a'], 1.2), /retention must be a probability/);
    assert.throws(() => retentionMatrix(['a'], NaN), /retention must be a probability/);
    assert.throws(() => retentionMatrix([], 0.5), /no values/);
  });

  it('rows summing to 1 within 1e-9 are accepted and normalized', () => {
    const m = makeTransitionMatrix(
      ['a', 'b'],
      [
        [0.5 + 4e-10, 0.5],
        [0.25, 0.75],
      ],
    );
    close(m.p[0] + m.p[1], 1, 0);
  });
});

describe('pram/local ε', () => {
  it('retention 0.7 over 3 values: ε = ln(0.8/0.1) = ln 8 = 2.0794415 (hand), two attributes 2 ln 8', () => {
    const m = retentionMatrix(['a', 'b', 'c'], 0.7);
    close(localEpsilon(m), Math.log(8), 1e-12);
    assert.ok(localEpsilon(m) >= Math.log(0.8) - Math.log(0.1));
    close(combinedEpsilon([m, retentionMatrix(['A', 'B', 'C'], 0.7)]), 2 * Math.log(8), 1e-12);
  });

  it('the extremes: retention 0 gives ε = 0, retention 1 (a zero off the diagonal) gives ε = ∞', () => {
    assert.equal(localEpsilon(retentionMatrix(['a', 'b', 'c'], 0)), 0);
    assert.equal(localEpsilon(retentionMatrix(['a', 'b'], 1)), Infinity);
  });

  it('an output no original can produce is ignored: ε of [[1,0],[1,0]] is 0', () => {
    assert.equal(
      localEpsilon(
        makeTransitionMatrix(
          ['a', 'b'],
          [
            [1, 0],
            [1, 0],
          ],
        ),
      ),
      0,
    );
  });

  it('retentionForEpsilon inverts ε = ln(1 + ρ|V|/(1 − ρ)): ln 8 over 3 values gives ρ = 7/10 (hand), never more ε than asked', () => {
    const domain = ['a', 'b', 'c'];
    close(retentionForEpsilon(domain, Math.log(8)), 0.7, 1e-12);
    for (const eps of [0.01, 0.5, 1, 3, 10, 40]) {
      const rho = retentionForEpsilon(domain, eps);
      assert.ok(localEpsilon(retentionMatrix(domain, rho)) <= eps, String(eps));
      assert.ok(rho > 0 && rho <= 1);
    }
    assert.equal(retentionForEpsilon(domain, 0), 0);
    assert.equal(retentionForEpsilon(['only'], 1), 1);
    assert.throws(() => retentionForEpsilon(domain, -1), PrivacyError);
  });
});

describe('pram/custom matrix from CSV', () => {
  const csv = 'from,b,a\na,0.1,0.9\nb,0.8,0.2\n';

  it('reads labels from the first row and column and reorders rows to match the columns', () => {
    const m = matrixFromCsv(csv, { source: 'm.csv', domain: ['a', 'b'] });
    assert.deepEqual(m.labels, ['b', 'a']);
    assert.deepEqual(
      toRows(m).map((r) => r.map((x) => Number(x.toFixed(12)))),
      [
        [0.8, 0.2],
        [0.1, 0.9],
      ],
    );
    assert.equal(m.description, 'm.csv');
  });

  it('names the file and the problem: a domain mismatch, a non-number (with its line), a row not summing to 1', () => {
    assert.throws(() => matrixFromCsv(csv, { source: 'm.csv', domain: ['a', 'b', 'c'] }), /m\.csv: .*missing 'c'/);
    assert.throws(
      () => matrixFromCsv('x,a,b\na,0.5,zero\nb,0,1\n', { source: 'm.csv' }),
      (e: Error) => e instanceof TableError && e.line === 2 && /'zero' is not a probability/.test(e.message),
    );
    assert.throws(
      () => matrixFromCsv('x,a,b\na,0.5,0.4\nb,0,1\n', { source: 'm.csv' }),
      /m\.csv: row 'a' sums to 0\.9/,
    );
    assert.throws(() => matrixFromCsv('x,a,b\na,1,0\nc,0,1\n', { source: 'm.csv' }), /must name the same values/);
  });
});
