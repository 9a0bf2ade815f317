/**
 * The hover's view of a dataset's correlated units: max ℓ of the Gaussian correlation model (Yang, Sato, Nakagawa,
 * SIGMOD 2015), the most exposed unit, and the Laplace scale with and without the correlation. The O(n³) computation is
 * cached per edge-list text and prior.
 */
import { edgeListLeakage } from '../../engine/dp/correlated/index.js';
import type { CsvStore } from '../../engine/host/sources/csv/csv-store.js';

const cache = new Map<string, { max: number; unit: string; n: number } | string>();

/** max ℓ and the most exposed unit, or a one-line reason it cannot be computed. */
export async function correlationLeakage(
  store: CsvStore,
  file: string,
  prior: number,
): Promise<{ max: number; unit: string; n: number } | string> {
  let text: string;
  try {
    text = await store.text(file);
  } catch (e) {
    return `cannot read ${file}: ${(e as Error).message}`;
  }
  const key = `${prior}\u0000${text}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let result: { max: number; unit: string; n: number } | string;
  try {
    const leakage = edgeListLeakage(text, file, prior);
    result = { max: leakage.maxLeakage, unit: leakage.unit, n: leakage.n };
  } catch (e) {
    result = (e as Error).message;
  }
  if (cache.size > 16) cache.clear();
  cache.set(key, result);
  return result;
}
