/**
 * Whether the blocks of a view file are pairwise disjoint. Together with the reader's check that their volumes add up
 * to the domain's size, disjointness makes them a partition: disjoint blocks inside the domain whose volumes sum to its
 * size cover every cell exactly once. The volume check alone is not enough: two copies of one half of the domain have
 * the right total volume, count that half twice and leave the other half uncovered.
 *
 * Every view privspec builds is a guillotine partition — recursive bisection (HDPView), recursive halving (PrivTree) or
 * the grid of single cells (identity) — so the check looks for a guillotine cut: a value on some dimension that every
 * block lies wholly below or wholly above. Blocks on the two sides of a cut cannot overlap, so the check recurses into
 * each side. It takes the most balanced cut it finds, which keeps the recursion O(log n) deep on the builders' views
 * and the time about D·n·log²n. A group of blocks with no cut (possible only for a hand-written file) is compared pair
 * by pair, up to a fixed number of pairs, so that time stays bounded; a larger such group is refused as unverifiable.
 */
import type { ViewBlock } from './view-types.js';

/** The most pairs compared directly in a group of blocks that has no guillotine cut. */
export const MAX_PAIRWISE_CHECKS = 4_000_000;

/** Undefined when the blocks are pairwise disjoint; otherwise why not (naming the blocks, 1-based). */
export function disjointnessProblem(
  blocks: readonly Pick<ViewBlock, 'lo' | 'hi'>[],
  dimensions: number,
): string | undefined {
  const stack: number[][] = [blocks.map((_, i) => i)];
  while (stack.length > 0) {
    const group = stack.pop()!;
    if (group.length < 2) continue;
    const cut = balancedCut(blocks, group, dimensions);
    if (cut) {
      stack.push(cut[0], cut[1]);
      continue;
    }
    const problem = pairwise(blocks, group, dimensions);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The two sides of the guillotine cut nearest the middle of the group, over all dimensions; undefined if there is none.
 */
function balancedCut(
  blocks: readonly Pick<ViewBlock, 'lo' | 'hi'>[],
  group: number[],
  dimensions: number,
): [number[], number[]] | undefined {
  let best: { order: number[]; at: number } | undefined;
  const m = group.length;
  for (let d = 0; d < dimensions; d++) {
    const order = [...group].sort((a, b) => blocks[a].lo[d] - blocks[b].lo[d]);
    let maxHi = -Infinity;
    for (let k = 1; k < m; k++) {
      maxHi = Math.max(maxHi, blocks[order[k - 1]].hi[d]);
      if (maxHi < blocks[order[k]].lo[d] && (!best || Math.abs(2 * k - m) < Math.abs(2 * best.at - m)))
        best = { order, at: k };
    }
    if (best && Math.abs(2 * best.at - m) <= 1) break;
  }
  return best && [best.order.slice(0, best.at), best.order.slice(best.at)];
}

function pairwise(
  blocks: readonly Pick<ViewBlock, 'lo' | 'hi'>[],
  group: number[],
  dimensions: number,
): string | undefined {
  const m = group.length;
  if ((m * (m - 1)) / 2 > MAX_PAIRWISE_CHECKS) {
    return `${m} of its blocks cannot be separated by any cut along one dimension, too many to compare pair by pair: it is not a partition this privspec can verify`;
  }
  for (let x = 0; x < m; x++) {
    for (let y = x + 1; y < m; y++) {
      const a = blocks[group[x]];
      const b = blocks[group[y]];
      let overlap = true;
      for (let d = 0; d < dimensions && overlap; d++) overlap = a.lo[d] <= b.hi[d] && b.lo[d] <= a.hi[d];
      if (overlap) return `blocks ${Math.min(group[x], group[y]) + 1} and ${Math.max(group[x], group[y]) + 1} overlap`;
    }
  }
  return undefined;
}
