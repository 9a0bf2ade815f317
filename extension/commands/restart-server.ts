import type { CommandFactory } from '../ctx.js';

/** `PrivSpec: Restart Language Server`: after changing `privspec.server.path`, or when the server misbehaves. */
export const restartServer: CommandFactory = {
  enabled: (ctx) => () => ctx.startServer(),
};
