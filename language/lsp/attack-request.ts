/**
 * `privspec/simulateAttack`: the linkage attack of `privspec attack`, run by the language server for the editor's
 * Simulate Attack…, with progress and cancel. The server holds no attack logic of its own: it calls the engine's file
 * layer and returns the summary the command line prints, with the files' names for the report.
 */
import { RequestType, WorkDoneProgress, type Connection } from 'vscode-languageserver';
import { runAttackFiles } from '../../engine/node/attack-files.js';
import { simulateAttackRequestMethod, type AttackReportSection, type SimulateAttackParams } from '../attack-request-types.js';
import { abortOn } from './request-cancellation.js';
import { toResponseError } from './request-errors.js';

export const simulateAttackRequest = new RequestType<SimulateAttackParams, AttackReportSection, void>(simulateAttackRequestMethod);

export function registerAttackRequest(connection: Connection): void {
  connection.onRequest(simulateAttackRequest, async (params, token) => {
    const { signal, settle, dispose } = abortOn(token);
    const progress = params.workDoneToken;
    try {
      if (progress !== undefined) void connection.sendProgress(WorkDoneProgress.type, progress, { kind: 'begin', title: `attacking ${params.released.split(/[\\/]/).pop()}`, cancellable: true });
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
      const model = retain.size > 0 ? `PRAM retain ${[...retain].map(([q, r]) => `${q} ${r}`).join(', ')}` : hierarchies.size > 0 ? `hierarchies of ${[...hierarchies.keys()].join(', ')}` : 'generalized (ranges, value sets, *)';
      return { ...summary, releasedFile: params.released, candidatesFile: params.candidates, ...(params.truth ? { truthFile: params.truth } : {}), qi: params.qi, model };
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    } finally {
      dispose();
      if (progress !== undefined) void connection.sendProgress(WorkDoneProgress.type, progress, { kind: 'end' });
    }
  });
}
