// `npm run demo:attack`: the anonymize-then-attack exercise on examples/attack-demo/, through the real command-line tool.
// Copies the folder to demo-output/attack-<time>/, releases original.csv with privspec — full-domain generalization and
// Mondrian at k = 2, 5, 10 (`privspec anonymize --out`) and PRAM at retention 0.6 and 0.9 (`privspec release`) — then
// attacks each release with candidate.csv (the 100 originals and 100 decoys) and prints a table of the attack's success
// beside the predicted risk. Every file is shuffled and suppressed records are left out; the attack scores it through
// the private row key privspec kept with the data's ledger (docs/attack.md). Nothing in examples/ is modified. The demo
// keeps its ledgers in its own output folder (PRIVSPEC_LEDGER_DIR), so it starts from a fresh budget each time and
// leaves the user's ledger registry alone.
// Releases and tie-breaking draw from the secure generator, so rates vary a little from run to run.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.cjs');
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const out = join(root, 'demo-output', `attack-${stamp}`);
mkdirSync(out, { recursive: true });
cpSync(join(root, 'examples', 'attack-demo'), out, { recursive: true });

const env = { ...process.env, PRIVSPEC_LEDGER_DIR: join(out, 'ledgers') };
// Every file below is of the same records, which the ledger's cross-spec check refuses unless a reason is given: here,
// the files are attacked, not published.
const accept = ['--accept-linked-releases', 'attack demo: each file is attacked, none is published'];

function privspec(args, okCodes = [0, 1]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: out, encoding: 'utf8', env });
  if (!okCodes.includes(r.status)) {
    process.stderr.write(r.stderr);
    console.error(`demo: 'privspec ${args.join(' ')}' exited ${r.status}`);
    process.exit(1);
  }
  return r;
}

const qi = ['age', 'sex', 'zip'];
const hierarchies = qi.flatMap((c) => ['--hierarchy', `${c}=${c}.csv`]);
const releases = [];
for (const k of [2, 5, 10]) {
  // The file is shuffled and its suppressed records are left out; privspec keeps its private row key beside the data's
  // ledger, and the attack below aligns the released records with the originals through it.
  privspec(['anonymize', 'original.csv', '--qi', qi.join(','), ...hierarchies, '--k', String(k), '--suppression', '0.05', '--out', `generalized-k${k}.csv`, ...accept]);
  releases.push({ name: `generalization k = ${k}`, file: `generalized-k${k}.csv`, flags: hierarchies });
}
for (const k of [2, 5, 10]) {
  privspec(['anonymize', 'original.csv', '--qi', qi.join(','), ...hierarchies, '--k', String(k), '--algorithm', 'mondrian', '--out', `mondrian-k${k}.csv`, ...accept]);
  releases.push({ name: `Mondrian k = ${k}`, file: `mondrian-k${k}.csv`, flags: [] });
}
privspec(['release', 'pram.privspec', '--out', 'pram'], [0]);
for (const [name, retain] of [['pram_06', '0.6'], ['pram_09', '0.9']]) {
  releases.push({ name: `PRAM retain ${retain}`, file: `pram/${name}.csv`, flags: qi.flatMap((c) => ['--pram', `${c}=${retain}`]) });
}

const pct = (x) => (x === null || x === undefined ? '—' : `${(100 * x).toFixed(1)} %`);
const rows = [['release', 'released', 'linked', 'correct', 'rate', 'predicted', 'tolerance (3σ)', 'verdict']];
for (const r of releases) {
  const matches = r.file.replace(/\.csv$/, '').replace('/', '-') + '-matches.csv';
  const res = privspec(['attack', r.file, 'candidate.csv', '--qi', qi.join(','), ...r.flags, '--truth', 'original.csv', '--id', 'id', '--out', matches, '--json']);
  const s = JSON.parse(res.stdout);
  // Scored through the row key privspec kept when it wrote the file, never by position (the file is shuffled).
  if (s.alignment !== 'row key') {
    console.error(`demo: the attack on ${r.file} was aligned by ${s.alignment}, not by its row key`);
    process.exit(1);
  }
  const predicted = s.predictedBasis === 'eta' ? `${pct(s.predictedRate)} (η bound; η diagonal ${pct(s.etaDiagonalMean)})` : `${pct(s.predictedRate)} (1/class size)`;
  rows.push([r.name, String(s.released), String(s.matched), String(s.correct), pct(s.rate), predicted, `± ${pct(s.tolerance)}`, s.exceeds ? 'EXCEEDS' : 'within']);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
console.log(`Linkage attack on ${releases.length} releases of examples/attack-demo/original.csv (100 records), candidates: candidate.csv (200)\n`);
console.log([line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n'));
console.log(`\nreleases and matching tables in ${out}`);
