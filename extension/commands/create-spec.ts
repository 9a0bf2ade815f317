import { existsSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { writeFileAtomic } from '../../engine/host/files/write-file-atomic.js';
import { activeCsv } from './active-files.js';
import { draftSpecRequestMethod, type DraftSpecParams, type DraftSpecResponse } from '../protocol.js';
import { pluralWord } from '../../engine/core/plural.js';

/**
 * `PrivSpec: Create Spec from CSV`: the language server drafts a `.privspec` for the active CSV (`privspec/draftSpec`:
 * types inferred, roles proposed from names and cardinalities, default hierarchies); the command writes it to a new
 * file beside the workspace root (never over an existing one) and opens it. When a spec already names the CSV it asks
 * first, and the existing spec keeps checking the CSV.
 */
export const createSpec: CommandFactory = {
  needsServer: true,
  enabled: (ctx) => async (uri?: vscode.Uri) => {
    const document = await activeCsv(uri);
    if (!document) return;
    // A spec already names this CSV: a second one would be a second opinion about the same file. Ask first; the spec in
    // charge of its diagnostics stays the one it was (the new draft never takes over silently).
    const naming = ctx.models.specsFor(document.uri);
    if (naming.length > 0) {
      const names = naming.map((s) => vscode.workspace.asRelativePath(s)).join(', ');
      const choice = await vscode.window.showWarningMessage(
        `PrivSpec: ${names} already ${pluralWord(naming.length, 'names', 'name')} ${vscode.workspace.asRelativePath(document.uri)}. Open it, or draft another spec anyway (the CSV stays checked against ${vscode.workspace.asRelativePath(naming[0]).split('/').pop()})?`,
        { modal: true },
        'Open Existing Spec',
        'Draft Another',
      );
      if (choice === 'Open Existing Spec') await vscode.window.showTextDocument(vscode.Uri.file(naming[0]));
      if (choice !== 'Draft Another') return;
      const current = ctx.models.modelFor(document.uri)?.dataset?.specPath;
      if (current) ctx.models.choose(document.uri, current);
    }
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
    const params: DraftSpecParams = {
      csvPath,
      relativePath,
      delimiter: ctx.config.delimiter(document.uri),
      k: ctx.config.defaultK(document.uri),
    };
    const text = await client.sendRequest<DraftSpecResponse>(draftSpecRequestMethod, params);
    await writeFileAtomic(target, text);
    await vscode.window.showTextDocument(vscode.Uri.file(target));
  },
};
