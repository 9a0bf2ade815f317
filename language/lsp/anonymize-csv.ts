/**
 * `privspec/anonymizeCsv`, the editor's "Anonymize CSV…" on a file a spec names: one `generalize` release of that spec,
 * run by the same runner as `privspec release --only <release>` (the spec's whole anonymity block: k, ℓ, t,
 * suppression, metric, pins), so the bytes cannot differ from the command line's. The editor adds progress, and a run
 * cancelled before its files are written writes nothing.
 */
import type { LangiumDocument } from 'langium';
import { runReleases } from '../../engine/host/run/release-runner.js';
import { releaseKind } from '../../engine/release/kinds/registry.js';
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

export async function anonymizeWithSpec(
  services: PrivspecServices,
  document: LangiumDocument,
  params: { release: string; out?: string },
  control: AnonymizeControl = {},
): Promise<AnonymizeCsvResult> {
  const input = await releaseInput(services, document, params.release);
  const release = input.releases[0];
  if (!release || !releaseKind(release.query.kind).anonymizesCsv) {
    throw new SpecNotRunnable(
      `'${params.release}' is not a generalize release; Anonymize CSV… runs a 'release <name>: generalize'`,
      'input',
    );
  }
  const out = params.out ?? defaultReleaseFolder(input.specFile);
  // The runner itself: output guard, search (with progress and cancel), atomic writes — the command line's bytes.
  const outcome = (
    await runReleases(input, {
      out,
      dryRun: false,
      signal: control.signal,
      onProgress: control.onProgress,
      settle: control.settle,
    })
  ).releases[0];
  // The count of suppressed rows is an exact figure of the input: the runner gives it to the data owner as a local
  // diagnostic, never in the release's files.
  const line = outcome.local?.map((l) => /^(\d+) rows suppressed/.exec(l)).find((m) => m !== null);
  return { spec: input.specFile, out, outcome, ...(line ? { suppressed: Number(line[1]) } : {}) };
}
