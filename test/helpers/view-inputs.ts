/**
 * Hand-made views for the bounded-work tests of issue 36 (test/cli/bounded-work.test.ts), shared with
 * `npm run bench -- wave3-limits`, which times the same views at the sizes.
 */

/** A 100 × 10 view in ten-year age bands by ten categories; the block of band i and category j counts i + j. */
export function gridView(): string {
  const blocks = [];
  for (let i = 0; i < 10; i++)
    for (let j = 0; j < 10; j++) blocks.push({ lo: [i * 10, j], hi: [i * 10 + 9, j], count: i + j });
  return JSON.stringify({
    version: 1,
    algorithm: 'hdpview',
    dimensions: [
      { kind: 'range', name: 'age', lo: 0, hi: 99 },
      { kind: 'categorical', name: 'c', values: Array.from({ length: 10 }, (_, j) => `v${j}`) },
    ],
    blocks,
    cost: { kind: 'pure', epsilon: 1 },
    parameters: { countNoiseVariance: 2 },
  });
}

/**
 * A view of `n` categorical dimensions, one block over the whole domain: the first 40 take `values`, the rest the one
 * value 'a' (a view's domain holds at most 2^53 cells, so 300 dimensions cannot all have two values).
 */
export function wideView(n: number, values: readonly string[] = ['a', 'b']): string {
  const dimensions = Array.from({ length: n }, (_, j) => ({
    kind: 'categorical',
    name: `d${j}`,
    values: j < 40 ? values : ['a'],
  }));
  return JSON.stringify({
    version: 1,
    algorithm: 'hdpview',
    dimensions,
    blocks: [{ lo: new Array<number>(n).fill(0), hi: dimensions.map((d) => d.values.length - 1), count: 100 }],
    cost: { kind: 'pure', epsilon: 1 },
    parameters: { countNoiseVariance: 2 },
  });
}
