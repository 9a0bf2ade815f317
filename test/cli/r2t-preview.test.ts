import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { R2T_PREVIEW_LABEL } from '../../engine/preview/r2t-preview.js';
import { runIn } from '../helpers/run-cli.js';

// Issue 39: `privspec preview` of an R2T release prints, per cell, the median and the mean |error| of R2T and of each
// fixed τ, under the one label the panel shows too (local: from the exact data).
describe('privspec preview: R2T releases (examples/r2t, issue 39)', () => {
  it('north: median below the true 1383, mean above it (the rare overshoot), fixed τ = 64 at b·ln 2 (64)', async () => {
    const r = await runIn(resolve('examples/r2t'), ['preview', 'orders.privspec', '--only', 'n_orders']);
    assert.equal(r.code, 0, r.err);
    assert.ok(r.out.includes(`${R2T_PREVIEW_LABEL}; ε per candidate 0.0625`), r.out);
    const north = /^north: true 1383; R2T ([\d.]+) \(([\d.]+)\); fixed τ (.*)$/m.exec(r.out);
    assert.ok(north, r.out);
    const [median, mean] = [Number(north[1]), Number(north[2])];
    assert.ok(median < 1383 && mean > 1383, `median ${median}, mean ${mean}`);
    // τ = 64 ≥ the heaviest north customer's 40 orders: no bias, so |error| = |Lap(64)|: median 64·ln 2, mean 64.
    assert.match(north[3], new RegExp(`\\b64: ${Number((64 * Math.LN2).toPrecision(6))} \\(64\\)`));
  });
});
