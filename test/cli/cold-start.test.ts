import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commands } from '../../cli/commands/index.js';
import { skipOrFail } from '../helpers/adult.js';

// Issue 25, item 3: the commands that need no spec language load neither Langium nor the other commands. The build
// splits the command line at each command's dynamic import (scripts/build.mjs); this reads the chunks it wrote and
// follows their static imports, which is what Node loads before the command runs.
const dist = 'dist';

/** The chunk files a chunk loads statically, itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(dist, file), 'utf8');
  for (const m of text.matchAll(/(?:from|import) "\.\/(cli-[A-Za-z0-9]+\.js)"/g)) closure(m[1], seen);
  return seen;
}

/** The chunk a command's entry in the table imports. */
function chunkOf(name: string): string {
  const main = readFileSync(join(dist, 'cli-main.js'), 'utf8');
  const m = main.match(new RegExp(`import\\("\\./(cli-[A-Za-z0-9]+\\.js)"\\)\\)\\.${name}\\b`));
  assert.ok(m, `no chunk for ${name} in dist/cli-main.js`);
  return m[1];
}

const loadsLangium = (files: Set<string>) =>
  [...files].some((f) => readFileSync(join(dist, f), 'utf8').includes('node_modules/langium/'));

describe('cold start: what each command loads', () => {
  before(function () {
    // Without a build there is nothing to read: npm test builds first, so in CI a missing build fails; a build without
    // the chunks is the failure this checks.
    if (!existsSync(join(dist, 'cli.cjs'))) skipOrFail(this, 'dist/cli.cjs not built: run npm run build');
    assert.ok(
      existsSync(join(dist, 'cli-main.js')),
      'dist/cli.cjs is built as one bundle: every command loads everything',
    );
  });

  it('--version and --help load the command table only, without Langium', () => {
    const files = closure('cli-main.js');
    assert.equal(loadsLangium(files), false);
    const size = [...files].reduce((s, f) => s + readFileSync(join(dist, f)).length, 0);
    assert.ok(size < 64 * 1024, `the entry loads ${size} bytes`);
  });

  for (const name of ['risk', 'anonymize', 'budget', 'reid', 'leakage']) {
    it(`${name} does not load Langium`, () => assert.equal(loadsLangium(closure(chunkOf(name))), false));
  }

  it('check, which reads specs, does load it (so the test above can fail)', () => {
    assert.equal(loadsLangium(closure(chunkOf('check'))), true);
  });

  // Issue 38 item 3: a file under 8 MiB is read on one thread (read-csv-file.ts), so a plain anonymize on Adult starts
  // no worker and compiles no worker module; csv-worker-pool.ts loads it when it starts the first worker.
  it('anonymize does not import node:worker_threads before it starts a worker', () => {
    const files = [...closure(chunkOf('anonymize'))];
    const imports = files.filter((f) =>
      /(?:from|import) "node:worker_threads"/.test(readFileSync(join(dist, f), 'utf8')),
    );
    assert.deepEqual(imports, []);
    // The one load, made where the first worker starts, is still in the closure: the reader can start workers.
    assert.ok(files.some((f) => readFileSync(join(dist, f), 'utf8').includes('("node:worker_threads")')));
  });

  it("the command table's summaries are the commands' own", async () => {
    for (const [name, entry] of Object.entries(commands))
      assert.equal(entry.summary, (await entry.load()).summary, name);
  });
});
