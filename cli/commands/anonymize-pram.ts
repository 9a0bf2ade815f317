/**
 * `privspec anonymize … --with-pram`: the generalization × PRAM search (generalization lattice × PRAM on/off per
 * quasi-identifier; Bayesian optimization with a Matérn 5/2 Gaussian process and LCB, Snoek et al. 2012, Srinivas et al.
 * 2010), reported beside the generalization-only optimum. `--pram-epsilon E` sets the local-ε target of the randomized
 * attributes; `--exhaustive-check` also enumerates every point and states the optimizer's relative error.
 */
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { searchGeneralizationPram } from '../../engine/pram/search/generalization-pram-search.js';
import type { Table } from '../../engine/table/table.js';
import { numberFlag } from '../parse-options.js';

export const PRAM_FLAGS = {
  'with-pram': { type: 'boolean' },
  'pram-epsilon': { type: 'string' },
  'exhaustive-check': { type: 'boolean' },
} as const;

export const PRAM_USAGE = `  --with-pram               also search generalization × PRAM (per quasi-identifier on/off) by Bayesian
                            optimization and report its optimum under "withPram" (the file --out writes stays the
                            generalization optimum); --pram-epsilon E targets local ε ≤ E for the randomized
                            attributes; --exhaustive-check enumerates every point and reports the relative error`;

export function pramSearchReport(
  table: Table,
  qi: readonly string[],
  hierarchies: readonly Hierarchy[],
  target: { k?: number; suppression: number },
  values: { 'pram-epsilon'?: string; 'exhaustive-check'?: boolean },
): Record<string, unknown> {
  const epsilon = numberFlag(values['pram-epsilon'], '--pram-epsilon', (x) => x > 0 && Number.isFinite(x), 'a finite number > 0');
  const result = searchGeneralizationPram(table, { qi, hierarchies, target: { k: target.k, suppression: target.suppression, epsilon }, exhaustiveCheck: values['exhaustive-check'] ?? false });
  return {
    optimizer: result.optimizer,
    candidates: result.candidates,
    points: result.points,
    evaluations: result.evaluations,
    best: result.best,
    ...(result.exhaustive ? { exhaustiveBest: result.exhaustive.best, relativeError: result.exhaustive.relativeError } : {}),
  };
}
