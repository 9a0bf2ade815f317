import { strict as assert } from 'node:assert';
import { PACKED_LENGTH, packArrays, unpackArrays } from '../../../engine/preview/packed-arrays.js';
import { noiseHint, robustTop } from '../../../webview/preview/grid-scale.js';
import { aggregateAt, grid } from '../../browser/preview-fixtures.js';

// Issue 37 item 9: a 512² grid's preview took about 3 s from the extension host's post to the page in code-server
// (test/e2e step 72's phases): its two maps, 524,288 numbers, went through JSON at every hop. The host now posts long
// arrays of numbers as Float64Array, which the editor hands to the webview as binary buffers.
describe('engine/preview/packed-arrays: long arrays of numbers travel to the panel as Float64Array', () => {
  it("a 512² grid's two maps become Float64Arrays with the same values; everything else is left as it was", () => {
    const preview = grid(512);
    const packed = packArrays(preview);
    const body = packed.body as Extract<typeof packed.body, { kind: 'grid' }>;
    const original = preview.body as typeof body;
    assert.ok(body.truth instanceof Float64Array && body.draw instanceof Float64Array);
    assert.equal(body.truth.length, 512 * 512);
    assert.deepEqual(Array.from(body.truth), original.truth);
    assert.deepEqual(Array.from(body.draw), original.draw);
    // The RMSE rows (objects) and the short arrays stay arrays; the input is not changed.
    assert.ok(Array.isArray(body.rmse) && Array.isArray(packed.controls) && Array.isArray(packed.notes));
    assert.ok(Array.isArray(original.truth));
    assert.equal(packed.elapsedMs, preview.elapsedMs);
  });

  it('arrays shorter than PACKED_LENGTH, or not all numbers, stay arrays (an aggregate preview is unchanged)', () => {
    const aggregate = aggregateAt(0.4);
    assert.deepEqual(packArrays(aggregate), aggregate);
    const short = new Array<number>(PACKED_LENGTH - 1).fill(1);
    const long = new Array<number | null>(PACKED_LENGTH).fill(1);
    long[7] = null;
    const out = packArrays({ short, long, exact: new Array<number>(PACKED_LENGTH).fill(2) });
    assert.ok(Array.isArray(out.short) && Array.isArray(out.long));
    assert.ok(out.exact instanceof Float64Array);
  });

  it('unpacking gives back plain arrays (the page keeps its state as JSON), equal to the original', () => {
    const preview = grid(64);
    const round = unpackArrays(packArrays(preview));
    assert.deepEqual(round, preview);
    assert.ok(Array.isArray((round.body as { truth: unknown }).truth));
  });

  it("the page's scale and hint read a packed map as they read an array", () => {
    const body = grid(128).body as Extract<ReturnType<typeof grid>['body'], { kind: 'grid' }>;
    const packed = packArrays(body);
    assert.deepEqual(robustTop(packed.draw), robustTop(body.draw));
    assert.deepEqual(noiseHint(packed), noiseHint(body));
  });
});
