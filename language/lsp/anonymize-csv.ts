/**
 * `privspec/anonymizeCsv`, the editor's "Anonymize CSV…" on a file a spec names: one `generalize` release of that spec,
 * written exactly as `privspec release --only <release>` writes it. The input comes from `releaseInput` (the spec's
 * whole anonymity block: k, ℓ, t, suppression, metric, pins), the runner checks the outputs and the ledger in a dry run,
 * the engine's `computeGeneralize` chooses and applies the levels, and the runner's `writeRelease` writes the files, so
 * the bytes cannot differ from the command line's.
 *
 * The run differs from the runner's in two ways only, both for the editor: the search reports progress, and a run
 * cancelled before its files are written writes nothing.
 */
import type { LangiumDocument } from 'langium';
import { runReleases } from '../../engine/node/release-runner.js';
import { writeRelease } from '../../engine/node/release-files.js';
import { computeGeneralize, ReleaseUnavailable } from '../../engine/release/kinds/generalize-release.js';
import type { ReleaseOutcome } from '../../engine/release/run-report.js';
import type { PrivspecServices } from '../privspec-module.js';
import type { AnonymizeCsvResult } from '../protocol-types.js';
import { defaultReleaseFolder } from '../release-folder.js';
import { releaseInput, SpecNotRunnable } from '../release-input.js';

export interface AnonymizeControl {
  /** The share of the generalization lattice classified so far, and a line for people. */
  readonly onProgress?: (fraction: number, message: string) => void;
  /**
   * Aborts the run. The search checks it between lattice nodes; since the search holds the thread, a cancel that
   * arrives meanwhile is seen when `settle` has let it in, before anything is written.
   */
  readonly signal?: AbortSignal;
  /** Lets pending messages (a cancel) be handled; the language server yields to its event loop here. */
  readonly settle?: () => Promise<void>;
}

export async function anonymizeWithSpec(services: PrivspecServices, document: LangiumDocument, params: { release: string; out?: string }, control: AnonymizeControl = {}): Promise<AnonymizeCsvResult> {
  const input = await releaseInput(services, document, params.release);
  const release = input.releases[0];
  if (release?.query.kind !== 'generalize') {
    throw new SpecNotRunnable(`'${params.release}' is not a generalize release; Anonymize CSV… runs a 'release <name>: generalize'`, 'input');
  }
  const out = params.out ?? defaultReleaseFolder(input.specFile);
  // The runner's own checks, without computing: no output over an input, nothing beside the data, a ledger it can read.
  const checked = (await runReleases(input, { out, dryRun: true })).releases[0];
  if (checked.status !== 'dry-run') return { spec: input.specFile, out, outcome: checked };
  const base: Pick<ReleaseOutcome, 'name' | 'previousRuns' | 'mechanism'> = { name: release.name, previousRuns: checked.previousRuns, mechanism: 'generalization' };
  const table = await input.readTable();
  let result: ReturnType<typeof computeGeneralize>;
  try {
    result = computeGeneralize(table, input.dataset, input.hierarchies, input.anonymity, {
      signal: control.signal,
      onProgress: control.onProgress && ((p) => control.onProgress!(p.nodes > 0 ? p.resolved / p.nodes : 1, `${p.resolved} of ${p.nodes} transformations classified`)),
    });
  } catch (e) {
    if (!(e instanceof ReleaseUnavailable)) throw e;
    return { spec: input.specFile, out, outcome: { ...base, files: [], status: 'unavailable', message: e.message } };
  }
  await control.settle?.();
  control.signal?.throwIfAborted();
  const files = await writeRelease(out, release, result, { mechanism: 'generalization', parameters: result.parameters, notes: result.notes, spec: input.specFile });
  const outcome: ReleaseOutcome = { ...base, files, status: 'written', message: `wrote ${files.join(', ')}`, parameters: result.parameters };
  return { spec: input.specFile, out, outcome, suppressed: table.rowCount - result.rows.length };
}
