/**
 * `privspec anonymize … --with-pram`: the generalization × PRAM search (generalization lattice × PRAM on/off per
 * quasi-identifier, or one flag for all; Bayesian optimization with a Matérn 5/2 Gaussian process and LCB, Snoek et al.
 * 2012, Srinivas et al. 2010), reported beside the generalization-only optimum. `--pram-epsilon E` sets the local-ε
 * target of the randomized attributes, `--pram-pk` makes the target Pk-anonymity with k = --k (Ikarashi et al. 2015);
 * `--exhaustive-check` also enumerates every point and states the optimizer's relative error. With `--out` the file is
 * the combined release of the point found (generalized, then PRAM'd, declared columns only, rows shuffled).
 */
import { localEpsilonText } from '../../engine/release/cost-text.js';
import { cryptoRandom } from '../../engine/core/random.js';
import type { Hierarchy } from '../../engine/hierarchy/hierarchy.js';
import { combinedRelease } from '../../engine/pram/search/combined-release.js';
import {
  searchGeneralizationPram,
  type GeneralizationPramPoint,
} from '../../engine/pram/search/generalization-pram-search.js';
import type { FrequencyTable } from '../../engine/table/frequency-table.js';
import type { Table } from '../../engine/table/table.js';
import { ownFilePublished, type OwnMicrodataRun } from '../../engine/host/ledger/own-microdata-file.js';
import { CliError } from '../cli-error.js';
import { numberFlag } from '../parse-options.js';

/**
 * The one writer of anonymize's microdata file (anonymize.ts): the rows, the input row of each, what the ledger
 * records.
 */
export type MicrodataWriter = (
  header: readonly string[],
  rows: readonly (readonly string[])[],
  sourceRows: ArrayLike<number> | undefined,
  run: OwnMicrodataRun,
) => Promise<void>;

type PramValues = { 'pram-epsilon'?: string; 'pram-pk'?: boolean; 'pram-flags'?: string; 'exhaustive-check'?: boolean };

export function pramSearchReport(
  table: Table | FrequencyTable,
  qi: readonly string[],
  hierarchies: readonly Hierarchy[],
  target: { k?: number; suppression: number },
  values: PramValues,
): Record<string, unknown> {
  const epsilon = numberFlag(
    values['pram-epsilon'],
    '--pram-epsilon',
    (x) => x > 0 && Number.isFinite(x),
    'a finite number > 0',
  );
  const flags = values['pram-flags'] ?? 'per-attribute';
  if (flags !== 'all' && flags !== 'per-attribute')
    throw new CliError(`option --pram-flags: '${flags}' is not 'all' or 'per-attribute'`);
  if (values['pram-pk'] && target.k === undefined)
    throw new CliError('option --pram-pk needs --k (the k of Pk-anonymity)');
  const goal = values['pram-pk']
    ? { pk: target.k, suppression: target.suppression, epsilon }
    : { k: target.k, suppression: target.suppression, epsilon };
  const result = searchGeneralizationPram(table, {
    qi,
    hierarchies,
    target: goal,
    pramFlags: flags,
    exhaustiveCheck: values['exhaustive-check'] ?? false,
  });
  return {
    target: values['pram-pk']
      ? `Pk-anonymity, k = ${target.k} (Ikarashi et al. 2015)`
      : 'k-anonymity of the attributes not randomized, local ε of the randomized ones',
    pramFlags: flags,
    optimizer: result.optimizer,
    candidates: result.candidates,
    points: result.points,
    evaluations: result.evaluations,
    best: result.best,
    ...(result.exhaustive
      ? { exhaustiveBest: result.exhaustive.best, relativeError: result.exhaustive.relativeError }
      : {}),
  };
}

/**
 * Writes the combined release of the search's best point through `write` (the same writer as the generalization's)
 * and returns what the report adds: what the file holds, or why nothing was written.
 */
export async function writePramRelease(
  write: MicrodataWriter,
  released: Table,
  qi: readonly string[],
  hierarchies: readonly Hierarchy[],
  withPram: Record<string, unknown>,
  k: number | undefined,
): Promise<Record<string, unknown> | null> {
  const best = withPram.best as GeneralizationPramPoint | null;
  if (!best) return null;
  const release = combinedRelease(released, qi, hierarchies, best, k ?? 1, cryptoRandom());
  const pramed = Object.entries(best.pram);
  // The ledger records the run as PRAM of the randomized attributes, their local ε summed (each record's ε composes).
  const run: OwnMicrodataRun =
    pramed.length > 0
      ? {
          kind: 'pram',
          columns: pramed.map(([name]) => name),
          localEpsilon: pramed.reduce((s, [, p]) => s + p.epsilon, 0),
        }
      : { kind: 'generalize', columns: [...qi] };
  // What the file publishes, for the cross-spec check: each quasi-identifier at the point's level, randomized ones
  // marked as such, every other column as it is.
  const published = ownFilePublished(release.header, qi, (q) =>
    best.pram[q] !== undefined ? 'pram' : best.levels[qi.indexOf(q)],
  );
  await write(release.header, release.rows, release.sourceRows, { ...run, published });
  const randomized = Object.entries(best.pram).map(
    ([name, p]) =>
      `${name} (retention ${p.retain.toPrecision(4)} over ${p.values} values, ${localEpsilonText(p.epsilon)})`,
  );
  return {
    outHolds: `generalization × PRAM: ${qi.map((q) => `${q} at level ${best.transformation[q]}`).join(', ')}; ${release.suppressed} records suppressed; then PRAM'd: ${randomized.join(', ') || 'nothing'}; rows in random order`,
    outRows: release.rows.length,
  };
}
