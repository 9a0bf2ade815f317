import type { ClassStats, Criterion } from '../criteria/criterion.js';
import { KAnonymity } from '../criteria/k-anonymity.js';
import type { Cells } from './cells.js';

export interface ClassVerdicts {
  /** Class id → 1 when the class satisfies every criterion, 0 when its rows must be suppressed. */
  readonly pass: Uint8Array;
  /** Rows in failing classes. */
  readonly outliers: number;
}

/**
 * Applies the privacy criteria to every equivalence class of a node. A class passes only when all criteria pass;
 * `minClassSize` lets small classes fail without building their sensitive histograms.
 */
export function checkClasses(cells: Cells, criteria: readonly Criterion[]): ClassVerdicts {
  const k = criteria.reduce((m, c) => Math.max(m, c.minClassSize), 0);
  const { classCount, classSizes } = cells;
  const pass = new Uint8Array(classCount);
  const needsSensitive = criteria.some((c) => c.sensitive !== undefined);
  let outliers = 0;
  // k-anonymity in rows decides by size alone, and k is the largest class-size floor: no criterion need be asked.
  const sizeDecides = criteria.every((c) => c instanceof KAnonymity && c.unit === undefined);
  if (!needsSensitive) {
    for (let c = 0; c < classCount; c++) {
      const size = classSizes[c];
      const ok = size >= k && (sizeDecides || criteria.every((cr) => cr.isSatisfied({ size })));
      if (ok) pass[c] = 1;
      else outliers += size;
    }
    return { pass, outliers };
  }
  // Order the cells by class (a counting sort) so that each class's sensitive histogram is a contiguous slice.
  const start = new Int32Array(classCount + 1);
  for (let j = 0; j < cells.count; j++) start[cells.classOf[j] + 1]++;
  for (let c = 0; c < classCount; c++) start[c + 1] += start[c];
  const fill = start.slice(0, classCount);
  const codes = new Int32Array(cells.count);
  const counts = new Int32Array(cells.count);
  for (let j = 0; j < cells.count; j++) {
    const at = fill[cells.classOf[j]]++;
    codes[at] = cells.sensitive![j];
    counts[at] = cells.counts[j];
  }
  for (let c = 0; c < classCount; c++) {
    const size = classSizes[c];
    let ok = size >= k;
    if (ok) {
      const stats: ClassStats = {
        size,
        sensitive: { codes: codes.subarray(start[c], start[c + 1]), counts: counts.subarray(start[c], start[c + 1]) },
      };
      ok = criteria.every((cr) => cr.isSatisfied(stats));
    }
    if (ok) pass[c] = 1;
    else outliers += size;
  }
  return { pass, outliers };
}
