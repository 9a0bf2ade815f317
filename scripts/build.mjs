// Bundles every entry point with esbuild. Entries whose source does not exist yet are skipped,
// so the build stays green while features land one by one.
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', legalComments: 'none' };

const entries = [
  { in: 'extension/main.ts', out: 'dist/extension.cjs', platform: 'node', format: 'cjs', external: ['vscode'] },
  // DuckDB is a native library loaded on first use (engine/host/sources/duckdb/duckdb-source.ts): never bundled, resolved at run time.
  { in: 'language/main.ts', out: 'dist/language-server.cjs', platform: 'node', format: 'cjs', external: ['@duckdb/node-api'] },
  // The command line is split at each command's dynamic import (see cli/commands/index.ts), so that a command loads only
  // its own code: `risk` and `--version` never parse Langium. Splitting needs ES modules; dist/cli.cjs is a shim.
  { in: 'cli/main.ts', out: 'dist/cli-main.js', platform: 'node', format: 'esm', splitting: true, external: ['@duckdb/node-api'] },
  { in: 'engine/host/sources/csv/csv-worker.ts', out: 'dist/csv-worker.cjs', platform: 'node', format: 'cjs' },
  { in: 'extension/workers/csv-diagnostics-worker.ts', out: 'dist/csv-diagnostics-worker.cjs', platform: 'node', format: 'cjs' },
  { in: 'webview/main.ts', out: 'dist/webview.js', platform: 'browser', format: 'iife' },
];

mkdirSync('dist', { recursive: true });
// Chunks of an earlier build would pile up: their names change with their content.
for (const f of readdirSync('dist')) if (/^cli-[A-Z0-9]{8}\.js(\.map)?$/.test(f)) rmSync(join('dist', f));
// The executable: a CommonJS file (so that it runs whatever package.json says) that loads the split ES module bundle.
writeFileSync('dist/cli.cjs', "#!/usr/bin/env node\n'use strict';\nimport('./cli-main.js');\n");
chmodSync('dist/cli.cjs', 0o755);
const started = Date.now();
const present = entries.filter((e) => existsSync(e.in));
await Promise.all(present.map((e) => build({
  ...common,
  entryPoints: [e.in],
  ...(e.splitting
    ? { splitting: true, outdir: dirname(e.out), entryNames: basename(e.out, '.js'), chunkNames: 'cli-[hash]' }
    : { outfile: e.out }),
  platform: e.platform,
  format: e.format,
  target: e.platform === 'node' ? 'node20' : 'es2022',
  external: e.external ?? [],
  // Bundled CommonJS packages call require(), which an ES module lacks; each chunk gets its own.
  banner: e.format === 'esm' ? { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" } : e.banner,
  // Langium and some LSP packages are ESM; `import.meta.url` has no meaning inside a CJS bundle.
  define: e.format === 'cjs' ? { 'import.meta.url': '__importMetaUrl' } : {},
  inject: e.format === 'cjs' ? ['scripts/import-meta-url.js'] : [],
})));
console.log(`built ${present.map((e) => e.out).join(', ')} in ${Date.now() - started} ms`);
if (watch) console.log('watch mode is not supported; rerun npm run build');
