// Packages the VS Code extension: `npm run package` (after a production build) → privspec-<version>.vsix.
//
//   node --import tsx scripts/package-vsix.ts          write the .vsix
//   node --import tsx scripts/package-vsix.ts --ls     list what it would contain, as `vsce ls` does
//
// The extension and the command line share package.json, whose `files` list is the npm package's (the CLI). vsce reads
// that same field and refuses a .vscodeignore beside it, so the extension is staged instead: the files it runs are
// copied to a temporary folder with a manifest whose `files` names exactly them, and vsce packages that folder.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createVSIX, listFiles, PackageManager } from '@vscode/vsce';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the extension runs or shows, besides the manifest and what it names (icon, walkthrough media): the client, the
 * language server, the two CSV workers, the panels' page, the grammar, the diagnostics' pages the server links to and
 * the example workspace that PrivSpec: Open Example Workspace copies. Not the command line's chunks.
 */
export const EXTENSION_FILES = [
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'language-configuration.json',
  'syntaxes',
  'dist/extension.cjs',
  'dist/language-server.cjs',
  'dist/csv-worker.cjs',
  'dist/csv-diagnostics-worker.cjs',
  'dist/webview.js',
  'docs/diagnostics',
  'examples',
] as const;

interface Manifest {
  icon?: string;
  files?: string[];
  contributes?: { walkthroughs?: { steps: { media: { image?: unknown; markdown?: string; svg?: string } }[] }[] };
  [key: string]: unknown;
}

/** The files a manifest names for the extension: its icon and every walkthrough step's media (images per theme too). */
export function manifestMedia(manifest: Manifest): string[] {
  const media = new Set<string>(manifest.icon ? [manifest.icon] : []);
  for (const walkthrough of manifest.contributes?.walkthroughs ?? []) {
    for (const { media: m } of walkthrough.steps) {
      const images = typeof m.image === 'string' ? [m.image] : Object.values((m.image ?? {}) as Record<string, string>);
      for (const path of [...images, m.markdown, m.svg]) if (path) media.add(path);
    }
  }
  return [...media];
}

/**
 * Copies the extension's files into `dir` with a manifest for the extension alone: no `files` of the npm package, no
 * scripts or development dependencies, no `bin`. Dot-files inside the examples (a ledger left by a local run) stay out.
 */
export function stageExtension(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  const entries = [...EXTENSION_FILES, ...manifestMedia(manifest)];
  const missing = entries.filter((e) => !existsSync(join(root, e)));
  if (missing.length > 0) throw new Error(`missing (run npm run build first?): ${missing.join(', ')}`);
  for (const entry of entries) {
    cpSync(join(root, entry), join(dir, entry), { recursive: true, filter: (src) => !basename(src).startsWith('.') });
  }
  const {
    files: _npmFiles,
    scripts: _scripts,
    devDependencies: _dev,
    allowScripts: _allow,
    bin: _bin,
    ...extension
  } = manifest;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ ...extension, files: entries }, null, 2)}\n`);
  return entries;
}

/** Stages the extension in a fresh temporary folder, runs `body` on it and removes the folder. */
export async function withStagedExtension<T>(body: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-vsix-'));
  try {
    stageExtension(dir);
    return await body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The paths the .vsix would hold, as vsce lists them (`vsce ls`). */
export const vsixFiles = () => withStagedExtension((cwd) => listFiles({ cwd, packageManager: PackageManager.None }));

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  if (process.argv.includes('--ls')) {
    console.log((await vsixFiles()).sort().join('\n'));
  } else {
    // vsce rewrites the README's relative links to the repository named in the manifest, as the Marketplace needs.
    await withStagedExtension((cwd) =>
      createVSIX({ cwd, packagePath: join(root, `privspec-${version}.vsix`), dependencies: false }),
    );
  }
}
