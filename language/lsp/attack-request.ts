/**
 * `privspec/simulateAttack`: the linkage attack of `privspec attack`, run by the language server for the editor's
 * Simulate Attack…, with progress and cancel. The server holds no attack logic of its own: it calls the engine's file
 * layer and returns the summary the command line prints, with the files' names for the report.
 */
import { URI, UriUtils } from 'langium';
import { RequestType, WorkDoneProgress, type Connection } from 'vscode-languageserver';
import { runAttackFiles } from '../../engine/host/run/attack-files.js';
import { ledgerFor } from '../../engine/host/ledger/dataset-identity.js';
import { findRowKey } from '../../engine/host/ledger/row-key.js';
import {
  attackOriginalRequestMethod,
  simulateAttackRequestMethod,
  type AttackOriginal,
  type AttackOriginalParams,
  type AttackReportSection,
  type SimulateAttackParams,
} from '../attack-request-types.js';
import { loadSpec, nodeServices } from '../check-spec.js';
import { analyzeDocument } from '../privspec-analysis.js';
import { abortOn } from './request-cancellation.js';
import { toResponseError } from './request-errors.js';

export const simulateAttackRequest = new RequestType<SimulateAttackParams, AttackReportSection, void>(
  simulateAttackRequestMethod,
);
export const attackOriginalRequest = new RequestType<AttackOriginalParams, AttackOriginal, void>(
  attackOriginalRequestMethod,
);

/**
 * The data `released` was written from, when privspec wrote it as a spec's release: its report (`<name>.json` beside
 * `<name>.csv`) names the spec relative to the output folder, the spec names the data, and a row key beside that
 * data's ledger, named by the file's digest, proves the file is one privspec wrote from it (row-key.ts). Anything else
 * — no report, a spec that no longer names readable data, no key — finds nothing, and the editor asks.
 */
export async function attackOriginal(released: string): Promise<AttackOriginal> {
  const services = nodeServices();
  const fs = services.shared.workspace.FileSystemProvider;
  const file = URI.file(released);
  try {
    const report = JSON.parse(
      await fs.readFile(
        UriUtils.joinPath(UriUtils.dirname(file), UriUtils.basename(file).replace(/\.[^.]*$/, '.json')),
      ),
    ) as { spec?: unknown };
    if (typeof report?.spec !== 'string') return { rowKey: false };
    const spec = UriUtils.resolvePath(UriUtils.dirname(file), report.spec).fsPath;
    const data = analyzeDocument(await loadSpec(spec, services)).dataset?.file;
    if (data === undefined) return { rowKey: false };
    const found = await findRowKey(released, await ledgerFor(data));
    if (found.kind === 'key') return { original: data, rowKey: true };
    if (found.kind === 'unavailable') return { original: data, rowKey: false, noRowKey: found.reason };
  } catch {
    // No report, no spec, unreadable data or ledger: nothing is found, and the editor asks for the original.
  }
  return { rowKey: false };
}

export function registerAttackRequest(connection: Connection): void {
  connection.onRequest(attackOriginalRequest, (params) => attackOriginal(params.released));
  connection.onRequest(simulateAttackRequest, async (params, token) => {
    const { signal, settle, dispose } = abortOn(token);
    const progress = params.workDoneToken;
    try {
      if (progress !== undefined)
        void connection.sendProgress(WorkDoneProgress.type, progress, {
          kind: 'begin',
          title: `attacking ${params.released.split(/[\\/]/).pop()}`,
          cancellable: true,
        });
      const retain = new Map(Object.entries(params.retain ?? {}));
      const hierarchies = new Map(Object.entries(params.hierarchies ?? {}));
      const { summary } = await runAttackFiles({
        released: params.released,
        candidates: params.candidates,
        qi: params.qi,
        hierarchies,
        retain,
        ...(params.truth ? { truth: params.truth } : {}),
        ...(params.id ? { id: params.id } : {}),
        signal,
        settle,
      });
      const model =
        retain.size > 0
          ? `PRAM retain ${[...retain].map(([q, r]) => `${q} ${r}`).join(', ')}`
          : hierarchies.size > 0
            ? `hierarchies of ${[...hierarchies.keys()].join(', ')}`
            : 'generalized (ranges, value sets, *)';
      return {
        ...summary,
        releasedFile: params.released,
        candidatesFile: params.candidates,
        ...(params.truth ? { truthFile: params.truth } : {}),
        qi: params.qi,
        model,
      };
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    } finally {
      dispose();
      if (progress !== undefined) void connection.sendProgress(WorkDoneProgress.type, progress, { kind: 'end' });
    }
  });
}
