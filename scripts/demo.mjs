// `npm run demo`: privspec's main job on the sample workspace, end to end, through the real command-line tool.
// Prints a risk report for examples/data/patients.csv and writes every output into a new folder demo-output/<time>/;
// nothing in examples/ is modified.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.cjs');
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const out = join(root, 'demo-output', stamp);
mkdirSync(out, { recursive: true });

const csv = 'examples/data/patients.csv';
const qi = 'age,sex,zip,occupation';
const hierarchies = qi.split(',').flatMap((c) => ['--hierarchy', `${c}=examples/hierarchies/${c}.csv`]);

// The demo keeps its ledgers in its own output folder (PRIVSPEC_LEDGER_DIR): it starts from a fresh budget each time
// and leaves the user's ledger registry alone.
const env = { ...process.env, PRIVSPEC_LEDGER_DIR: join(out, 'ledgers') };

function privspec(args, { file, show = true, okCodes = [0, 1] } = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', env });
  if (show) process.stdout.write(r.stdout);
  if (r.stderr) process.stderr.write(r.stderr);
  if (!okCodes.includes(r.status)) {
    console.error(`demo: 'privspec ${args.join(' ')}' exited ${r.status}`);
    process.exit(1);
  }
  if (file) writeFileSync(join(out, file), r.stdout);
  return r;
}
const step = (title) => console.log(`\n── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}`);

step(`Re-identification risk of ${csv} over ${qi}`);
privspec(['risk', csv, '--qi', qi, '--k', '5', '--sensitive', 'diagnosis', '--sampling-fraction', '0.1']);
privspec(['risk', csv, '--qi', qi, '--k', '5', '--sensitive', 'diagnosis', '--sampling-fraction', '0.1', '--json'], { file: 'risk.json', show: false });

// The demo writes files from a copy of the sample workspace inside the output folder (a spec's outputs go beside it):
// nothing in examples/ is modified.
cpSync(join(root, 'examples'), join(out, 'workspace'), { recursive: true });

// Only declared columns leave: the quasi-identifiers and the sensitive diagnosis. patient_id, name, ssn and the other
// undeclared columns are removed as identifying, and the output says so.
step('Optimal generalization for 5-anonymity and 2-diversity of diagnosis, at most 2% suppression');
privspec(['anonymize', join(out, 'workspace', 'data', 'patients.csv'), '--qi', qi, ...hierarchies, '--k', '5', '--l', '2', '--sensitive', 'diagnosis', '--suppression', '0.02',
  '--metric', 'entropy', '--out', join(out, 'patients-5-anonymous.csv')]);

step('Privacy budget: zCDP ρ = 0.05 at δ = 1e-6');
privspec(['budget', '--rho', '0.05', '--delta', '1e-6']);

step('Checking and running the release plan examples/visits.privspec (on the copy)');
privspec(['check', join(out, 'workspace', 'visits.privspec')]);
privspec(['release', join(out, 'workspace', 'visits.privspec'), '--out', join(out, 'releases')]);

console.log(`\nAll outputs are in ${out}`);
