import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The invariants of ARCHITECTURE.md, checked on every run so that they cannot rot silently.
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

const importing = (files: readonly string[], pattern: RegExp) => files.filter((f) => pattern.test(readFileSync(f, 'utf8')));

describe('architecture', () => {
  const engine = sources('engine');
  const language = sources('language').filter((f) => !f.includes('generated'));

  it('keeps engine/ free of vscode, langium and the language client', () => {
    assert.deepEqual(importing(engine, /from ['"](vscode|langium|vscode-languageclient|vscode-languageserver)/), []);
  });

  it('keeps Node APIs inside engine/node/', () => {
    const offenders = importing(engine.filter((f) => !relative('engine', f).startsWith('node')), /from ['"](node:|fs['"]|path['"]|os['"]|worker_threads|crypto['"])/);
    assert.deepEqual(offenders, []);
  });

  it('never uses Math.random in the engine', () => {
    assert.deepEqual(importing(engine, /Math\.random/), []);
  });

  it('keeps language/ free of Node modules: file and process work sits in engine/node/ or the CLI', () => {
    assert.deepEqual(importing(language, /from ['"](node:|fs['"]|path['"]|os['"]|url['"])/), []);
  });

  it('keeps extension/ off Langium: the editor gets its facts from the language server', () => {
    assert.deepEqual(importing(sources('extension'), /from ['"]langium/), []);
  });

  it('builds mechanisms only in the engine: nothing else calls a make* constructor', () => {
    const outside = ['language', 'cli', 'extension', 'webview'].flatMap(sources);
    assert.deepEqual(importing(outside, /\bmake(Laplace|Gaussian|Exponential|ReportNoisyMax|RandomizedResponse\w*|CountMeanSketch\w*|Measurement|Aggregate\w*|Mode\w*|Grid\w*|Pram\w*|Privelet\w*|NnWavelet\w*|Quadtree\w*)\s*[(<]/), []);
  });
});
