import { strict as assert } from 'node:assert';
import { PACKED_MIN_LENGTH, packArrays } from '../../../extension/preview/packed-arrays.js';
import { unpackArrays } from '../../../webview/preview/unpacked-arrays.js';
import { grid } from '../../browser/preview-fixtures.js';

// Issue 37 item 9: a preview's long numeric arrays go to the page as Float64Arrays (the editor sends typed arrays as
// binary, a plain array as JSON text), and the page gets back exactly the arrays the engine computed.
describe('the preview message: long numeric arrays packed as Float64Array and unpacked by the page', () => {
  it("packs a 128² grid's two maps, and the page's unpacking gives back every number exactly", () => {
    const preview = grid(128);
    assert.equal(preview.body.kind === 'grid' && preview.body.truth.length, 128 * 128);
    // Values a float64 holds exactly but JSON text or a float32 would not all keep: a third, 2^53 + 2, a subnormal, −0.
    const body = preview.body as unknown as { draw: number[] };
    body.draw[0] = 1 / 3;
    body.draw[1] = 2 ** 53 + 2;
    body.draw[2] = 5e-324;
    body.draw[3] = -0;
    const packed = packArrays(preview);
    const sent = packed.body as unknown as Record<string, unknown>;
    assert.ok(sent.truth instanceof Float64Array);
    assert.ok(sent.draw instanceof Float64Array);
    assert.equal(sent.draw.length, 128 * 128);
    // The short and the non-numeric fields go as they were: the RMSE rows (objects), the size, the method.
    assert.equal(sent.rmse, (preview.body as unknown as Record<string, unknown>).rmse);
    assert.equal(sent.size, 128);
    // The engine's preview is not changed: the message gets a copy of the body.
    assert.ok(Array.isArray(body.draw));
    const received = unpackArrays(packed);
    assert.deepEqual(received, preview);
    const draw = (received.body as unknown as { draw: number[] }).draw;
    assert.ok(Array.isArray(draw));
    assert.equal(draw[0], 1 / 3);
    assert.equal(draw[1], 2 ** 53 + 2);
    assert.equal(draw[2], 5e-324);
    assert.ok(Object.is(draw[3], -0));
  });

  it(`leaves a body alone when no array of numbers reaches ${PACKED_MIN_LENGTH} entries, or when one holds anything else`, () => {
    // A 32² grid is 1,024 cells: below the threshold, its JSON text is short.
    const small = grid(32);
    assert.equal(packArrays(small), small);
    const mixed = grid(128);
    (mixed.body as unknown as { truth: unknown[] }).truth[5] = null;
    const packed = packArrays(mixed).body as unknown as Record<string, unknown>;
    assert.ok(Array.isArray(packed.truth), 'an array with a null stays JSON');
    assert.ok(packed.draw instanceof Float64Array);
    // A message without a packed array comes through the page's unpacking as it was.
    assert.equal(unpackArrays(small), small);
  });
});
