/**
 * The requests behind the editor's CSV features, so that the extension has one backend: `privspec/csvModels` (what
 * each spec says about its CSV), `privspec/csvModelsChanged` (sent when specs parsed again say something else), and
 * `privspec/anonymizeCsv` (a spec's `generalize` release, with progress and cancel).
 */
import { DocumentState, URI } from 'langium';
import { WorkDoneProgress, type Connection } from 'vscode-languageserver';
import type { PrivspecServices } from '../privspec-module.js';
import { anonymizeCsvRequest, csvModelsChangedNotification, csvModelsRequest } from '../protocol.js';
import { anonymizeWithSpec } from './anonymize-csv.js';
import { csvModels } from './csv-models.js';
import { abortOn } from './request-cancellation.js';
import { registerRiskReportRequest } from './risk-report-request.js';
import { registerSpecEditRequests } from './spec-edit-requests.js';
import { toResponseError } from './request-errors.js';

/** At most one change notification per this many milliseconds: a burst of keystrokes is one re-request. */
const NOTIFY_MS = 150;
/** Progress reports are throttled likewise; the search may classify thousands of nodes a second. */
const PROGRESS_MS = 100;

export function registerEditorRequests(connection: Connection, services: PrivspecServices): void {
  const workspace = services.shared.workspace;
  connection.onRequest(csvModelsRequest, () => ({ datasets: csvModels(workspace.LangiumDocuments.all.toArray()) }));
  registerRiskReportRequest(connection, services);
  registerSpecEditRequests(connection, services);

  let timer: ReturnType<typeof setTimeout> | undefined;
  // The models last announced: the extension checks every open CSV again on a notification, so a spec parsed again
  // after an edit that leaves its models as they were (a release line, the budget) announces nothing.
  let announced: string | undefined;
  const changed = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      const models = JSON.stringify(csvModels(workspace.LangiumDocuments.all.toArray()));
      if (models === announced) return;
      announced = models;
      void connection.sendNotification(csvModelsChangedNotification);
    }, NOTIFY_MS);
  };
  workspace.DocumentBuilder.onBuildPhase(DocumentState.Parsed, () => changed());
  workspace.DocumentBuilder.onUpdate((_changed, deleted) => {
    if (deleted.length > 0) changed();
  });

  connection.onRequest(anonymizeCsvRequest, async (params, token) => {
    const { signal, settle, dispose } = abortOn(token);
    const progressToken = params.workDoneToken;
    let last = 0;
    const onProgress =
      progressToken === undefined
        ? undefined
        : (fraction: number, message: string) => {
            const now = Date.now();
            if (now - last < PROGRESS_MS && fraction < 1) return;
            last = now;
            void connection.sendProgress(WorkDoneProgress.type, progressToken, {
              kind: 'report',
              percentage: Math.round(100 * fraction),
              message,
            });
          };
    try {
      if (progressToken !== undefined)
        void connection.sendProgress(WorkDoneProgress.type, progressToken, {
          kind: 'begin',
          title: `anonymizing with the release ${params.release}`,
          cancellable: true,
        });
      const document = await workspace.LangiumDocuments.getOrCreateDocument(URI.parse(params.uri));
      return await anonymizeWithSpec(services, document, params, { signal, settle, onProgress });
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    } finally {
      dispose();
      if (progressToken !== undefined)
        void connection.sendProgress(WorkDoneProgress.type, progressToken, { kind: 'end' });
    }
  });
}
