import { runCli as realRunCli } from '../../cli/run-cli.js';
import { useTestRegistryFor } from './ledger-registry.js';

/**
 * The `privspec` command as cli/run-cli.ts runs it, with the ledger registry of the folder it runs in
 * (ledger-registry.ts): for tests that call runCli with their own output handlers.
 */
export const runCli: typeof realRunCli = (args, options) => {
  useTestRegistryFor(options.cwd);
  return realRunCli(args, options);
};
