import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { URI, type LangiumDocument } from 'langium';
import { NodeFileSystem } from 'langium/node';
import { runCli } from '../../helpers/run-cli-isolated.js';
import { useTestRegistryFor } from '../../helpers/ledger-registry.js';
import { RunRefused } from '../../../engine/host/run/release-runner.js';
import { anonymizeWithSpec } from '../../../language/lsp/anonymize-csv.js';
import { createPrivspecServices } from '../../../language/privspec-module.js';
import { SpecNotRunnable } from '../../../language/release-input.js';

const here = dirname(fileURLToPath(import.meta.url));
const data = resolve(here, '..', '..', 'fixtures', 'specs', 'data');
const { shared, Privspec: services } = createPrivspecServices(NodeFileSystem);

/**
 * A fresh folder with the fixture spec and the shared people.csv, so that outputs and ledgers never touch the
 * repository.
 */
function workspace(spec: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-editor-anon-'));
  cpSync(data, join(dir, 'data'), { recursive: true });
  cpSync(join(here, 'fixtures', spec), join(dir, spec));
  return dir;
}

/** The document as the language server holds it: created and built by the server's own services. */
async function serverDocument(path: string): Promise<LangiumDocument> {
  const document = await shared.workspace.LangiumDocuments.getOrCreateDocument(URI.file(path));
  await shared.workspace.DocumentBuilder.build([document], { validation: true });
  return document;
}

async function cli(cwd: string, args: string[]): Promise<number> {
  return runCli(args, { out: () => undefined, err: () => undefined, cwd });
}

/** A release report without its creation time and ledger entry id, the fields two runs cannot share. */
const report = (path: string) => {
  const { createdAt, ledgerEntry, ...rest } = JSON.parse(readFileSync(path, 'utf8'));
  assert.match(createdAt, /^\d{4}-\d\d-\d\dT/);
  // Generalize runs are on the data's ledger (issue 21): each run its own entry.
  assert.match(ledgerEntry, /^[0-9a-f]{12}$/);
  return rest;
};

/** A microdata file's header and its rows as a sorted list: each run writes them in a fresh random order (issue 21). */
const rowsOf = (path: string) => {
  const [header, ...rows] = readFileSync(path, 'utf8').trim().split('\n');
  return [header, ...rows.sort()];
};

describe("language/lsp/anonymize-csv (the editor's Anonymize CSV… on a file a spec names)", () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = (spec: string) => {
    const d = workspace(spec);
    dirs.push(d);
    // Each workspace holds the same people.csv: a registry of its own gives each test the fresh budget (and no earlier
    // release to link with) that a ledger beside its data gave, also for the calls below that bypass the CLI.
    useTestRegistryFor(d);
    return d;
  };

  for (const spec of ['pinned-l-diversity.privspec', 'searched-l-diversity.privspec']) {
    it(`writes the same rows and report as 'privspec release --only public' (${spec})`, async () => {
      const dir = fresh(spec);
      assert.equal(await cli(dir, ['release', spec, '--only', 'public', '--out', 'cli']), 0);
      const result = await anonymizeWithSpec(services, await serverDocument(join(dir, spec)), {
        release: 'public',
        out: join(dir, 'editor'),
      });
      assert.equal(result.outcome.status, 'written', result.outcome.message);
      assert.deepEqual(result.outcome.files, [join(dir, 'editor', 'public.csv'), join(dir, 'editor', 'public.json')]);
      assert.deepEqual(rowsOf(join(dir, 'editor', 'public.csv')), rowsOf(join(dir, 'cli', 'public.csv')));
      assert.deepEqual(report(join(dir, 'editor', 'public.json')), report(join(dir, 'cli', 'public.json')));
    });
  }

  it('applies the whole anonymity block: ℓ-diversity suppresses a class that k alone would keep', async () => {
    const dir = fresh('pinned-l-diversity.privspec');
    const result = await anonymizeWithSpec(services, await serverDocument(join(dir, 'pinned-l-diversity.privspec')), {
      release: 'public',
      out: join(dir, 'out'),
    });
    // Hand-derived from people.csv at the pinned levels (age in 10-year bands, sex as is): {40-49, F} = Fay, Ivy has
    // 2 rows (k=2 holds) but one diagnosis, cold (distinct 2-diversity fails); {50-59, X} = Kim and {50-59, M} = Lou
    // have 1 row each. Those 4 rows are suppressed (floor(0.4 · 12) = 4 allowed); a k-only run would have kept Fay and
    // Ivy.
    assert.deepEqual(result.outcome.parameters?.levels, { age: 1, sex: 0 });
    assert.deepEqual(result.outcome.parameters?.criteria, ['2-anonymity', 'distinct-2-diversity on diagnosis']);
    const lines = readFileSync(join(dir, 'out', 'public.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(lines[0], 'age,sex,diagnosis,height', 'identifying and undeclared columns are left out');
    assert.equal(lines.length, 1 + 8);
    assert.ok(!lines.some((l) => l.startsWith('40-49,F') || l.startsWith('50-59')), lines.join('\n'));
  });

  it('writes nothing when the run is cancelled during the search', async () => {
    const dir = fresh('searched-l-diversity.privspec');
    const controller = new AbortController();
    const run = anonymizeWithSpec(
      services,
      await serverDocument(join(dir, 'searched-l-diversity.privspec')),
      { release: 'public', out: join(dir, 'out') },
      {
        signal: controller.signal,
        // The cancel arrives while the search holds the thread; it is seen when the run settles, before any write.
        onProgress: () => controller.abort(),
      },
    );
    await assert.rejects(run, (e: Error) => e.name === 'AbortError');
    assert.equal(existsSync(join(dir, 'out', 'public.csv')), false);
  });

  it('refuses a release that is not a generalization, and an output beside the data, with one line each', async () => {
    const dir = fresh('pinned-l-diversity.privspec');
    const document = await serverDocument(join(dir, 'pinned-l-diversity.privspec'));
    await assert.rejects(
      anonymizeWithSpec(services, document, { release: 'nope' }),
      (e: Error) => e instanceof SpecNotRunnable && /no release named 'nope'/.test(e.message),
    );
    await assert.rejects(
      anonymizeWithSpec(services, document, { release: 'public', out: join(dir, 'data') }),
      (e: Error) => e instanceof RunRefused && !e.message.includes('\n') && /holds the input/.test(e.message),
    );
  });
});
