/**
 * Custom requests between the privspec language server and the VS Code client, in the manner of rust-analyzer's
 * `lsp_ext.ts`. Their shapes and method names live in `protocol-types.ts`, which the client (`extension/`) imports too.
 */
import { RequestType } from 'vscode-languageserver';

import type { BudgetParams, BudgetSummaryResponse, RunReleaseParams, RunReleaseResult } from './protocol-types.js';
import { budgetRequestMethod, runReleaseRequestMethod } from './protocol-types.js';

export * from './protocol-types.js';

/** `privspec/budget`: the budget summary of one spec; `null` when the URI is not an open privspec document. */
export const budgetRequest = new RequestType<BudgetParams, BudgetSummaryResponse | null, void>(budgetRequestMethod);

/** `privspec/runRelease`: runs one or all releases of a spec, exactly as `privspec release` does. */
export const runReleaseRequest = new RequestType<RunReleaseParams, RunReleaseResult, void>(runReleaseRequestMethod);

/** The command the "▶ Run" code lens invokes on the client, with one `RunReleaseParams` argument. */
export const RunReleaseCommand = 'privspec.runRelease';
