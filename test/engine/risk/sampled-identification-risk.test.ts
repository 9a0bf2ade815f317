import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { pramPreview } from '../../../engine/preview/pram-preview.js';
import { retentionMatrix } from '../../../engine/pram/retention-matrix.js';
import {
  meanInterval,
  sampledEta,
  uniformSampleFlags,
  Z_95,
} from '../../../engine/risk/sampled-identification-risk.js';
import { frequencyTableOf } from '../../../engine/table/frequency-table-of.js';
import { parseCsv } from '../../../engine/table/parse-csv.js';

describe('engine/risk/sampled-identification-risk: η of a large PRAM file, estimated on a uniform sample', () => {
  it('the 95 % interval of a mean without replacement, by hand (Cochran 1977, §2.5 and §2.15)', () => {
    // y = 0.1, 0.2, 0.3, 0.4 from N = 10: ȳ = 0.25; s² = (0.15² + 0.05² + 0.05² + 0.15²)/3 = 0.05/3;
    // s²/n · (1 − n/N) = (0.05/3)/4 · 0.6 = 0.0025, so the half-width is z · 0.05 = 1.959964 · 0.05 = 0.0979982.
    const { mean, halfWidth } = meanInterval([0.1, 0.2, 0.3, 0.4], 10);
    assert.ok(Math.abs(mean - 0.25) < 1e-15);
    assert.ok(Math.abs(halfWidth - Z_95 * 0.05) < 1e-12);
    assert.ok(Math.abs(halfWidth - 0.0979982) < 1e-7);
    // The whole population sampled: no sampling error.
    assert.equal(meanInterval([0.1, 0.2, 0.3, 0.4], 4).halfWidth, 0);
  });

  it('draws n distinct rows of N, each row equally often over many draws', () => {
    const rng = seededRandom(3);
    const hits = new Array<number>(10).fill(0);
    for (let run = 0; run < 20_000; run++) {
      const flags = uniformSampleFlags(10, 3, rng);
      assert.equal(
        flags.reduce((s, x) => s + x, 0),
        3,
      );
      flags.forEach((x, i) => (hits[i] += x));
    }
    // Each row is drawn with probability 3/10: 6,000 expected of 20,000 runs, σ = √(20000·0.3·0.7) ≈ 64.8; ±5σ.
    for (const h of hits) assert.ok(Math.abs(h - 6000) < 5 * 64.8, String(hits));
    assert.equal(
      uniformSampleFlags(5, 9, rng).reduce((s, x) => s + x, 0),
      5,
    );
  });

  it('η of the sample file, by hand: two records a, b released as a, b under retain 0.6', () => {
    // P(keep) = 0.6 + 0.4/2 = 0.8, P(swap) = 0.2: A = [[0.8, 0.2], [0.2, 0.8]], perm A = 0.64 + 0.04 = 0.68, and
    // η(r, r) = A[r][r] · A[r̄][r̄] / perm A = 0.64/0.68 for both records (Hasegawa & Miura, eqs. 15–19).
    const m = retentionMatrix(['a', 'b'], 0.6);
    const e = sampledEta([['a'], ['b']], [['a'], ['b']], [m], 10);
    assert.equal(e.method, 'exact');
    assert.ok(Math.abs(e.highest - 0.64 / 0.68) < 1e-12);
    assert.ok(Math.abs(e.mean - 0.64 / 0.68) < 1e-12);
    // Both true links have the same η, so s = 0 and the interval is a point.
    assert.equal(e.halfWidth, 0);
    assert.deepEqual([e.sample, e.of], [2, 10]);
  });

  it('the PRAM preview of 3,000 rows states η estimated on a sample of 500 with its interval, not "run privspec reid"', () => {
    // 3,000 rows of one diagnosis column: a, b, c in 1,000 rows each.
    const csv = `d\n${Array.from({ length: 3000 }, (_, i) => 'abc'[i % 3]).join('\n')}\n`;
    const table = parseCsv(csv);
    const body = pramPreview({
      frequencies: frequencyTableOf(table, ['d']),
      dataset: { name: 'x', file: 'x.csv', identifying: [], quasi: [], sensitive: ['d'], insensitive: [] },
      query: { kind: 'pram', columns: ['d'], retain: 0.5, invariant: false },
      domains: new Map(),
      hierarchies: new Map(),
      rng: seededRandom(11),
    });
    assert.equal(typeof body.highestRisk, 'string');
    const text = body.highestRisk as string;
    assert.match(
      text,
      /^estimated on a sample of 500 of 3,000 records: highest η [\d.e-]+ in the sample, mean η of the/,
    );
    assert.match(text, /± [\d.e-]+ \(95 % CI for the sampling/);
    assert.doesNotMatch(text, /run privspec reid/);
    // Three values, each kept with 0.5 + 0.5/3 = 2/3 and moved to each other with 1/6: a record released as its own
    // value competes with about 500/3 records of that value (weight 2/3) and 1,000/3 of the others (weight 1/6), so
    // its η is near (2/3)/(167·2/3 + 333/6) ≈ 0.004; no record is near 1, and the highest stays below 0.05.
    const highest = Number(text.match(/highest η ([\d.e-]+)/)![1]);
    assert.ok(highest > 0 && highest < 0.05, text);
  });
});
