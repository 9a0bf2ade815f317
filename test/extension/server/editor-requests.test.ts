import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { URI } from 'langium';
import { NodeFileSystem } from 'langium/node';
import {
  CancellationTokenSource,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  type Connection,
} from 'vscode-languageserver';
import { registerEditorRequests } from '../../../language/lsp/editor-requests.js';
import { registerPrivspecRequests } from '../../../language/lsp/privspec-requests.js';
import { toResponseError } from '../../../language/lsp/request-errors.js';
import { ledgerFor, readLedger } from '../../../engine/host/ledger/ledger-file.js';
import { createPrivspecServices } from '../../../language/privspec-module.js';
import type { AnonymizeCsvResult, CsvModelsResponse } from '../../../language/protocol-types.js';
import { visitsModel } from '../fixtures.js';
import { useTestRegistryFor } from '../../helpers/ledger-registry.js';

const here = dirname(fileURLToPath(import.meta.url));
type Handler = (params: unknown, token: unknown) => unknown;

/** A connection that records what the server registers and sends, so that handlers run as the server runs them. */
function fakeConnection() {
  const handlers = new Map<string, Handler>();
  const sent: { method: string; params?: unknown }[] = [];
  const logged: string[] = [];
  const connection = {
    onRequest: (type: { method: string }, handler: Handler) => handlers.set(type.method, handler),
    sendNotification: (type: { method: string }) => Promise.resolve(void sent.push({ method: type.method })),
    sendProgress: (_type: unknown, token: unknown, value: unknown) =>
      Promise.resolve(void sent.push({ method: '$/progress', params: { token, value } })),
    console: { error: (text: string) => void logged.push(text) },
  };
  return { connection: connection as unknown as Connection, handlers, sent, logged };
}

