import { runCli } from './run-cli.js';
import { ExitCode } from './cli-error.js';
import { describeError } from './describe-error.js';
import { writeFileSync } from 'node:fs';
import { keepPhaseTimes, phaseTimes } from '../engine/core/phase-times.js';

// Only `main` touches the process: everything below returns an exit code, so tests can call it directly.

// `privspec risk … | head -1`: the reader left, so the rest of the output has nowhere to go. That is not a failure of
// the command; it stops quietly, as other Unix tools do, instead of reporting an EPIPE write error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.Ok);
    process.exitCode = ExitCode.Usage;
  });
}

// The last guard of the contract's "never a stack trace": anything that escapes a command (an error thrown from a
// callback outside its promise chain) is still one line. PRIVSPEC_DEBUG=1 shows the stack.
const last = (e: unknown) => {
  try {
    process.stderr.write(`privspec: ${describeError(e)}\n`);
  } finally {
    process.exit(ExitCode.Usage);
  }
};
process.on('uncaughtException', last);
process.on('unhandledRejection', last);

// A bench's split of the run (npm run bench -- scale): each phase's time, written as JSON to the file PRIVSPEC_PHASES
// names when the process ends.
const phasesFile = process.env.PRIVSPEC_PHASES;
if (phasesFile) {
  keepPhaseTimes();
  process.on('exit', () => writeFileSync(phasesFile, JSON.stringify(Object.fromEntries(phaseTimes()))));
}

runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  cwd: process.cwd(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  // A rejection gets the same one line and exit code as an unhandled one.
  last,
);
