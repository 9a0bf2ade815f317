import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { classSizeHistogram, histogramFromCounts } from '../../../engine/risk/class-size-histogram.js';
import { makePopulationModel } from '../../../engine/risk/population-model.js';
import { populationUniqueness } from '../../../engine/risk/population-uniqueness.js';

describe('risk/population-uniqueness (Dankar et al. 2012 decision rule, as in ARX)', () => {
  const h = histogramFromCounts({ 1: 40, 2: 15, 3: 8, 4: 4, 5: 2, 8: 1 });

  it('rounds the population as ARX does: N = round(n/λ), f = n/N', () => {
    assert.deepEqual(makePopulationModel(3, 0.7), { sampleSize: 3, populationSize: 4, samplingFraction: 0.75 });
    assert.deepEqual(makePopulationModel(30162, 0.01), {
      sampleSize: 30162,
      populationSize: 3016200,
      samplingFraction: 0.01,
    });
  });

  it('uses Pitman for sampling fractions up to 0.1', () => {
    const p = populationUniqueness(h, 0.05);
    assert.equal(p.dankar.model, 'pitman');
    assert.deepEqual({ populationUniques: p.dankar.populationUniques, share: p.dankar.share }, p.pitman);
  });

  it('uses the smaller of Zayatz and SNB above 0.1', () => {
    const p = populationUniqueness(h, 0.3);
    const z = p.zayatz.populationUniques!;
    const s = p.snb.populationUniques!;
    assert.equal(p.dankar.model, z < s ? 'zayatz' : 'snb');
    assert.equal(p.dankar.populationUniques, Math.min(z, s));
  });

  it('falls back to Zayatz when Pitman or SNB has no estimate, and reports null rather than NaN', () => {
    // Five uniques and five pairs: the solver finds no Pitman root with θ ≥ 0 (ARX's constraint), so there is no
    // estimate.
    const low = populationUniqueness(histogramFromCounts({ 1: 5, 2: 5 }), 0.05);
    assert.equal(low.pitman.populationUniques, null);
    assert.equal(low.dankar.model, 'zayatz');
    assert.deepEqual({ populationUniques: low.dankar.populationUniques, share: low.dankar.share }, low.zayatz);
    const high = populationUniqueness(histogramFromCounts({ 1: 5, 2: 5 }), 0.5);
    assert.equal(high.snb.populationUniques, null);
    assert.equal(high.dankar.model, 'zayatz');
  });

  it('reports zeros and model "none" without sample uniques', () => {
    const p = populationUniqueness(histogramFromCounts({ 2: 3, 5: 1 }), 0.1, { cells: 100 });
    assert.equal(p.dankar.model, 'none');
    assert.equal(p.dankar.share, 0);
    assert.equal(p.pitman.share, 0);
    assert.equal(p.poissonGamma?.uniques, 0);
  });

  it('gives the sample-unique share for a census (f = 1)', () => {
    const p = populationUniqueness(h, 1);
    // 40 uniques of 128 records.
    assert.ok(Math.abs(p.dankar.share! - 40 / 128) < 1e-9);
  });

  it('property: every figure is null or a share within [0, 1]; never NaN', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(0.01, 0.05, 0.1, 0.2, 0.5, 0.9, 1),
        (sizes, f) => {
          const hist = classSizeHistogram(sizes);
          const p = populationUniqueness(hist, f, { cells: hist.classes * 3 });
          for (const fig of [p.pitman, p.zayatz, p.snb, p.dankar]) {
            if (fig.share === null) continue;
            assert.ok(Number.isFinite(fig.share) && fig.share >= 0 && fig.share <= 1 + 1e-9, `share ${fig.share}`);
          }
          assert.ok(Number.isFinite(p.poissonGamma!.share));
        },
      ),
      { numRuns: 60 },
    );
  });
});
