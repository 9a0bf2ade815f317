import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { runCli } from '../helpers/run-cli-isolated.js';
import { commands } from '../../cli/commands/index.js';

/**
 * Issue 10 item 12: every command, driven through `runCli` with random flags, values and files, answers with an exit
 * code in {0, 1, 2}, no stack trace and no internal "Error:" prefix on stderr, and — with --json — exactly one JSON
 * object on stdout. Every file it may read or write lies in a fresh temporary folder; `release` always gets --out
 * inside it.
 */
const fixtures = resolve('test/fixtures');
const RUNS = Number(process.env.PRIVSPEC_FUZZ_RUNS ?? 200);
// A fixed seed so that a failure reproduces; set PRIVSPEC_FUZZ_SEED (and PRIVSPEC_FUZZ_RUNS) to explore further.
const SEED = Number(process.env.PRIVSPEC_FUZZ_SEED ?? 20261123);

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-fuzz-'));
  copyFileSync(join(fixtures, 'risk-small.csv'), join(dir, 'data.csv'));
  copyFileSync(join(fixtures, 'csv', 'unclosed-quote.csv'), join(dir, 'unclosed.csv'));
  for (const f of ['seed-original.csv', 'seed-released.csv', 'seed-matrix-attr1.csv'])
    copyFileSync(join(fixtures, 'pram', f), join(dir, f));
  writeFileSync(join(dir, 'age.csv'), '30;<50;*\n40;<50;*\n50;>=50;*\n60;>=50;*\n');
  writeFileSync(join(dir, 'sex.csv'), 'M;*\nF;*\n');
  writeFileSync(join(dir, 'zip.csv'), '100;1**;*\n200;2**;*\n300;3**;*\n');
  writeFileSync(join(dir, 'diagnosis.csv'), 'flu;respiratory;*\ncold;respiratory;*\ncancer;other;*\n');
  mkdirSync(join(dir, 'data'));
  copyFileSync(join(fixtures, 'specs', 'data', 'people.csv'), join(dir, 'data', 'people.csv'));
  copyFileSync(join(fixtures, 'specs', 'clean.privspec'), join(dir, 'spec.privspec'));
  writeFileSync(join(dir, 'edges.csv'), 'a,b\n1,2\n2,3\n3,1\n');
  writeFileSync(join(dir, 'empty.csv'), '');
  writeFileSync(join(dir, 'empty.privspec'), '');
  const bytes = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256); // NULs, invalid UTF-8, stray quotes
  writeFileSync(join(dir, 'binary.csv'), bytes);
  writeFileSync(join(dir, 'binary.privspec'), bytes);
  mkdirSync(join(dir, 'folder'));
  mkdirSync(join(dir, 'folder.privspec'));
  return dir;
}

const FILES = [
  'data.csv',
  'unclosed.csv',
  'seed-original.csv',
  'seed-released.csv',
  'age.csv',
  'spec.privspec',
  'empty.csv',
  'empty.privspec',
  'binary.csv',
  'binary.privspec',
  'folder',
  'folder.privspec',
  'missing.csv',
  'missing.privspec',
];
const NUMBERS = [
  '-1',
  '0',
  '0.5',
  '1',
  '2',
  '3',
  '1e-6',
  '1e308',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  'abc',
  '',
  ' ',
  '-',
  '0x10',
];
const NAMES = [
  'age',
  'sex',
  'zip',
  'diagnosis',
  'attr1',
  'attr1,attr2',
  'age,sex',
  'age,age',
  'nope',
  ',',
  'json',
  'text',
  'sarif',
  'star',
  'mondrian',
  'entropy',
  'tab',
];
const PAIRS = [
  'age=age.csv',
  'sex=sex.csv',
  'zip=zip.csv',
  'attr1=0.5',
  'attr2=1',
  'attr1=seed-matrix-attr1.csv',
  'age=missing.csv',
  'age=folder',
  'age=binary.csv',
  '=x',
  'age=',
  'nope=0.5',
];

