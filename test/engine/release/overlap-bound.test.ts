import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { colouringBound } from '../../../engine/release/max-weight-clique.js';
import { HeaviestOverlap } from '../../../engine/release/heaviest-overlap.js';
import { OverlapGraph } from '../../../engine/release/overlap-graph.js';

/** The heaviest clique by trying every subset: the reference for small graphs. */
function bruteClique(n: number, edge: (i: number, j: number) => boolean, weights: number[]): number {
  let best = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    const vs = [...Array(n).keys()].filter((i) => mask & (1 << i));
    if (vs.every((a, i) => vs.slice(i + 1).every((b) => edge(a, b))))
      best = Math.max(
        best,
        vs.reduce((s, v) => s + weights[v], 0),
      );
  }
  return best;
}

/** Grows the graph of `n` vertices one at a time, with a tracker on the given work budget; returns the figure. */
function track(n: number, edge: (i: number, j: number) => boolean, weights: number[], work: number): HeaviestOverlap {
  const graph = new OverlapGraph();
  const w: number[] = [];
  const tracker = new HeaviestOverlap(graph, w, { remaining: work });
  for (let v = 0; v < n; v++) {
    graph.add((j) => edge(j, v));
    w.push(weights[v]);
    tracker.add(v);
  }
  return tracker;
}

/**
 * A Moon–Moser graph: vertices in groups of three, adjacent exactly when in different groups (3^(n/3) maximal cliques).
 */
const moonMoser = (i: number, j: number) => Math.floor(i / 3) !== Math.floor(j / 3);

describe('engine/release overlap search is bounded (issue 21 item 9)', () => {
  it('is exact with work to spare: agrees with every-subset search on random graphs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 11 }),
        fc.array(fc.boolean(), { minLength: 66, maxLength: 66 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 }),
        (n, bits, weights) => {
          const edge = (i: number, j: number) => bits[Math.min(i, j) * 11 + Math.max(i, j) - 1] ?? false;
          const t = track(n, edge, weights, 1e9);
          assert.equal(t.bound, undefined);
          assert.equal(t.weight, bruteClique(n, edge, weights));
        },
      ),
      { seed: 21, numRuns: 300 },
    );
  });

  it('out of work, charges a bound that is never below the heaviest clique and never above the sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 11 }),
        fc.array(fc.boolean(), { minLength: 66, maxLength: 66 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 }),
        fc.integer({ min: 0, max: 300 }),
        (n, bits, weights, work) => {
          const edge = (i: number, j: number) => bits[Math.min(i, j) * 11 + Math.max(i, j) - 1] ?? false;
          const t = track(n, edge, weights, work);
          assert.ok(t.weight >= bruteClique(n, edge, weights));
          assert.ok(t.weight <= weights.slice(0, n).reduce((s, w) => s + w, 0));
          assert.equal(
            t.weight,
            t.members.reduce((s, m) => s + weights[m], 0),
          );
        },
      ),
      { seed: 22, numRuns: 300 },
    );
  });

  it('with no work at all, charges the sum over the release and the regions it meets', () => {
    // Vertices 0…12 meet nobody (weight 1 each): the heaviest clique is one of them, 1. Vertex 13 (weight 2) meets all
    // thirteen, more than are always searched exactly: the exact figure is 2 + 1 = 3, and with no work left the sum
    // over 13 and its neighbours, 2 + 13 = 15, is charged instead.
    const edge = (i: number, j: number) => i === 13 || j === 13;
    const weights = [...Array(13).fill(1), 2];
    const t = track(14, edge, weights, 0);
    assert.equal(t.weight, 15);
    assert.equal(t.bound?.kind, 'sum');
    assert.equal(t.bound?.overlapping, 13);
    assert.equal(track(14, edge, weights, 1e9).weight, 3);
  });

  it('a Moon–Moser graph of 51 vertices with unit weights is solved exactly: one vertex per group, 17', () => {
    const t = track(51, moonMoser, Array(51).fill(1), 25_000_000);
    assert.equal(t.weight, 17);
    assert.equal(t.bound, undefined);
  });

  it('the colouring bound of a Moon–Moser graph is its clique: the groups are the colour classes', () => {
    // Greedy colouring in index order puts each group of three pairwise disjoint regions in one class, so the bound
    // equals the exact 17 of one vertex per group.
    const graph = new OverlapGraph();
    for (let v = 0; v < 51; v++) graph.add((j) => moonMoser(j, v));
    const all = new Uint32Array(graph.words);
    for (let v = 0; v < 51; v++) all[v >>> 5] |= 1 << (v & 31);
    const bound = colouringBound(graph, Array(51).fill(1), all, graph.words);
    assert.equal(bound.weight, 17);
    assert.equal(bound.members.length, 17);
  });
});

describe('engine/release overlap search: small neighbourhoods are always exact (issue 21 item 9)', () => {
  it('with no work left at all, a release meeting at most 12 others is still composed exactly', () => {
    // The first 13 vertices of a Moon–Moser graph: each meets at most 12 earlier ones, so with zero work the figure
    // still equals every-subset search.
    const n = 13;
    const weights = Array.from({ length: n }, (_, i) => 1 + ((i * 7) % 5));
    const t = track(n, moonMoser, weights, 0);
    assert.equal(t.bound, undefined);
    assert.equal(t.weight, bruteClique(n, moonMoser, weights));
  });
});
