import { runCli } from '../../cli/run-cli.js';
import { useTestRegistryFor } from './ledger-registry.js';

/** Runs the `privspec` command in `cwd` and returns its exit code with what it printed on stdout and stderr. */
export async function runIn(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  useTestRegistryFor(cwd);
  const code = await runCli(args, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}