describe("language/lsp/editor-requests and privspec/runRelease errors (the editor's one backend)", () => {
  const { shared, Privspec: services } = createPrivspecServices(NodeFileSystem);
  const fake = fakeConnection();
  registerPrivspecRequests(fake.connection, services);
  registerEditorRequests(fake.connection, services);
  const call = <T>(method: string, params: unknown, token = new CancellationTokenSource().token) =>
    fake.handlers.get(method)!(params, token) as Promise<T>;
  const dir = mkdtempSync(join(tmpdir(), 'privspec-editor-requests-'));
  before(() => useTestRegistryFor(dir));
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function open(path: string) {
    const document = await shared.workspace.LangiumDocuments.getOrCreateDocument(URI.file(path));
    await shared.workspace.DocumentBuilder.build([document], { validation: true });
    return document;
  }

  it('answers privspec/csvModels from the parsed specs: the e2e spec gives the model written out by hand', async () => {
    const spec = resolve('test/e2e/workspace/visits.privspec');
    await open(spec);
    const { datasets } = await call<CsvModelsResponse>('privspec/csvModels', undefined);
    const d = datasets.find((x) => x.specPath === spec)!;
    assert.equal(d.csvPath, resolve('test/e2e/workspace/data/visits.csv'));
    assert.deepEqual(
      {
        qi: d.qi,
        k: d.k,
        identifying: d.identifying,
        sensitive: d.sensitive,
        hierarchies: d.hierarchies,
        levels: d.levels,
      },
      {
        qi: visitsModel.qi,
        k: visitsModel.k,
        identifying: visitsModel.identifying,
        sensitive: visitsModel.sensitive,
        hierarchies: visitsModel.hierarchies,
        levels: visitsModel.levels,
      },
    );
    assert.deepEqual(d.anonymity, {
      criteria: ['3-anonymity'],
      suppression: 0,
      metric: 'entropy',
      requirements: [{ kind: 'k-anonymity', k: 3 }],
    });
    assert.deepEqual(d.generalizeReleases, ['public']);
  });

  it('gives the pins, the whole block in words, and no k when the block states none', async () => {
    const pinned = join(dir, 'pinned.privspec');
    writeFileSync(
      pinned,
      'dataset d from "x.csv" { quasi zip, age  sensitive dx }\nhierarchy zip from "h/zip.csv"\nanonymity { l-diversity entropy 2 on dx  generalize zip 1  generalize age 2  suppression 5%  metric loss }\n',
    );
    await open(pinned);
    const { datasets } = await call<CsvModelsResponse>('privspec/csvModels', undefined);
    const d = datasets.find((x) => x.specPath === pinned)!;
    assert.equal(d.k, undefined);
    assert.deepEqual(d.levels, { zip: 1, age: 2 });
    assert.deepEqual(d.hierarchies, { zip: { kind: 'arx', path: join(dir, 'h', 'zip.csv') } });
    assert.deepEqual(d.anonymity, {
      criteria: ['entropy-2-diversity on dx'],
      suppression: 0.05,
      metric: 'loss',
      requirements: [{ kind: 'l-diversity', variant: 'entropy', sensitive: 'dx', l: 2 }],
    });
  });

  it('tells the client when a parsed spec says something else of its CSV, and not after an edit of a release line', async () => {
    // The client checks every open CSV again on the notice (issue 37: a keystroke in a release line re-checked Adult's
    // 30,162 rows), so a spec parsed again with the same models announces nothing.
    const path = join(dir, 'announce.privspec');
    const spec = (k: number, epsilon: number) =>
      `dataset d from "data/people.csv" { quasi sex }\nanonymity { k ${k} }\nbudget { epsilon 1 }\nrelease c: count by sex laplace epsilon ${epsilon}\n`;
    const changed = () => fake.sent.filter((m) => m.method === 'privspec/csvModelsChanged').length;
    // The notice follows the build asynchronously: wait for it, polling, for up to 30 s (a generous bound on a hang,
    // not a measure of speed).
    const announced = async () => {
      for (let tries = 0; tries < 1500 && changed() === 0; tries++) await new Promise((r) => setTimeout(r, 20));
      return changed();
    };
    writeFileSync(path, spec(3, 0.1));
    fake.sent.length = 0;
    await open(path);
    assert.equal(await announced(), 1, 'a new spec is announced');
    fake.sent.length = 0;
    writeFileSync(path, spec(3, 0.2));
    await shared.workspace.DocumentBuilder.update([URI.file(path)], []);
    // Well past the notice's 150 ms debounce: a pause, not a measure (a notice later than this would go unseen, so the
    // assertion below can only pass wrongly on a very slow machine, never fail wrongly).
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(changed(), 0, 'an edit of the release line changes no CSV model');
    writeFileSync(path, spec(4, 0.2));
    await shared.workspace.DocumentBuilder.update([URI.file(path)], []);
    assert.equal(await announced(), 1, 'a new k is announced');
  });

  it('answers ▶ Run on a spec with errors with one line (RequestFailed), never a stack trace', async () => {
    const broken = join(dir, 'broken.privspec');
    writeFileSync(broken, 'dataset d from "missing.csv" { quasi a }\nrelease c: count laplace epsilon 0.1\n');
    await open(broken);
    await assert.rejects(call('privspec/runRelease', { uri: URI.file(broken).toString() }), (e: unknown) => {
      assert.ok(e instanceof ResponseError);
      assert.equal(e.code, LSPErrorCodes.RequestFailed);
      assert.match(e.message, /^.*broken\.privspec:\d+: the spec has \d+ errors?, the first: /);
      assert.ok(!e.message.includes('\n') && !/\bat .*\.ts:\d+/.test(e.message), e.message);
      return true;
    });
  });

  it('answers a refused run (an output folder that holds the data) with one line', async () => {
    const work = mkdtempSync(join(dir, 'run-'));
    cpSync(resolve('test/fixtures/specs/data'), join(work, 'data'), { recursive: true });
    cpSync(join(here, 'fixtures', 'pinned-l-diversity.privspec'), join(work, 'spec.privspec'));
    await open(join(work, 'spec.privspec'));
    const uri = URI.file(join(work, 'spec.privspec')).toString();
    await assert.rejects(
      call('privspec/runRelease', { uri, out: join(work, 'data') }),
      (e: unknown) =>
        e instanceof ResponseError &&
        e.code === LSPErrorCodes.RequestFailed &&
        /holds the input/.test(e.message) &&
        !e.message.includes('\n'),
    );
    // The same spec through privspec/anonymizeCsv, with progress on the client's token.
    fake.sent.length = 0;
    const result = await call<AnonymizeCsvResult>('privspec/anonymizeCsv', {
      uri,
      release: 'public',
      workDoneToken: 't1',
    });
    assert.equal(result.outcome.status, 'written');
    assert.equal(result.suppressed, 4, 'hand-derived in anonymize-with-spec.test.ts: Fay, Ivy, Kim and Lou');
    const kinds = fake.sent
      .filter((m) => m.method === '$/progress')
      .map((m) => (m.params as { value: { kind: string } }).value.kind);
    assert.deepEqual([kinds[0], kinds.at(-1)], ['begin', 'end']);
    // A request cancelled before it settles writes nothing and says so.
    const cancelled = new CancellationTokenSource();
    cancelled.cancel();
    await assert.rejects(
      call('privspec/anonymizeCsv', { uri, release: 'public', out: join(work, 'never') }, cancelled.token),
      (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled,
    );
    // ▶ Run's request takes the same cancel (its notification has a Cancel button): the search stops, nothing is
    // written.
    await assert.rejects(
      call('privspec/runRelease', { uri, release: 'public', out: join(work, 'never-run') }, cancelled.token),
      (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled,
    );
    assert.ok(!existsSync(join(work, 'never-run', 'public.csv')));
  });

  it('an unreadable ledger is a refusal the user acts on, not an internal error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-ledger-'));
    try {
      writeFileSync(join(dir, 'd.csv'), 'a\n1\n');
      const location = await ledgerFor(join(dir, 'd.csv'));
      mkdirSync(dirname(location.file), { recursive: true });
      writeFileSync(location.file, '{ not json');
      const error = await readLedger(location).then(
        () => undefined,
        (e: unknown) => e,
      );
      const e = toResponseError(error);
      assert.equal(e.code, LSPErrorCodes.RequestFailed);
      assert.match(
        e.message,
        /ledger-[0-9a-f]{64}\.jsonl: cannot read the spend ledger \(.*\); refusing to run without it( — restore it from a backup)?$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('states an unexpected failure in one line as an internal error', () => {
    const e = toResponseError(new TypeError('x is undefined\n    at f (a.ts:1:1)'));
    assert.deepEqual([e.code, e.message], [ErrorCodes.InternalError, 'internal error: x is undefined']);
  });
});
