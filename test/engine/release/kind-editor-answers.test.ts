// every release kind, for the registry's synchronous lookups
import '../../../engine/release/kinds/all-release-kinds.js';
import { strict as assert } from 'node:assert';
import { seededRandom } from '../../../engine/core/random.js';
import { previewerOf } from '../../../engine/preview/preview-body.js';
import { applyControls, controlsFor } from '../../../engine/preview/preview-controls.js';
import { countFigures, meanFigures, sumFigures } from '../../../engine/release/kinds/aggregate/aggregate-figures.js';
import type { EditorFacts, HoverPlan } from '../../../engine/release/kinds/kind-editor-types.js';
import { RELEASE_KIND_NAMES, releaseKind } from '../../../engine/release/kinds/registry.js';
import { planRelease } from '../../../engine/release/plan-release.js';
import type { QueryDescription, ReleaseDescription } from '../../../engine/release/release-description.js';

// Issue 35 item 2: what the preview panel and the editor ask a release kind (the members under "The preview and the
// editor" in engine/release/kinds/release-kind.ts), answered by each kind in its folder. The figures are derived by
// hand.
const release = (query: QueryDescription, mechanism?: ReleaseDescription['mechanism']): ReleaseDescription => ({
  name: 'r',
  query,
  ...(mechanism ? { mechanism } : {}),
  accepts: [],
});
const facts = (rows?: number, distinct: Record<string, number> = {}): EditorFacts => ({
  inlineDomains: new Map(),
  rows: () => Promise.resolve(rows),
  distinct: (c) => Promise.resolve(distinct[c]),
});
const pram = release({ kind: 'pram', columns: ['c'], retain: 0.5, invariant: false });

