import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';
import { copyExample } from '../walkthrough/copy-example.js';
import { RESUME_KEY } from '../walkthrough/walkthrough-ids.js';

/**
 * `PrivSpec: Open Example Workspace` (the walkthrough's first step): copies the example workspace the extension ships
 * into a new folder inside one the user picks, never over anything, and opens it; in the new window the walkthrough
 * goes on (resume-walkthrough.ts). The tests pass the parent folder instead of answering the dialog.
 */
export const openExampleWorkspace: CommandFactory = {
  enabled: (ctx) => async (target?: vscode.Uri | string) => {
    const parent =
      typeof target === 'string'
        ? vscode.Uri.file(target)
        : target instanceof vscode.Uri
          ? target
          : (
              await vscode.window.showOpenDialog({
                canSelectFiles: false,
                canSelectFolders: true,
                canSelectMany: false,
                openLabel: 'Copy the Example Here',
                title: 'PrivSpec: choose where to copy the example workspace',
              })
            )?.[0];
    if (!parent) return undefined;
    const folder = vscode.Uri.file(copyExample(join(ctx.extension.extensionPath, 'examples'), parent.fsPath));
    ctx.log(`copied the example workspace to ${folder.fsPath}`);
    await ctx.extension.globalState.update(RESUME_KEY, folder.toString());
    // A window with a folder open keeps it unless the user says otherwise, as Git: Clone does.
    const open = !vscode.workspace.workspaceFolders?.length
      ? 'Open'
      : await vscode.window.showInformationMessage(
          `PrivSpec: copied the example workspace to ${folder.fsPath}.`,
          'Open',
          'Open in New Window',
        );
    if (open)
      await vscode.commands.executeCommand('vscode.openFolder', folder, {
        forceNewWindow: open === 'Open in New Window',
      });
    return folder.fsPath;
  },
};