/** Known-good starting points, so that the fuzz reaches the code after option parsing too. */
const BASES: Record<string, string[]> = {
  risk: ['data.csv', '--qi', 'age,sex'],
  anonymize: ['data.csv', '--qi', 'age,sex', '--hierarchy', 'age=age.csv', '--hierarchy', 'sex=sex.csv', '--k', '2'],
  check: ['spec.privspec'],
  budget: ['--rho', '0.1', '--delta', '1e-6'],
  release: ['spec.privspec'],
  leakage: ['edges.csv', '--tau', '0.5', '--epsilon', '1'],
  reid: ['seed-original.csv', 'seed-released.csv', '--qi', 'attr1,attr2', '--pram', 'attr1=0.5', '--pram', 'attr2=0.5'],
};

/** The flags a command documents in its usage. */
const usages: Record<string, string> = Object.fromEntries(
  await Promise.all(Object.entries(commands).map(async ([name, c]) => [name, (await c.load()).usage])),
);
const flagsOf = (name: string) =>
  [...new Set([...(usages[name].match(/--[a-z][a-z-]*/g) ?? []), '--json'])].filter((f) => f !== '--help');

/** Positions of a base's positional arguments (those that are not a flag or a flag's value). */
function positionals(args: readonly string[]): number[] {
  const at: number[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith('-')) i++;
    else at.push(i);
  }
  return at;
}

/**
 * A command line: most often the command's known-good base with its input files swapped for random ones (a directory, a
 * missing, empty or binary file) and one or two documented flags given random values; sometimes random pieces only.
 */
const commandLine = fc.constantFrom(...Object.keys(commands)).chain((name) => {
  const flags = flagsOf(name);
  const value = fc.oneof(
    fc.constantFrom(...FILES),
    fc.constantFrom(...NUMBERS),
    fc.constantFrom(...NAMES),
    fc.constantFrom(...PAIRS),
  );
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...flags), value).map(([f, v]) => [f, v]) },
    { weight: 2, arbitrary: fc.constantFrom(...flags).map((f) => [f]) },
    { weight: 1, arbitrary: fc.constantFrom(...FILES).map((f) => [f]) },
    { weight: 1, arbitrary: fc.constantFrom('--nope', '-x', '--', '-').map((f) => [f]) },
  );
  const base = BASES[name] ?? [];
  const swaps = fc.array(fc.option(fc.constantFrom(...FILES), { freq: 3 }), {
    minLength: positionals(base).length,
    maxLength: positionals(base).length,
  });
  return fc
    .record({
      name: fc.constant(name),
      useBase: fc.nat(4).map((x) => x > 0 || base.length === 0),
      swaps,
      pieces: fc.array(piece, { maxLength: 2 }),
      json: fc.boolean(),
    })
    .map(({ name, useBase, swaps, pieces, json }) => {
      const args = useBase ? [...base] : [];
      if (useBase) positionals(base).forEach((at, k) => (args[at] = swaps[k] ?? args[at]));
      return { name, args: [...args, ...pieces.flat(), ...(json ? ['--json'] : [])] };
    });
});

describe('issue 10 item 12 — no stack traces: a fuzz test of every command', function () {
  this.timeout(60_000);

  it(`${RUNS} random command lines over ${Object.keys(commands).join(', ')}: exit 0/1/2, no stack trace, one JSON object with --json`, async () => {
    const dir = workspace();
    let n = 0;
    await fc.assert(
      fc.asyncProperty(commandLine, async ({ name, args: generated }) => {
        const args = [...generated];
        // release writes only under a folder of this workspace (and its ledger beside the spec, also here).
        if (name === 'release') args.push('--out', join('out', String(n++)));
        let out = '';
        let err = '';
        const code = await runCli([name, ...args], { out: (t) => (out += t), err: (t) => (err += t), cwd: dir });
        const line = `privspec ${name} ${args.map((a) => JSON.stringify(a)).join(' ')}`;
        assert.ok([0, 1, 2].includes(code), `${line}: exit ${code}`);
        assert.doesNotMatch(err, /^\s+at /m, `${line}: stack trace on stderr:\n${err}`);
        assert.doesNotMatch(err, /\b\w*Error: /, `${line}: internal error on stderr:\n${err}`);
        if (args.includes('--json')) {
          let parsed: unknown;
          assert.doesNotThrow(
            () => (parsed = JSON.parse(out)),
            `${line}: stdout is not one JSON object:\n${out.slice(0, 500)}`,
          );
          assert.ok(
            parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed),
            `${line}: stdout is not a JSON object`,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
