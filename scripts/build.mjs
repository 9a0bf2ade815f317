// Bundles every entry point with esbuild. Entries whose source does not exist yet are skipped,
// so the build stays green while features land one by one.
import { build } from 'esbuild';
import { existsSync, mkdirSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const common = { bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', legalComments: 'none' };

const entries = [
  { in: 'extension/main.ts', out: 'dist/extension.cjs', platform: 'node', format: 'cjs', external: ['vscode'] },
  { in: 'language/main.ts', out: 'dist/language-server.cjs', platform: 'node', format: 'cjs' },
  { in: 'cli/main.ts', out: 'dist/cli.cjs', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
  { in: 'engine/node/csv-worker.ts', out: 'dist/csv-worker.cjs', platform: 'node', format: 'cjs' },
  { in: 'extension/workers/csv-diagnostics-worker.ts', out: 'dist/csv-diagnostics-worker.cjs', platform: 'node', format: 'cjs' },
  { in: 'webview/main.ts', out: 'dist/webview.js', platform: 'browser', format: 'iife' },
];

mkdirSync('dist', { recursive: true });
const started = Date.now();
const present = entries.filter((e) => existsSync(e.in));
await Promise.all(present.map((e) => build({
  ...common,
  entryPoints: [e.in],
  outfile: e.out,
  platform: e.platform,
  format: e.format,
  target: e.platform === 'node' ? 'node20' : 'es2022',
  external: e.external ?? [],
  banner: e.banner,
  // Langium and some LSP packages are ESM; `import.meta.url` has no meaning inside a CJS bundle.
  define: e.format === 'cjs' ? { 'import.meta.url': '__importMetaUrl' } : {},
  inject: e.format === 'cjs' ? ['scripts/import-meta-url.js'] : [],
})));
console.log(`built ${present.map((e) => e.out).join(', ')} in ${Date.now() - started} ms`);
if (watch) console.log('watch mode is not supported; rerun npm run build');
