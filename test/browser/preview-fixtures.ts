/**
 * Preview messages of every kind, typed against the protocol, for the browser tests. `aggregateAt(ε)` is what the
 * server answers for a count by region under Laplace noise at that ε (scale 1/ε, 95 % bound ln(20)/ε), so that moving
 * the ε control in the page visibly moves the error bars and the budget meter.
 */
import '../../engine/release/kinds/all-release-kinds.js'; // every release kind, for the planner's synchronous lookups
import type { ReleasePreview } from '../../extension/preview/preview-protocol.js';
import { seededRandom } from '../../engine/core/random.js';
import { viewPreview } from '../../engine/preview/view-preview.js';
import { planRelease } from '../../engine/release/plan-release.js';
import { tableFromRows } from '../../engine/table/table.js';

const regions = ['north', 'south', 'east', 'west'];

/** The server's meter for a plan of this one release and an empty ledger (engine/release/budget-meter.ts). */
function meter(
  spends: string,
  plan: string,
  remainingAfter: string,
  overrun: boolean,
): NonNullable<ReleasePreview['budget']> {
  const sentence = `This release spends ${spends}; the plan spends ${plan}; ledger ${plan.startsWith('ρ') ? 'ρ' : 'ε'} 0; ${remainingAfter} remains after the plan.`;
  return {
    spends,
    plan,
    ledger: `${plan.startsWith('ρ') ? 'ρ' : 'ε'} 0`,
    remainingAfter,
    overrun,
    sentence,
    figures: {
      accounting: plan.startsWith('ρ') ? 'zcdp' : 'pure',
      notion: plan.startsWith('ρ') ? 'ρ' : 'ε',
      release: 0,
      plan: 0,
      ledger: 0,
      limit: null,
      remainingAfterPlan: null,
      remainingAfterLedgerAndPlan: null,
    },
  };
}

export function aggregateAt(epsilon: number, cells = regions.length): ReleasePreview {
  const labels =
    cells <= regions.length ? regions.slice(0, cells) : Array.from({ length: cells }, (_, i) => `cell ${i + 1}`);
  const bound = Math.log(20) / epsilon;
  return {
    spec: '/w/counts.privspec',
    release: 'by_region',
    kind: 'aggregate',
    budget: meter(
      `ε ${Number(epsilon.toPrecision(3))}`,
      `ε ${Number(epsilon.toPrecision(3))} of 1`,
      `ε ${Number(Math.max(0, 1 - epsilon).toPrecision(3))}`,
      epsilon > 1,
    ),
    controls: [{ name: 'epsilon', label: 'ε', value: epsilon, min: 0.01, max: 10, log: true }],
    body: {
      kind: 'aggregate',
      query: 'count',
      mechanism: 'laplace',
      cells: labels.map((label, i) => ({
        label,
        truth: 25000 + 100 * i,
        draw: 25000 + 100 * i + (i % 2 ? 1 : -1) * Math.round(bound / 3),
        error95: bound,
      })),
      cellsShown: labels.length,
      cellsTotal: labels.length,
      bound: `95 % of draws fall within ±${Number(bound.toPrecision(3))} on each group`,
    },
    notes: [],
    elapsedMs: 12,
  };
}

export function mode(): ReleasePreview {
  const scores = [
    ['flu', 60],
    ['cold', 30],
    ['asthma', 28],
  ] as const;
  const w = scores.map(([, s]) => Math.exp((0.1 * (s - 60)) / 2));
  const t = w.reduce((a, b) => a + b, 0);
  return {
    spec: '/w/visits.privspec',
    release: 'top_diagnosis',
    kind: 'mode',
    budget: meter('ρ 0.005', 'ρ 0.005 of 0.147 (ε, δ = 0.531 of 3, 1e-6 by Bun & Steinke 2016)', 'ρ 0.142', false),
    controls: [{ name: 'epsilon', label: 'ε', value: 0.1, min: 0.01, max: 10, log: true }],
    body: {
      kind: 'mode',
      candidates: scores.map(([label, score], i) => ({ label, score, probability: w[i] / t })),
      draw: 'flu',
    },
    notes: [],
    elapsedMs: 5,
  };
}

/** A lattice of age (height 4) × sex (1) × zip (5): 60 nodes; a node satisfies when its height is at least 4. */
export function generalize(nodes = 60, selected: readonly number[] = [2, 0, 2]): ReleasePreview {
  const heights = nodes > 60 ? [7, 4, 9] : [4, 1, 5];
  const lattice = [];
  for (let a = 0; a <= heights[0]; a++)
    for (let s = 0; s <= heights[1]; s++)
      for (let z = 0; z <= heights[2]; z++)
        lattice.push({
          levels: [a, s, z],
          satisfied: a + s + z >= 4,
          loss: 1000 * (a + s + z),
          optimal: a === 2 && s === 0 && z === 2,
          // As a bisecting search leaves it: the nodes near the boundary checked, the rest inferred or pruned.
          checked: a + s + z === 0 || a + s + z === 3 || a + s + z === 4,
        });
  return {
    spec: '/w/visits.privspec',
    release: 'public_file',
    kind: 'generalize',
    sample: nodes > 60 ? { rows: 10000, of: 100000 } : undefined,
    controls: [],
    body: {
      kind: 'generalize',
      columns: ['age', 'sex', 'zip'],
      heights,
      lattice,
      latticeComplete: true,
      optimum: [2, 0, 2],
      selected,
      levelMeaning: ['age 2 of 4: 34 → 30-39', 'sex 0 of 1', 'zip 2 of 5: 45766 → 457**'],
      sample: {
        header: ['age', 'sex', 'zip'],
        before: [
          ['34', 'F', '45766'],
          ['57', 'M', '45655'],
          ['91', 'M', '52877'],
        ],
        after: [['30-39', 'F', '457**'], ['50-59', 'M', '456**'], null],
      },
      classSizes: [
        [3, 40],
        [4, 31],
        [5, 22],
        [8, 10],
        [20, 4],
      ],
      suppressed: 14,
      satisfied: true,
      loss: { metric: 'non-uniform entropy', selected: 4000, optimum: 4000 },
      criteria: ['3-anonymity of distinct patient_id'],
      pinned: [],
      before: { rows: 21062, classes: 15000, averageRisk: 0.71, highestRisk: 1, populationUniqueness: 0.2 },
      after: { rows: 21048, classes: 240, averageRisk: 0.011, highestRisk: 0.33, populationUniqueness: 0 },
    },
    notes: [],
    elapsedMs: 80,
  };
}

