import type * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { goToNextViolation } from '../csv/violation-lens.js';

/**
 * `PrivSpec: Go to Next Violation` (also the CSV banner's "Next ▸"): the next row below k, as F8 goes to the next
 * problem.
 */
export const nextViolation: CommandFactory = {
  enabled: () => (uri?: vscode.Uri) => goToNextViolation(uri),
};
