import { runCli } from './run-cli.js';

// Only `main` touches the process: everything below returns an exit code, so tests can call it directly.
runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