export function pram(retain = 0.8): ReleasePreview {
  const labels = ['flu', 'cold', 'asthma'];
  const keep = retain + (1 - retain) / 3;
  const move = (1 - retain) / 3;
  const matrix = labels.map((_, i) => labels.map((__, j) => (i === j ? keep : move)));
  const before = [600, 300, 300];
  const expected = labels.map((_, j) => before.reduce((s, n, i) => s + n * matrix[i][j], 0));
  const band = labels.map((_, j) =>
    Math.sqrt(20 * before.reduce((s, n, i) => s + n * matrix[i][j] * (1 - matrix[i][j]), 0)),
  );
  return {
    spec: '/w/visits.privspec',
    release: 'diagnosis_pram',
    kind: 'pram',
    controls: [{ name: 'retain', label: 'retain probability', value: retain, min: 0.05, max: 0.99, log: false }],
    body: {
      kind: 'pram',
      attributes: [
        {
          name: 'diagnosis',
          labels,
          matrix,
          epsilon: Math.log(keep / move),
          before,
          expected,
          band,
          draw: expected.map((e, i) => Math.round(e + (i - 1) * 5)),
        },
      ],
      combinedEpsilon: Math.log(keep / move),
      highestRisk: 0.42,
    },
    notes: [],
    elapsedMs: 20,
  };
}

export function grid(size = 32): ReleasePreview {
  const truth: number[] = [];
  const draw: number[] = [];
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      const v = Math.round(100 * Math.exp(-((r - size / 2) ** 2 + (c - size / 3) ** 2) / (size * 2)));
      truth.push(v);
      draw.push(v + ((r * 7 + c * 13) % 11) - 5);
    }
  const sides = [1, 2, 4, 8, 16, 32].filter((s) => s <= size);
  return {
    spec: '/w/visits.privspec',
    release: 'population',
    kind: 'grid',
    budget: meter('ρ 0.05', 'ρ 0.05 of 0.147 (ε, δ = 1.71 of 3, 1e-6 by Bun & Steinke 2016)', 'ρ 0.0973', false),
    controls: [
      { name: 'rho', label: 'ρ (zCDP)', value: 0.05, min: 1e-4, max: 10, log: true },
      { name: 'method', label: 'method', value: 'nn-wavelet', options: ['nn-wavelet', 'quadtree', 'gaussian'] },
    ],
    body: {
      kind: 'grid',
      size,
      method: 'nn-wavelet-zcdp',
      truth,
      draw,
      rmse: ['nn-wavelet-zcdp', 'gaussian'].flatMap((method) =>
        sides.map((side) => ({ method, side, rmse: method === 'gaussian' ? 4.5 * side : 6 * Math.log2(size) })),
      ),
    },
    notes: [],
    elapsedMs: 30,
  };
}

/**
 * A view release's preview as the engine computes it (engine/preview/view-preview.ts) on 3,000 generated rows of
 * age 17..90, sex and education, with a seeded generator: the partition, the three algorithms' errors and the examples.
 */
export async function view(): Promise<ReleasePreview> {
  const rng = seededRandom(29);
  const education = ['HS', 'Some-college', 'Bachelors', 'Masters', 'Doctorate'];
  const rows = Array.from({ length: 3000 }, () => {
    const age = 17 + Math.min(73, Math.floor((rng.nextUint32() / 2 ** 32) * 40 + (rng.nextUint32() / 2 ** 32) * 34));
    return [
      String(age),
      rng.nextUint32() % 3 === 0 ? 'F' : 'M',
      education[Math.min(4, Math.floor(((rng.nextUint32() % 100) / 100) ** 2 * 5))],
    ];
  });
  const table = tableFromRows(['age', 'sex', 'education'], rows);
  const description = {
    name: 'explore',
    query: {
      kind: 'view' as const,
      dimensions: [{ column: 'age', low: 17, high: 90 }, { column: 'sex' }, { column: 'education' }],
    },
    mechanism: { kind: 'hdpview' as const, epsilon: 1 },
    accepts: [],
  };
  const plan = planRelease(description, {
    budget: { accounting: 'pure', epsilon: 2 },
    declaredDomains: new Set(['sex', 'education']),
    domains: new Map([
      ['sex', ['F', 'M']],
      ['education', education],
    ]),
    rng,
    roles: { identifying: [], quasi: ['age', 'sex', 'education'], sensitive: [], insensitive: [] },
  });
  return {
    spec: '/w/adult.privspec',
    release: 'explore',
    kind: 'view',
    budget: meter('ε 1', 'ε 1 of 2', 'ε 1', false),
    controls: [
      { name: 'epsilon', label: 'ε', value: 1, min: 0.01, max: 10, log: true },
      { name: 'method', label: 'algorithm', value: 'hdpview', options: ['hdpview', 'privtree', 'identity'] },
    ],
    body: await viewPreview(table, plan, { rng, runs: 2 }),
    notes: plan.measurement?.notes ?? [],
    elapsedMs: 400,
  };
}
