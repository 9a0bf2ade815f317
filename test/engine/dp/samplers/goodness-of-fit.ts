// Shared by the sampler tests: a χ² goodness-of-fit test of integer samples against an exact pmf.
import { chiSquarePValue } from '../../../../engine/dp/audit/special-functions.js';

/**
 * Bins every integer whose expected count is ≥ 5 on its own and merges the two tails, then returns the χ² p-value.
 * `pmf` need not be normalised over the bins: the tails carry the rest of the mass.
 */
export function chiSquareFit(samples: readonly bigint[], pmf: (x: number) => number): { pValue: number; bins: number } {
  const n = samples.length;
  let lo = 0;
  while (pmf(lo - 1) * n >= 5) lo--;
  let hi = 0;
  while (pmf(hi + 1) * n >= 5) hi++;
  const observed = new Map<number, number>();
  let below = 0;
  let above = 0;
  for (const s of samples) {
    const x = Number(s);
    if (x < lo) below++;
    else if (x > hi) above++;
    else observed.set(x, (observed.get(x) ?? 0) + 1);
  }
  let inner = 0;
  let chi2 = 0;
  for (let x = lo; x <= hi; x++) {
    const e = pmf(x) * n;
    inner += pmf(x);
    chi2 += ((observed.get(x) ?? 0) - e) ** 2 / e;
  }
  // The two tails share the remaining mass symmetrically (both pmfs here are symmetric and lo = −hi).
  const tail = ((1 - inner) / 2) * n;
  let bins = hi - lo + 1;
  if (tail > 0) {
    chi2 += (below - tail) ** 2 / tail + (above - tail) ** 2 / tail;
    bins += 2;
  }
  return { pValue: chiSquarePValue(chi2, bins - 1), bins };
}
