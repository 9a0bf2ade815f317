import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { buildView } from '../../../engine/view/build-view.js';
import { disjointnessProblem } from '../../../engine/view/partition-check.js';
import { readViewText, ViewFileError } from '../../../engine/view/view-file.js';
import type { ViewBlock, ViewDimension } from '../../../engine/view/view-types.js';
import { smallGrid } from '../../helpers/bounded-inputs.js';
import { withCpuTimeSync } from '../../helpers/cpu-time.js';

/**
 * Checking a view file's 10,000 blocks took 0.13 s of CPU at load 9; the bound is 2 s of CPU, more than ten times that
 * (CPU time, since wall time would count a busy machine's other work).
 */
const CHECK_CPU_BOUND = 2;

// The view-file reader's partition check (engine/view/partition-check.ts): blocks must be pairwise disjoint as well as
// add up to the domain's volume.

const file = (dimensions: ViewDimension[], blocks: Pick<ViewBlock, 'lo' | 'hi' | 'count'>[]): string =>
  JSON.stringify({
    version: 1,
    algorithm: 'hdpview',
    dimensions,
    blocks,
    cost: { kind: 'pure', epsilon: 1 },
    parameters: { countNoiseVariance: 2 },
  });

describe('view file: the blocks must be a partition', () => {
  const a: ViewDimension = { kind: 'range', name: 'a', lo: 0, hi: 2 };
  const b: ViewDimension = { kind: 'range', name: 'b', lo: 0, hi: 2 };

  it('accepts a partition no single cut separates (a pinwheel of 3 × 3: four 2 × 1 arms around the centre cell)', () => {
    // Arms: a 0..1 × b 0; a 2 × b 0..1; a 1..2 × b 2; a 0 × b 1..2; centre a 1 × b 1. Volumes 2+2+2+2+1 = 9.
    const blocks = [
      { lo: [0, 0], hi: [1, 0], count: 1 },
      { lo: [2, 0], hi: [2, 1], count: 1 },
      { lo: [1, 2], hi: [2, 2], count: 1 },
      { lo: [0, 1], hi: [0, 2], count: 1 },
      { lo: [1, 1], hi: [1, 1], count: 1 },
    ];
    assert.equal(disjointnessProblem(blocks, 2), undefined);
    assert.equal(readViewText(file([a, b], blocks)).view.blocks.length, 5);
  });

  it('refuses two blocks that overlap in one cell while the volumes still add up, naming both blocks', () => {
    // a 0..1 × b 0..1 (4 cells) and a 1..2 × b 1..2 (4 cells) share (1, 1); with a 1-cell block (0, 2) volumes are 9.
    const blocks = [
      { lo: [0, 0], hi: [1, 1], count: 1 },
      { lo: [1, 1], hi: [2, 2], count: 1 },
      { lo: [0, 2], hi: [0, 2], count: 1 },
    ];
    assert.throws(
      () => readViewText(file([a, b], blocks)),
      (e: unknown) => e instanceof ViewFileError && /blocks 1 and 2 overlap/.test(e.message),
    );
  });

  it('accepts the views the builders make and checks a large one quickly (identity view of 100 × 100 = 10,000 cells)', () => {
    for (const algorithm of ['identity', 'hdpview', 'privtree'] as const) {
      const view = buildView(smallGrid(), { algorithm, epsilon: 1 }, seededRandom(3));
      const text = JSON.stringify(view);
      const { value: read, cpu } = withCpuTimeSync(`${algorithm}: ${view.blocks.length} blocks checked`, () =>
        readViewText(text),
      );
      assert.equal(read.view.blocks.length, view.blocks.length);
      assert.ok(cpu < CHECK_CPU_BOUND, `${algorithm}: ${view.blocks.length} blocks checked in ${cpu} s of CPU`);
    }
  });
});
