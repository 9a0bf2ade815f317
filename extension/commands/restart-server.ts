import * as vscode from 'vscode';
import type { CommandFactory } from '../ctx.js';

/**
 * `PrivSpec: Restart Language Server`: after changing `privspec.server.path`, or when the server misbehaves. The status
 * bar says that it is restarting and then whether it came back, since a silent restart looks like nothing happened.
 */
export const restartServer: CommandFactory = {
  enabled: (ctx) => async () => {
    const restarting = vscode.window.setStatusBarMessage('$(sync~spin) PrivSpec: restarting the language server…');
    try {
      await ctx.startServer();
    } finally {
      restarting.dispose();
    }
    const running = ctx.client?.isRunning() ?? false;
    ctx.log(running ? 'language server restarted' : 'language server restart failed');
    if (running) vscode.window.setStatusBarMessage('$(check) PrivSpec: language server restarted', 5000);
    else
      void vscode.window
        .showErrorMessage('PrivSpec: the language server did not start; see Output › PrivSpec.', 'Show Output')
        .then((c) => c && ctx.output.show());
  },
};
