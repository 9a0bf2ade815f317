import { strict as assert } from 'node:assert';
import { solveNewton2D, withNumericJacobian } from '../../../engine/risk/newton-raphson-2d.js';

describe('risk/newton-raphson-2d', () => {
  it('finds the root of a system with a known solution', () => {
    // x² + y² = 4 and x = y have the root (√2, √2) in the positive quadrant.
    const root = solveNewton2D(
      withNumericJacobian((x, y) => [x * x + y * y - 4, x - y]),
      [1, 0.5],
      { accuracy: 1e-12 },
    );
    assert.ok(root);
    assert.ok(Math.abs(root[0] - Math.SQRT2) < 1e-10 && Math.abs(root[1] - Math.SQRT2) < 1e-10);
  });

  it('restarts when the constraint is left, deterministically', () => {
    // From (3, 3) the first step of x² − 1 = 0 jumps to x = 1.67; forbidding x > 1.5 forces restarts from scaled
    // starts.
    const system = withNumericJacobian((x, y) => [x * x - 1, y - 0.5]);
    const run = () => solveNewton2D(system, [3, 3], { accuracy: 1e-10, constraint: (x) => x <= 1.5 });
    const root = run();
    assert.ok(root && Math.abs(root[0] - 1) < 1e-9);
    assert.deepEqual(run(), root);
  });

  it('returns undefined when there is no root', () => {
    assert.equal(
      solveNewton2D(
        withNumericJacobian((x, y) => [x * x + 1, y]),
        [1, 1],
        { iterationsTotal: 500 },
      ),
      undefined,
    );
  });
});
