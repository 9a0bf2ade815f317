import { strict as assert } from 'node:assert';
import { parseViewFile } from '../../../engine/view/view-file.js';

const view = {
  version: 1,
  algorithm: 'hdpview',
  dimensions: [
    { kind: 'range', name: 'age', lo: 0, hi: 9 },
    { kind: 'categorical', name: 'sex', values: ['F', 'M'] },
  ],
  blocks: [
    { lo: [0, 0], hi: [4, 1], count: 12.5 },
    { lo: [5, 0], hi: [9, 0], count: -1 },
    { lo: [5, 1], hi: [9, 1], count: 3 },
  ],
  cost: { kind: 'pure', epsilon: 1 },
  parameters: { depth: 3 },
};
const text = (v: unknown) => JSON.stringify(v);
const without = (key: string) => Object.fromEntries(Object.entries(view).filter(([k]) => k !== key));

describe('engine/view: parseViewFile (checks a view file before anything reads it)', () => {
  it('reads a bare view and a view release’s report (the view under its "view" key) alike', () => {
    assert.deepEqual(parseViewFile(text(view)), view);
    assert.deepEqual(parseViewFile(text({ release: 'v', mechanism: 'hdpview', view })), view);
  });

  it('refuses malformed JSON, a missing view, a wrong version or algorithm, each with its cause', () => {
    assert.throws(() => parseViewFile('{"version": 1,'), /^ViewFileError: not JSON/);
    assert.throws(() => parseViewFile(text({ release: 'v' })), /no view in it/);
    assert.throws(
      () => parseViewFile(text({ ...view, version: 2 })),
      /view version 2 is not supported; this privspec reads version 1/,
    );
    assert.throws(() => parseViewFile(text({ ...view, algorithm: 'hdmm' })), /unknown view algorithm "hdmm"/);
    assert.throws(() => parseViewFile(text(without('cost'))), /states no privacy cost/);
  });

  it('refuses dimensions and blocks that do not describe a partition of the domain', () => {
    const dims = (d: unknown) => text({ ...view, dimensions: d });
    assert.throws(
      () => parseViewFile(dims([{ kind: 'range', name: 'age', lo: 9, hi: 0 }, view.dimensions[1]])),
      /integer bounds lo ≤ hi/,
    );
    assert.throws(
      () => parseViewFile(dims([view.dimensions[0], { kind: 'categorical', name: 'sex', values: ['F', 'F'] }])),
      /lists a value twice/,
    );
    const blocks = (b: unknown) => text({ ...view, blocks: b });
    assert.throws(
      () => parseViewFile(blocks([...view.blocks.slice(0, 2), { lo: [5, 1], hi: [10, 1], count: 3 }])),
      /block 3: its interval 5\.\.10 on dimension 1 is not inside 0\.\.9/,
    );
    assert.throws(
      () => parseViewFile(blocks([...view.blocks.slice(0, 2), { lo: [5, 1], hi: [9, 1], count: null }])),
      /block 3 has no finite count/,
    );
    // Dropping a block leaves a gap: 15 of 20 cells are covered.
    assert.throws(() => parseViewFile(blocks(view.blocks.slice(0, 2))), /the blocks cover 15 cells of a domain of 20/);
    assert.throws(
      () => parseViewFile(blocks([{ lo: [0], hi: [9], count: 1 }])),
      /block 1 has 1 bounds; the view has 2 dimensions/,
    );
  });
});
