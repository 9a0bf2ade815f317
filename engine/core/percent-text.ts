/**
 * A share as the editor's panels print it: one decimal ("41.5%"), except a share under 0.1 %, which keeps one
 * significant digit ("0.04%") — the newcomer tour read "Average risk 0.0%" for 12 records at risk among 30,141, a
 * figure that said "none" where there were twelve. Exactly 0 reads "0%".
 */
export function percentText(share: number): string {
  const p = 100 * share;
  if (p === 0) return '0%';
  if (Math.abs(p) >= 0.1) return `${p.toFixed(1)}%`;
  return `${Number(p.toPrecision(1))}%`;
}
