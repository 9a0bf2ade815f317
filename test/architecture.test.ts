import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cycles, folderOf, importGraph } from './helpers/import-graph.js';

// The invariants of ARCHITECTURE.md, checked on every run so that they cannot rot silently.
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

const importing = (files: readonly string[], pattern: RegExp) =>
  files.filter((f) => pattern.test(readFileSync(f, 'utf8')));

describe('architecture', () => {
  const engine = sources('engine');
  const language = sources('language').filter((f) => !f.includes('generated'));

  it('keeps engine/ free of vscode, langium and the language client', () => {
    assert.deepEqual(importing(engine, /from ['"](vscode|langium|vscode-languageclient|vscode-languageserver)/), []);
  });

  it('keeps Node APIs inside engine/host/', () => {
    const offenders = importing(
      engine.filter((f) => !relative('engine', f).startsWith('host')),
      /from ['"](node:|fs['"]|path['"]|os['"]|worker_threads|crypto['"])/,
    );
    assert.deepEqual(offenders, []);
  });

  it('never uses Math.random in the engine', () => {
    assert.deepEqual(importing(engine, /Math\.random/), []);
  });

  it('keeps language/ free of Node modules: file and process work sits in engine/host/ or the CLI', () => {
    assert.deepEqual(importing(language, /from ['"](node:|fs['"]|path['"]|os['"]|url['"])/), []);
  });

  it('keeps extension/ off Langium: the editor gets its facts from the language server', () => {
    assert.deepEqual(importing(sources('extension'), /from ['"]langium/), []);
  });

  it('builds mechanisms only in the engine: nothing else calls a make* constructor', () => {
    const outside = ['language', 'cli', 'extension', 'webview'].flatMap(sources);
    assert.deepEqual(
      importing(
        outside,
        /\bmake(Laplace|Gaussian|Exponential|ReportNoisyMax|RandomizedResponse\w*|CountMeanSketch\w*|Measurement|Aggregate\w*|Mode\w*|Grid\w*|Pram\w*|Privelet\w*|NnWavelet\w*|Quadtree\w*)\s*[(<]/,
      ),
      [],
    );
  });

  // Issue 22: every figure the editor shows comes from the engine functions the command line calls; the client
  // computes none, lexes no spec and has one webview shell.
  const extension = sources('extension');
  const engineImports = (files: readonly string[]) =>
    files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/from '(?:\.\.\/)+engine\/([\w/-]+)\.js'/g)].map((m) => m[1]),
    );

  it("keeps risk and hierarchy logic out of extension/: only the report's plain types and the shared hierarchy builder", () => {
    // The CSV worker runs listed engine functions (next test); everything else in the client takes the report's types.
    const client = extension.filter((f) => !f.startsWith('extension/workers/'));
    const risk = engineImports(client).filter(
      (m) =>
        m.startsWith('risk/') ||
        m.startsWith('release/') ||
        m.startsWith('search/') ||
        m.startsWith('criteria/') ||
        m.startsWith('metrics/'),
    );
    assert.deepEqual([...new Set(risk)], ['risk/risk-report-figures-types']);
    // The report's types only ever come in as types.
    assert.deepEqual(importing(client, /^import \{[^}]*\} from '(\.\.\/)+engine\/risk\//m), []);
    const hierarchy = new Set(engineImports(extension).filter((m) => m.startsWith('hierarchy/')));
    assert.deepEqual([...hierarchy].sort(), ['hierarchy/hierarchy', 'hierarchy/hierarchy-source']);
    // No second grouping, unit count or search in the client: those calls sit in the engine's shared functions.
    assert.deepEqual(
      importing(
        extension,
        /\b(equivalenceClasses|distinctUnitsPerClass|kAnonymityViolations|bindHierarchy|searchAnonymity|prosecutorRisk|classSizeHistogram|populationUniqueness)\(/,
      ),
      [],
    );
  });

  it('keeps extension/workers/ to parsing, patching and transport: the engine modules it may use are listed', () => {
    // The survey-weighted flags run the engine's weighted risk (the function behind `privspec risk --weight`) in the
    // worker.
    const allowed = new Set([
      'risk/weighted-risk',
      'risk/individual-risk',
      'table/parse-csv',
      'table/table',
      'anonymity/k-check',
      'anonymity/class-key',
      'anonymity/class-members',
      'anonymity/equivalence-classes',
      'hierarchy/hierarchy-source',
      'hierarchy/hierarchy',
      // The row markers of ℓ-diversity and t-closeness (sensitive-model-flags.ts) bind and check the spec's criteria
      // with the functions the search and the spec's warnings use: no second definition of a model in the worker.
      'criteria/criterion-spec',
      'criteria/bind-criteria',
      'criteria/criterion',
      'anonymity/class-stats',
      'anonymity/criterion-report',
    ]);
    const used = engineImports(sources('extension/workers'));
    assert.deepEqual(
      used.filter((m) => !allowed.has(m)),
      [],
    );
  });

  it("lexes no spec text in extension/: spec edits and drafts are the language server's", () => {
    assert.deepEqual(importing(extension, /\banonymity\\s|codeMask|JSON\.stringify\(name\)|\[_a-zA-Z\]\\w\*/), []);
    assert.ok(!existsSync('extension/spec'), 'extension/spec/ is gone: level edits and drafts are server requests');
  });

  it('gives the three panels one webview shell: one CSP, one nonce, one theme', () => {
    const panels = [
      'extension/risk-report/risk-report-panel.ts',
      'extension/ledger/ledger-panel.ts',
      'extension/preview/preview-panel.ts',
    ];
    for (const p of panels) assert.match(readFileSync(p, 'utf8'), /from '\.\.\/webview-shell\.js'/, p);
    assert.deepEqual(importing(extension, /Content-Security-Policy"/), ['extension/webview-shell-html.ts']);
    assert.deepEqual(importing(extension, /randomBytes\(/), ['extension/webview-shell.ts']);
    const views = [
      'webview/risk-report/risk-report-view.ts',
      'webview/ledger/ledger-view.ts',
      'webview/preview/preview-view.ts',
    ];
    for (const v of views) assert.match(readFileSync(v, 'utf8'), /applyStyle\(/, v);
    assert.deepEqual(importing(sources('webview'), /createElement\('style'\)/), ['webview/shell-style.ts']);
  });

  // Issue 35: the house has no loop. Between files, no import that runs closes one (a type-only import is erased; the
  // language's services type, which every Langium service names, is such a loop by design). Between the engine's
  // folders and the host's rooms, no import at all closes one: each folder can be read knowing only those below it.
  const graph = importGraph(['engine', 'language', 'cli', 'extension', 'webview']);

  it('has no import cycle between files', () => {
    assert.deepEqual(cycles(graph.filter((e) => !e.typeOnly)), []);
  });

  it("has no cycle between the engine's folders, nor between the host's rooms", () => {
    const room = (f: string) => (f.startsWith('engine/host/') ? f.split('/').slice(0, 3).join('/') : folderOf(f));
    const between = graph
      .filter((e) => room(e.from) !== room(e.to))
      .map((e) => ({ from: room(e.from), to: room(e.to) }));
    assert.deepEqual(cycles(between), []);
  });

  // Issue 35 item 2: a release kind's behaviour lives in its folder under engine/release/kinds/, reached through the
  // registry (engine/release/kinds/registry.ts); no other code switches on the kind. The rule reads every comparison
  // `<expression>.kind === '<name>'` or `!==` with a release kind's name (count, sum, mean, mode, generalize, pram,
  // local, grid, view) in engine/, language/ (its generated parser aside), cli/, extension/ and webview/ outside
  // engine/release/kinds/. A `switch` on the kind is not matched. The same names also discriminate other things, listed
  // here with their reason and left alone: a ledger entry's or prepared release's microdata record
  // (`microdata.kind`), the attack's model of a release file, the preview panel's body (one per kind by design of the
  // preview protocol), the spec's syntax tree (which language/ translates into descriptions). The release-kind
  // switches not yet moved into the kinds are the rest of the list, counted exactly: a file that loses one lowers its
  // count, a file not listed or a count that grows fails.
  it('lets only the release-kind registry and the kinds switch on a release kind, but for the listed rest', () => {
    const RELEASE_KIND = /\.kind\s*[!=]==\s*'(count|sum|mean|mode|generalize|pram|local|grid|view)'/g;
    const listed: Record<string, number> = {
      // Other discriminants that share the names: microdata records, the attack's model, preview bodies, the AST.
      // A microdata record's kind and an earlier randomized run's (PRAM or local DP) name the refusal's words.
      'engine/host/ledger/release-spend.ts': 2,
      // The PRAM runs the re-run rule reads, kept in the ledger's summary (moved from release-spend.ts).
      'engine/release/ledger-summary.ts': 1,
      'engine/host/run/release-runner.ts': 1,
      'engine/attack/attack-evaluation.ts': 1,
      'engine/attack/linkage-edges.ts': 1,
      'engine/attack/row-alignment.ts': 1,
      'language/lsp/ledger-request.ts': 2,
      'cli/commands/preview.ts': 5,
      'webview/preview/preview-view.ts': 4,
      'language/privspec-release-plan.ts': 7,
    };
    const found: Record<string, number> = {};
    for (const f of [...engine, ...language, ...['cli', 'extension', 'webview'].flatMap(sources)]) {
      if (f.startsWith('engine/release/kinds/')) continue;
      const n = [...readFileSync(f, 'utf8').matchAll(RELEASE_KIND)].length;
      if (n > 0) found[f] = n;
    }
    assert.deepEqual(found, listed);
  });
});
