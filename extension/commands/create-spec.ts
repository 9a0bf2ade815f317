import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { writeFileAtomic } from '../../engine/node/write-file-atomic.js';
import { activeCsv } from './active-files.js';
import { draftSpecRequestMethod, type DraftSpecParams, type DraftSpecResponse } from '../protocol.js';

/**
 * `PrivSpec: Create Spec from CSV`: the language server drafts a `.privspec` for the active CSV (`privspec/draftSpec`:
 * types inferred, roles proposed from names and cardinalities, default hierarchies); the command writes it to a new
 * file beside the workspace root (never over an existing one) and opens it.
 */
export const createSpec: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const document = await activeCsv(uri);
    if (!document) return;
    const csvPath = document.uri.fsPath;
    const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath ?? path.dirname(csvPath);
    const base = path.basename(csvPath).replace(/\.(csv|tsv)$/i, '');
    let target = path.join(folder, `${base}.privspec`);
    for (let i = 2; existsSync(target); i++) target = path.join(folder, `${base}-${i}.privspec`);
    const relativePath = path.relative(path.dirname(target), csvPath).split(path.sep).join('/');
    const client = ctx.client;
    if (!client) return;
    // The language server drafts the spec, writing every name with the language's one quoting function.
    if (document.isDirty) await document.save();
    const params: DraftSpecParams = { csvPath, relativePath, delimiter: ctx.config.delimiter(document.uri), k: ctx.config.defaultK(document.uri) };
    const text = await client.sendRequest<DraftSpecResponse>(draftSpecRequestMethod, params);
    await writeFileAtomic(target, text);
    await vscode.window.showTextDocument(vscode.Uri.file(target));
  },
};