describe('the preview and the editor ask the release kind (issue 35 item 2)', () => {
  it('every kind names a view the panel draws; count, sum and mean share the aggregate view', () => {
    assert.deepEqual(
      RELEASE_KIND_NAMES.map((n) => releaseKind(n).previewView),
      // Issue 40 adds the local kind and its view; issue 39 the R2T kind and its view.
      ['aggregate', 'aggregate', 'aggregate', 'mode', 'generalize', 'pram', 'local', 'grid', 'view', 'r2t'],
    );
    // Only the microdata views read a frequency table at a source, and only a generalization is drawn on a sample.
    const generalize = previewerOf(release({ kind: 'generalize' }));
    assert.equal(generalize.sampled, true);
    assert.equal(
      generalize.frequencyColumns?.(release({ kind: 'generalize' }), { quasi: [] } as never, undefined),
      undefined,
    );
    assert.deepEqual(previewerOf(pram).frequencyColumns?.(pram, { quasi: ['age'] } as never, undefined), ['c']);
    assert.ok(!('frequencyColumns' in previewerOf(release({ kind: 'count', by: [] }))));
  });

  it("PRAM's panel moves its retention probability within [0.05, 0.99]; a view switches between its three algorithms", () => {
    assert.deepEqual(controlsFor(pram), [
      { name: 'retain', label: 'retain probability', value: 0.5, min: 0.05, max: 0.99, log: false },
    ]);
    assert.equal((applyControls(pram, { retain: 0.8 }).query as { retain: number }).retain, 0.8);
    assert.throws(() => applyControls(pram, { retain: 1 }), /outside what the panel offers/);
    // A matrix file has no retention to move.
    assert.deepEqual(controlsFor(release({ kind: 'pram', columns: ['c'], matrix: 'm.csv', invariant: false })), []);
    const view = release(
      { kind: 'view', dimensions: [{ column: 'age', low: 0, high: 99 }] },
      { kind: 'hdpview', epsilon: 1 },
    );
    assert.deepEqual(
      controlsFor(view).find((c) => c.name === 'method'),
      { name: 'method', label: 'algorithm', value: 'hdpview', options: ['hdpview', 'privtree', 'identity'] },
    );
  });

  it("a cell's figures: a mean divides its sum by its rows (10/4 = 2.5, none for an empty cell), its error too (8/4 = 2)", () => {
    const cells = { counts: [4, 0], exact: [10, 0] };
    assert.deepEqual([meanFigures.value(cells, 0), meanFigures.value(cells, 1)], [2.5, null]);
    assert.deepEqual([meanFigures.error95(8, 4), meanFigures.error95(8, 0)], [2, null]);
    assert.deepEqual(
      [countFigures.value(cells, 0), sumFigures.value(cells, 0), countFigures.error95(8, 4)],
      [10, 10, 8],
    );
    // 7 rows before bounding, 5 after: 2 removed, 2/7 = 28.6 %.
    const bounded = { counts: [3, 2], exact: [3, 2] };
    const unbounded = { counts: [4, 3], exact: [4, 3] };
    assert.equal(
      countFigures.bias(bounded, unbounded, 2),
      'bounding removes 2 rows (−28.6 %); the release perturbs the bounded count',
    );
    // Mean 10/2 = 5 after bounding, 28/4 = 7 before: moved by −2, −2/7 = −28.6 %.
    assert.equal(
      meanFigures.bias({ counts: [2], exact: [10] }, { counts: [4], exact: [28] }, 3),
      'bounding removes 2 of 4 rows (3 dropped in all) and moves the mean by −2 (−28.6 %); the release estimates the bounded mean',
    );
  });

  it("the hover: a count by groups bounds each group (Laplace b = 1/1, 95 % at b·ln 20 = 3.00); a mean's bound over n (10/4 = 2.5)", async () => {
    const count = planRelease(release({ kind: 'count', by: ['sex'] }, { kind: 'laplace', epsilon: 1 }), {
      budget: { accounting: 'pure', epsilon: 1 },
      declaredDomains: new Set(['sex']),
      rng: seededRandom(1),
    });
    assert.equal((await releaseKind('count').hover(count, facts())).error, '95 % error bound: ±3 per group');
    const mean = { description: release({ kind: 'mean', column: 'v', low: 0, high: 1, by: [] }), error95: 10 };
    assert.match(
      (await releaseKind('mean').hover(mean as unknown as HoverPlan, facts(4))).error!,
      /with the data's n = 4, ±2\.5$/,
    );
    // PRAM at retain 0.5 over 2 values: P(keep) = 0.5 + 0.5/2 = 0.75, P(other) = 0.25, ε = ln 3 = 1.10.
    const lines = await releaseKind('pram').hover({ description: pram } as unknown as HoverPlan, facts(10, { c: 2 }));
    assert.equal(
      lines.about[1],
      '`c` (|V| = 2): P(keep) = 0.75, P(each other value) = 0.25; as local DP, ε = ln(0.75/0.25) = 1.1',
    );
  });

  it('the quick fixes and checks: a bound for an unbounded count, sum or mean; PRAM warns, a view bounds after its mechanism', () => {
    const fix = (q: QueryDescription) => releaseKind(q.kind).boundFix?.(q);
    assert.equal(fix({ kind: 'count', by: ['sex'] }), 'bound unit groups 1 rows 1');
    assert.equal(fix({ kind: 'sum', column: 'v', low: 0, high: 1, by: [] }), 'bound unit rows 1');
    assert.equal(fix({ kind: 'count', by: [], bound: { rows: 2 } }), undefined);
    assert.equal(fix({ kind: 'mode', column: 'sex' }), undefined);
    const having = (flag: 'domainFromDataWarns' | 'boundAfterMechanism' | 'anonymizesCsv') =>
      RELEASE_KIND_NAMES.filter((n) => releaseKind(n)[flag]);
    assert.deepEqual(having('domainFromDataWarns'), ['pram']);
    assert.deepEqual(having('boundAfterMechanism'), ['view']);
    assert.deepEqual(having('anonymizesCsv'), ['generalize']);
  });
});
