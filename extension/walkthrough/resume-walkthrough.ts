import * as vscode from 'vscode';
import { RESUME_KEY, STEP_AFTER_OPENING, WALKTHROUGH } from './walkthrough-ids.js';

/**
 * Opening the example workspace reloads the window into the new folder, which closes the walkthrough. The command left
 * the folder's URI in the global state; the extension, activated in that folder, reopens the walkthrough at the next
 * step once, and forgets the folder.
 */
export async function resumeWalkthrough(state: vscode.Memento): Promise<void> {
  const folder = state.get<string>(RESUME_KEY);
  if (!folder || !vscode.workspace.workspaceFolders?.some((f) => f.uri.toString() === folder)) return;
  await state.update(RESUME_KEY, undefined);
  await vscode.commands.executeCommand(
    'workbench.action.openWalkthrough',
    { category: WALKTHROUGH, step: STEP_AFTER_OPENING },
    false,
  );
}
