/**
 * Custom requests between the privspec language server and the VS Code client, in the manner of rust-analyzer's
 * `lsp_ext.ts`. Their shapes and method names live in `protocol-types.ts`, which the client (`extension/`) imports too.
 */
import { NotificationType0, RequestType, RequestType0 } from 'vscode-languageserver';
import {
  previewEditsRequestMethod,
  previewReleaseRequestMethod,
  type PreviewEditsResponse,
  type PreviewParams,
  type PreviewResponse,
} from './preview-request-types.js';

import type {
  AnonymizeCsvParams,
  AnonymizeCsvResult,
  BudgetParams,
  BudgetSummaryResponse,
  CsvModelsResponse,
  LedgerParams,
  LedgerResponse,
  RunReleaseParams,
  RunReleaseResult,
} from './protocol-types.js';
import {
  anonymizeCsvRequestMethod,
  budgetRequestMethod,
  csvModelsChangedNotificationMethod,
  csvModelsRequestMethod,
  ledgerRequestMethod,
  runReleaseRequestMethod,
} from './protocol-types.js';

export * from './protocol-types.js';

/** `privspec/budget`: the budget summary of one spec; `null` when the URI is not an open privspec document. */
export const budgetRequest = new RequestType<BudgetParams, BudgetSummaryResponse | null, void>(budgetRequestMethod);

/** `privspec/runRelease`: runs one or all releases of a spec, exactly as `privspec release` does. */
export const runReleaseRequest = new RequestType<RunReleaseParams, RunReleaseResult, void>(runReleaseRequestMethod);

/** `privspec/csvModels`: every dataset of every spec the server knows, with what the editor's CSV features need. */
export const csvModelsRequest = new RequestType0<CsvModelsResponse, void>(csvModelsRequestMethod);

/** `privspec/csvModelsChanged`: a spec was parsed again or removed; the client asks `privspec/csvModels` again. */
export const csvModelsChangedNotification = new NotificationType0(csvModelsChangedNotificationMethod);

/** `privspec/anonymizeCsv`: one `generalize` release of a spec, written as `privspec release --only` writes it. */
export const anonymizeCsvRequest = new RequestType<AnonymizeCsvParams, AnonymizeCsvResult, void>(
  anonymizeCsvRequestMethod,
);

/** `privspec/ledger`: the spec's ledger, and what running one or all releases would add (for ▶ Run's confirmation). */
export const ledgerRequest = new RequestType<LedgerParams, LedgerResponse | null, void>(ledgerRequestMethod);

/** The command the "▶ Run" code lens invokes on the client, with one `RunReleaseParams` argument. */
export const RunReleaseCommand = 'privspec.runRelease';

/** The command the "spent DATE" lens invokes on the client (`PrivSpec: Show Ledger`), with `{ uri }`. */
export const ShowLedgerCommand = 'privspec.showLedger';

/** `privspec/previewRelease`: the preview panel's figures for one release (engine/preview). */
export const previewReleaseRequest = new RequestType<PreviewParams, PreviewResponse, void>(previewReleaseRequestMethod);

/**
 * `privspec/previewEdits`: the edits that write the panel's parameters into the release's line (applied by the client,
 * so undo works).
 */
export const previewEditsRequest = new RequestType<PreviewParams, PreviewEditsResponse, void>(
  previewEditsRequestMethod,
);

/** The command the "▶ Preview" code lens invokes on the client, with `{ uri, release }`. */
export const PreviewReleaseCommand = 'privspec.previewRelease';
