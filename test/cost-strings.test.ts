import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Issue 37 item 1: "One function formats every cost." A cost string built by hand (`ε ${…}`, `ρ ${…}`) outside the one
// formatter, engine/release/cost-text.ts, is how the lens, the Run dialog and the toasts came to state one release's
// cost three ways; this test fails on the first such string in the product's code.
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

const FORMATTER = join('engine', 'release', 'cost-text.ts');
const HAND_MADE = /[ερ] \$\{/;

describe('one formatter of privacy costs (engine/release/cost-text.ts)', () => {
  // webview/ too: the PRAM and view panels wrote "local ε …" and "view at ε …" by hand (the formatter is browser-safe).
  it('no file of extension/, language/, cli/, engine/ or webview/ but the formatter builds `ε ${…}` or `ρ ${…}` by hand', () => {
    const files = ['extension', 'language', 'cli', 'engine', 'webview'].flatMap(sources).filter((f) => f !== FORMATTER);
    const offenders = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${f}:${i + 1}` }))
        .filter(({ line }) => HAND_MADE.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    assert.deepEqual(offenders, []);
  });

  it('the check would catch one (the pattern matches what the formatter itself writes)', () => {
    assert.ok(HAND_MADE.test(readFileSync(FORMATTER, 'utf8')));
    assert.ok(!HAND_MADE.test('`ε = ${x}` and `local ε is infinite`'));
  });
});
