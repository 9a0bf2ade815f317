import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { localPreview } from '../../../engine/preview/local-preview.js';
import { tableFromRows } from '../../../engine/table/table.js';
import type { DatasetDescription } from '../../../engine/release/release-description.js';
import { sketchBeatsResponseAt } from '../../../engine/release/kinds/local/local-accuracy.js';
import { countMeanSketchVariance } from '../../../engine/dp/mechanisms/count-mean-sketch-estimate.js';

// Issue 40 item 3: the preview of a local release states each value's standard error and the domain size at which the
// count-mean sketch beats randomized response, at the spec's ε and n.
const dataset: DatasetDescription = {
  name: 'd',
  file: 'd.csv',
  identifying: [],
  quasi: [],
  sensitive: ['diag'],
  insensitive: [],
  unit: 'id',
};
// 1,000 units; unit i < 200 has a second row. Values: 500 flu, 300 cold, 200 asthma over the units.
const rows: string[][] = [];
for (let i = 0; i < 1000; i++) rows.push([String(i), i < 500 ? 'flu' : i < 800 ? 'cold' : 'asthma']);
for (let i = 0; i < 200; i++) rows.push([String(i), 'flu']);
const table = tableFromRows(['id', 'diag'], rows);
const domains = new Map([['diag', ['flu', 'cold', 'asthma']]]);

describe('the preview of a local release (issue 40)', () => {
  it('randomized response at ε = ln 3 over 3 values: SE² = (n_v·6/25 + (n − n_v)·4/25)/(4/25), by hand', () => {
    const body = localPreview({
      table,
      dataset,
      query: { kind: 'local', column: 'diag', protocol: 'randomized-response', epsilon: Math.log(3) },
      domains,
      rng: seededRandom(1),
    });
    assert.equal(body.reports, 1000, 'one report per unit');
    assert.deepEqual(
      body.values.map((v) => v.before),
      [500, 300, 200],
    );
    // p = 3/5, q = 1/5: Var = 1.5·n_v + (n − n_v) = n + n_v/2 → 1250, 1150, 1100.
    const expected = [1250, 1150, 1100];
    body.values.forEach((v, i) =>
      assert.ok(Math.abs(v.standardError ** 2 - expected[i]) < 1e-6, String(v.standardError)),
    );
    assert.ok(Math.abs(body.responseError ** 2 - 1000) < 1e-6, "a value no unit holds: Wang et al.'s Var* = n");
    // Every example estimate is drawn, and they sum to n (Σ_v ĉ_v = n).
    const total = body.values.reduce((s, v) => s + v.draw!, 0);
    assert.ok(Math.abs(total - 1000) < 1e-6, String(total));
  });

  it('the crossing at width 1024 and 256 hashes, by hand: 33 values at ε = 2, 472 at ε = 4', () => {
    // For a value no unit holds, Var[f̃]/n = (m/(m−1))²·((c² − 1)/4 + (m − 1)/m²·(1 − 1/k)) with
    // c = (e^{ε/2}+1)/(e^{ε/2}−1) (Apple Differential Privacy Team 2017, Algorithm 3), and RR's
    // Var*/n = (e^ε + K − 2)/(e^ε − 1)² (Wang et al. 2017) exceeds it from K > (Var[f̃]/n)·(e^ε − 1)² − e^ε + 2.
    // ε = 2: c = 3.71828/1.71828 = 2.16395, (c² − 1)/4 = 0.92067; (m − 1)/m²·(255/256) = 0.00097180; ×(1024/1023)² →
    // 0.92345; ×(e² − 1)² = 40.820 → 37.695; − 7.389 + 2 = 32.31, so K = 33.
    // ε = 4: c = 8.38906/6.38906 = 1.31304, (c² − 1)/4 = 0.18102; + 0.00097180, ×1.001956 → 0.18234; ×(e⁴ − 1)² =
    // 2872.76 → 523.8; − 54.598 + 2 = 471.2, so K = 472. Independent of n.
    for (const n of [1000, 32_561]) {
      assert.equal(sketchBeatsResponseAt(2, n, 1024, 256), 33);
      assert.equal(sketchBeatsResponseAt(4, n, 1024, 256), 472);
    }
  });

  it('the crossing: below it randomized response has the smaller variance, from it the sketch', () => {
    for (const epsilon of [1, 2, 4]) {
      const n = 1000;
      const at = sketchBeatsResponseAt(epsilon, n, 1024, 256)!;
      const sketch = countMeanSketchVariance(n, 0, 0, 1 / (Math.exp(epsilon / 2) + 1), 256, 1024);
      const response = (k: number) => (n * (Math.exp(epsilon) + k - 2)) / (Math.exp(epsilon) - 1) ** 2;
      assert.ok(response(at) > sketch, `ε ${epsilon}: at ${at}`);
      assert.ok(at === 2 || response(at - 1) <= sketch, `ε ${epsilon}: at ${at - 1}`);
    }
  });
});
