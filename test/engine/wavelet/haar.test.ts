import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import wt from 'discrete-wavelets';
import {
  crop,
  haarForward,
  haarInverse,
  haarStep,
  levelOfIndex,
  padToPowerOfTwo,
} from '../../../engine/wavelet/haar-1d.js';
import {
  cropGrid,
  haarNonStandardForward,
  haarNonStandardInverse,
  haarStandardForward,
  haarStandardInverse,
  padGrid,
} from '../../../engine/wavelet/haar-2d.js';
import { mortonDecode, mortonIndex, mortonToRowMajor } from '../../../engine/wavelet/morton.js';

const close = (a: ArrayLike<number>, b: ArrayLike<number>, tol = 1e-9) => {
  assert.equal(a.length, b.length);
  for (let i = 0; i < a.length; i++)
    assert.ok(Math.abs(a[i] - b[i]) <= tol * Math.max(1, Math.abs(b[i])), `index ${i}: ${a[i]} vs ${b[i]}`);
};

/** discrete-wavelets' orthonormal coefficients ([cA_k], [cD_k], …, [cD_1]) in our normalization and layout. */
function fromOrthonormal(coeffs: number[][]): Float64Array {
  const k = coeffs.length - 1;
  const out: number[] = [coeffs[0][0] / 2 ** (k / 2)];
  for (let j = 1; j <= k; j++) {
    const level = k - j + 1;
    for (const c of coeffs[j]) out.push(c / 2 ** (level / 2));
  }
  return Float64Array.from(out);
}

describe('wavelet/haar 1-D', () => {
  it('one step maps [4, 6, 3, 5] to [5, 4, −1, −1] (Ishioka–Terada §2.2.2: averages, then half-differences)', () => {
    assert.deepEqual(Array.from(haarStep([4, 6, 3, 5])), [5, 4, -1, -1]);
  });

  it('the full transform of [4, 6, 3, 5] is [4.5, 0.5, −1, −1] (by hand: mean 4.5, (5 − 4)/2 = 0.5)', () => {
    assert.deepEqual(Array.from(haarForward([4, 6, 3, 5])), [4.5, 0.5, -1, -1]);
    assert.deepEqual(Array.from(haarInverse([4.5, 0.5, -1, -1])), [4, 6, 3, 5]);
  });

  it('heap levels: index 0 and 1 are level k, the second half is level 1', () => {
    assert.deepEqual(
      [0, 1, 2, 3, 4, 7].map((h) => levelOfIndex(h, 8)),
      [3, 3, 2, 2, 1, 1],
    );
  });

  it('inverse ∘ forward is the identity, with padding to a power of two and cropping (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 100000 }), { minLength: 1, maxLength: 300 }), (xs) => {
        const padded = padToPowerOfTwo(xs);
        assert.equal(padded.length & (padded.length - 1), 0);
        close(crop(haarInverse(haarForward(padded)), xs.length), xs);
      }),
    );
  });

  it('agrees with discrete-wavelets wavedec (haar) after converting its 1/√2 normalization to 1/2', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.double({ min: -1e4, max: 1e4, noNaN: true }), { minLength: 512, maxLength: 512 }),
        (k, raw) => {
          const x = raw.slice(0, 2 ** k);
          close(haarForward(x), fromOrthonormal(wt.wavedec(x, 'haar')), 1e-9);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('wavelet/haar 2-D', () => {
  const grid = (side: number) =>
    fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: side * side, maxLength: side * side });

  it('Morton order: 2t and 2t + 1 are horizontal neighbours, 4t … 4t + 3 a 2×2 block, and decode inverts encode', () => {
    assert.deepEqual([0, 1, 2, 3].map(mortonDecode), [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ]);
    assert.equal(mortonIndex(5, 3), 0b011011);
    for (let z = 0; z < 1024; z++) assert.equal(mortonIndex(mortonDecode(z).x, mortonDecode(z).y), z);
    assert.deepEqual(Array.from(mortonToRowMajor(4).slice(0, 8)), [0, 1, 4, 5, 2, 3, 6, 7]);
  });

  it('standard and non-standard round trips on padded odd-sized grids (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 13 }).chain((side) => fc.tuple(fc.constant(side), grid(side))),
        ([side, cells]) => {
          const p = padGrid(cells, side);
          close(cropGrid(haarStandardInverse(haarStandardForward(p.grid, p.side), p.side), p.side, side), cells);
          close(cropGrid(haarNonStandardInverse(haarNonStandardForward(p.grid, p.side), p.side), p.side, side), cells);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('standard = discrete-wavelets on every row, then every column; non-standard = discrete-wavelets on the Morton sequence', () => {
    const side = 16;
    const cells = Array.from({ length: side * side }, (_, i) => (i * 7919) % 101);
    const rows = cells
      .map((_, i) => i)
      .filter((i) => i % side === 0)
      .map((r) => Array.from(fromOrthonormal(wt.wavedec(cells.slice(r, r + side), 'haar'))));
    const expected = new Float64Array(side * side);
    for (let c = 0; c < side; c++) {
      const col = fromOrthonormal(
        wt.wavedec(
          rows.map((row) => row[c]),
          'haar',
        ),
      );
      col.forEach((v, r) => (expected[r * side + c] = v));
    }
    close(haarStandardForward(cells, side), expected);
    const perm = mortonToRowMajor(side);
    const z = Array.from(perm, (i) => cells[i]);
    close(haarNonStandardForward(cells, side), fromOrthonormal(wt.wavedec(z, 'haar')));
  });
});
