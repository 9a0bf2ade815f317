import { URI } from 'langium';
import type { Connection } from 'vscode-languageserver';
import { analyzeDocument, specPath } from '../privspec-analysis.js';
import type { LangiumDocument } from 'langium';
import { runSpec } from '../../engine/host/run/run-spec.js';
import { budgetLabel } from './readable-costs.js';
import type { PrivspecServices } from '../privspec-module.js';
import { budgetRequest, ledgerRequest, runReleaseRequest, type BudgetSummaryResponse } from '../protocol.js';
import { documentLedger, ledgerAndPlanLine, ledgerResponse } from './ledger-request.js';
import { totalText } from '../../engine/release/cost-text.js';
import { registerPreviewRequests } from './preview-request.js';
import { CodeLensRefreshRequest } from 'vscode-languageserver';
import { releaseInput } from '../release-input.js';
import { defaultReleaseFolder } from '../release-folder.js';
import { abortOn } from './request-cancellation.js';
import { toResponseError } from './request-errors.js';

/** The budget of a parsed spec in the shape of `privspec/budget`. */
export function budgetResponse(document: LangiumDocument): BudgetSummaryResponse {
  const analysis = analyzeDocument(document);
  const s = analysis.summary;
  return {
    accounting: s.accounting,
    limit: s.limit,
    spent: s.spent,
    label: budgetLabel(analysis),
    hasBudget: analysis.parts.budget !== undefined,
    releases: s.releases.map((r) => ({
      name: r.plan.name,
      line: r.plan.node.$cstNode?.range.start.line ?? 0,
      cost: r.cost,
      marginal: r.marginal,
      overrun: r.overrun !== undefined,
    })),
  };
}

/**
 * `privspec/budget` with the status bar's line: the ledger's recorded total and what running the whole plan would add
 * as one sum against the limit, `ledger ε 0.8 spent + plan ε 0.8 = ε 1.6 of 1` (engine/release/cost-text.ts; the plan's
 * part is what it adds to the ledger, composed as the runner composes it, so the sum is the figure the runner checks).
 * A ledger that cannot be read leaves the plan alone on the line.
 */
export async function budgetWithLedger(document: LangiumDocument): Promise<BudgetSummaryResponse> {
  const response = budgetResponse(document);
  if (!response.hasBudget) return response;
  const a = analyzeDocument(document);
  const { accounting, limit } = a.summary;
  try {
    const { ledger } = await documentLedger(document);
    return { ...response, status: ledgerAndPlanLine(a, ledger.entries) };
  } catch {
    return { ...response, status: `plan ${totalText(a.summary.spent, limit, accounting)}` };
  }
}

/** Registers the custom requests of `protocol.ts` on the server's connection. */
export function registerPrivspecRequests(connection: Connection, services: PrivspecServices): void {
  const documents = services.shared.workspace.LangiumDocuments;
  connection.onRequest(budgetRequest, (params) => {
    const document = documents.getDocument(URI.parse(params.uri));
    return document ? budgetWithLedger(document) : null;
  });
  connection.onRequest(runReleaseRequest, async (params, token) => {
    // ▶ Run's notification has a Cancel button: a generalize release's search stops between lattice nodes, before
    // anything is written (a spend already recorded stays: the ledger never understates).
    const { signal, settle, dispose } = abortOn(token);
    try {
      const document = await documents.getOrCreateDocument(URI.parse(params.uri));
      // The same entry as `privspec release` (runSpec): ledger under its lock first, then the files. On a database
      // table or a Parquet file, as there, the DP releases (views too) add their noise to the source's aggregates; only
      // generalized and PRAM'd files read rows; the spec's data checks and the run read one source, opened once.
      const data = analyzeDocument(document).dataset;
      const result = await runSpec(
        {
          ...(data
            ? { data: { file: data.file, ...(data.delimiter === undefined ? {} : { delimiter: data.delimiter }) } }
            : {}),
          resolve: (open) => releaseInput(services, document, params.release, undefined, { open }),
        },
        { out: params.out ?? defaultReleaseFolder(specPath(document)), dryRun: params.dryRun ?? false, signal, settle },
      );
      // The "spent DATE" lenses read the ledger, which this run changed.
      void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
      return result;
    } catch (e) {
      // A spec that cannot run (SpecNotRunnable) or a refused run (RunRefused) reaches the user as its one line.
      throw toResponseError(e, (text) => connection.console.error(text));
    } finally {
      dispose();
    }
  });
  registerPreviewRequests(connection, services);
  connection.onRequest(ledgerRequest, async (params) => {
    try {
      const document = await documents.getOrCreateDocument(URI.parse(params.uri));
      // What the editor has scanned of the data, as the hover reads it: nothing is read for the asking.
      const data = analyzeDocument(document);
      const table = () =>
        data.dataset ? services.data.CsvStore.peekTable(data.dataset.file) : Promise.resolve(undefined);
      return await ledgerResponse(document, params.release, {
        inlineDomains: data.inlineDomains,
        rows: async () => (await table())?.rowCount,
        distinct: async (column) => (await table())?.columns.find((c) => c.name === column)?.dictionary.length,
      });
    } catch (e) {
      throw toResponseError(e, (text) => connection.console.error(text));
    }
  });
}
