/** The candidate closest to `name` by edit distance (case-insensitive), when it is close enough to be a likely typo. */
export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  const target = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(target, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  // A third of the name's length, at least 2, keeps `agee` → `age` and rejects `zip` → `sex`.
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) && bestDistance < name.length ? best : undefined;
}

/** Levenshtein distance with one rolling row. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}
