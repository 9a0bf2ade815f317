import { strict as assert } from 'node:assert';
import { EmptyFileSystem } from 'langium';
import { parseHelper } from 'langium/test';
import type * as ast from '../../language/generated/ast.js';
import { analyzeSpec } from '../../language/privspec-analysis.js';
import { createPrivspecServices } from '../../language/privspec-module.js';

const services = createPrivspecServices(EmptyFileSystem).Privspec;
const parse = parseHelper<ast.Spec>(services);

async function plans(text: string) {
  const document = await parse(text);
  return analyzeSpec(document.parseResult.value, '/spec.privspec');
}

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${a} ≠ ${b}`);

describe('release plans: sensitivities, noise and costs', () => {
  it('prices row-level counts, histograms and clamped sums', async () => {
    const a = await plans(`dataset d from "d.csv" { quasi s }
hierarchy s { "a", "b" -> "*" }
budget { epsilon 1 }
release c: count laplace epsilon 0.5
release h: count by s laplace epsilon 0.25
release s: sum x clamp -10..5 laplace epsilon 0.5`);
    const [c, h, s] = a.plans;
    // Hand-computed: Δ₁ = 1 → b = 1/0.5 = 2; a histogram also has Δ₁ = 1 → b = 4; a sum clamped to [−10, 5] has Δ₁ = 10
    // → b = 20.
    assert.deepEqual([c.sensitivity!.l1, h.sensitivity!.l1, s.sensitivity!.l1], [1, 1, 10]);
    assert.deepEqual(
      [c.noise, h.noise],
      [
        { kind: 'laplace', scale: 2 },
        { kind: 'laplace', scale: 4 },
      ],
    );
    close((s.noise as { scale: number }).scale, 20);
    assert.deepEqual(c.costs.pure, { kind: 'pure', epsilon: 0.5 });
    // ε-DP ⇒ (ε²/2)-zCDP: 0.5²/2 = 0.125.
    assert.deepEqual(c.costs.zcdp, { kind: 'zcdp', rho: 0.125 });
    // Hand-computed: 0.5 + 0.25 + 0.5 = 1.25.
    assert.deepEqual(a.summary.spent, { epsilon: 1.25 });
  });

  it('multiplies sensitivities by the contribution bounds of a privacy unit', async () => {
    const a = await plans(`dataset d from "d.csv" { quasi s unit p }
hierarchy s { "a", "b" -> "*" }
budget { rho 1 }
release h: count by s bound unit groups 4 rows 3 gaussian rho 0.5
release m: mean x clamp 0..10 bound unit rows 2 laplace epsilon 1`);
    const [h, m] = a.plans;
    // Hand-computed: G = 4, R = 3 → Δ₁ = 12, Δ₂ = √4·3 = 6; σ = Δ₂/√(2ρ) = 6/1 = 6.
    assert.deepEqual([h.sensitivity!.l1, h.sensitivity!.l2], [12, 6]);
    close((h.noise as { sigma: number }).sigma, 6);
    // A mean under rows 2: the sum has Δ₁ = 2·10 = 20, the count Δ₁ = 2; each gets ε/2 = 0.5, so the sum's b = 40.
    assert.deepEqual([m.sensitivity!.l1, m.sensitivity!.countL1], [20, 2]);
    close((m.noise as { scale: number }).scale, 40);
    // ρ: 0.5 (Gaussian) + 1²/2 (the mean's pure ε = 1) = 1.
    assert.deepEqual(a.summary.spent, { rho: 1 });
  });

  it('converts a zCDP budget given as (ε, δ) to its largest ρ', async () => {
    const a = await plans('budget { epsilon 1 delta 1e-6 accounting zcdp }');
    // ρ = (√(ln 1e6 + 1) − √ln 1e6)²; ln 1e6 = 13.8155, so √14.8155 − √13.8155 = 3.84909 − 3.71692 = 0.13217, squared
    // 0.017469.
    close(Number(a.summary.limit.rho!.toPrecision(5)), 0.017469);
  });
});
