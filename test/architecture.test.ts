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

describe('architecture', () => {
  const engine = sources('engine');

  it('keeps engine/ free of vscode, langium and the language client', () => {
    const offenders = engine.filter((f) => /from ['"](vscode|langium|vscode-languageclient|vscode-languageserver)/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('keeps Node APIs inside engine/node/', () => {
    const offenders = engine
      .filter((f) => !relative('engine', f).startsWith('node'))
      .filter((f) => /from ['"](node:|fs['"]|path['"]|os['"]|worker_threads|crypto['"])/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('never uses Math.random in the engine', () => {
    const offenders = engine.filter((f) => /Math\.random/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
