import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';

/** How many rows of one class the peek view lists; a class below k is small, but a stale id must not flood the view. */
const LIMIT = 200;

/**
 * "Show the rows of this class" (from the quick fix): the rows of a k-violating class in a peek view at the diagnostic,
 * each row a location the user can jump to.
 */
export const showClassRows: CommandFactory = {
  enabled: (ctx) => async (uri: vscode.Uri, key: string, classId: number, at: vscode.Position) => {
    const { classKey, rows } = await ctx.worker.request({ kind: 'classRows', key, classId, limit: LIMIT });
    const locations = rows.map(
      (r) => new vscode.Location(uri, new vscode.Range(r.line, 0, r.line, Number.MAX_SAFE_INTEGER)),
    );
    ctx.output.appendLine(`class ${classKey}: rows ${rows.map((r) => r.row).join(', ')}`);
    await vscode.commands.executeCommand('editor.action.showReferences', uri, at, locations);
  },
};
