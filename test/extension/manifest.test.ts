import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { EXTENSION_FILES, manifestMedia, vsixFiles } from '../../scripts/package-vsix.js';
import { STEP_AFTER_OPENING, WALKTHROUGH } from '../../extension/walkthrough/walkthrough-ids.js';

// Issue 41: the manifest as the Marketplace and Open VSX expect it, the Get Started walkthrough, and a .vsix that holds
// what the extension runs and nothing of the command line's.
interface Step {
  id: string;
  title: string;
  description: string;
  media: { image?: string; altText?: string; markdown?: string };
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));

/**
 * Width and height from a PNG's IHDR chunk: the signature (8 bytes), the chunk length and type (8), then two uint32.
 */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${path} is not a PNG`);
  assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The commands a walkthrough description's links run (`[label](command:id?args)`), with their decoded arguments. */
function links(description: string): { command: string; args: unknown[] }[] {
  return [...description.matchAll(/\]\(command:([\w.]+)(?:\?([^)]*))?\)/g)].map((m) => ({
    command: m[1],
    args: m[2] ? JSON.parse(decodeURIComponent(m[2])) : [],
  }));
}

describe('extension manifest (package.json)', () => {
  it('has the Marketplace fields: icon, keywords, repository, bugs, homepage, gallery banner, preview', () => {
    assert.equal(manifest.publisher, 'privspec');
    assert.equal(manifest.icon, 'images/icon.png');
    assert.ok(Array.isArray(manifest.keywords) && manifest.keywords.length >= 5, 'keywords');
    // vsce refuses more than 30 keywords.
    assert.ok(manifest.keywords.length <= 30);
    assert.ok(manifest.keywords.includes('k-anonymity') && manifest.keywords.includes('differential privacy'));
    assert.deepEqual(manifest.repository, { type: 'git', url: 'https://github.com/privspec/privspec.git' });
    assert.deepEqual(manifest.bugs, { url: 'https://github.com/privspec/privspec/issues' });
    assert.equal(manifest.homepage, 'https://github.com/privspec/privspec#readme');
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    assert.equal(manifest.preview, true);
    assert.ok(existsSync('LICENSE') && existsSync('CHANGELOG.md'));
  });

  it('has a 128 × 128 PNG icon drawn from the SVG the project keeps', () => {
    assert.deepEqual(pngSize(manifest.icon), { width: 128, height: 128 });
    assert.ok(existsSync('images/icon.svg'));
    assert.ok(existsSync('scripts/render-icon.sh'));
  });

  it('keeps a CHANGELOG in Keep a Changelog form: Unreleased first, then 0.1.0 with a date', () => {
    const changelog = readFileSync('CHANGELOG.md', 'utf8');
    const versions = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d\d-\d\d))?$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(versions[0], ['Unreleased', undefined]);
    assert.deepEqual(versions.find(([v]) => v === manifest.version)?.[0], manifest.version);
    assert.ok(
      versions.every(([v, date]) => v === 'Unreleased' || date),
      'every released version has a date',
    );
  });

  it('packages the command line for npm: a files list with the built CLI and no sources, tests or source maps', () => {
    assert.equal(manifest.bin.privspec, './dist/cli.cjs');
    for (const f of ['dist/cli.cjs', 'dist/cli-main.js', 'dist/cli-*.js', 'dist/csv-worker.cjs'])
      assert.ok(manifest.files.includes(f), f);
    assert.ok(
      !manifest.files.some((f: string) =>
        /^(test|engine|cli|language|extension|webview|examples)\b|\.map$|^dist\/?(\*\*)?$/.test(f),
      ),
      manifest.files.join(', '),
    );
    assert.ok(
      manifest.dependencies['@duckdb/node-api'],
      'DuckDB is a dependency, installed from the registry, never bundled',
    );
    assert.doesNotMatch(manifest.scripts.package, /--allow-missing-repository/);
  });

  describe('the Get Started walkthrough', () => {
    const [walkthrough] = manifest.contributes.walkthroughs as { id: string; title: string; steps: Step[] }[];
    const steps = walkthrough.steps;
    const commands = new Set((manifest.contributes.commands as { command: string }[]).map((c) => c.command));

    it("is the one the extension reopens, with the issue's steps in order", () => {
      assert.equal(`${manifest.publisher}.${manifest.name}#${walkthrough.id}`, WALKTHROUGH);
      assert.deepEqual(
        steps.map((s) => s.id),
        ['openExample', 'seeViolations', 'quickFix', 'writeRelease', 'preview', 'run', 'ledger', 'riskReport'],
      );
      assert.equal(steps[1].id, STEP_AFTER_OPENING);
    });

    it('gives every step a title, a description, a button running a contributed command, and media that exist', () => {
      for (const step of steps) {
        assert.ok(step.title && step.description, step.id);
        const buttons = links(step.description);
        assert.ok(buttons.length > 0, `${step.id} has no button`);
        for (const { command } of buttons)
          assert.ok(commands.has(command), `${step.id}: ${command} is not contributed`);
        const media = step.media.image ?? step.media.markdown;
        assert.ok(media && existsSync(media), `${step.id}: media ${media} missing`);
        if (step.media.image)
          assert.ok(step.media.altText && step.media.altText.length > 20, `${step.id}: no alt text`);
      }
    });

    it('opens the example first, then files of it, and runs only the step commands on them', () => {
      assert.deepEqual(links(steps[0].description), [{ command: 'privspec.openExampleWorkspace', args: [] }]);
      for (const step of steps.slice(1)) {
        for (const { command, args } of links(step.description)) {
          assert.equal(command, 'privspec.openExampleFile', step.id);
          const [path, then] = args as [string, string | undefined];
          assert.ok(existsSync(`examples/${path}`), `${step.id}: examples/${path} does not exist`);
          if (then) assert.ok(commands.has(then), `${step.id}: ${then}`);
        }
      }
      // The images are the README tour's, one per step after the first (which shows the workspace's contents).
      assert.deepEqual(
        steps.slice(1).map((s) => s.media.image),
        [
          'tour-1-csv',
          'tour-2-quick-fix',
          'tour-3-hover',
          'tour-4a-preview',
          'tour-4-run',
          'tour-5-ledger',
          'tour-6-risk-report',
        ].map((n) => `docs/images/${n}.png`),
      );
    });

    it("hides the walkthrough's file command from the palette and shows Open Example Workspace", () => {
      const hidden = (manifest.contributes.menus.commandPalette as { command: string; when: string }[])
        .filter((m) => m.when === 'false')
        .map((m) => m.command);
      assert.ok(hidden.includes('privspec.openExampleFile'));
      assert.ok(!hidden.includes('privspec.openExampleWorkspace'));
      assert.equal(
        (manifest.contributes.commands as { command: string; title: string }[]).find(
          (c) => c.command === 'privspec.openExampleWorkspace',
        )?.title,
        'PrivSpec: Open Example Workspace',
      );
    });
  });

  describe('the .vsix (vsce ls on the staged extension)', () => {
    let files: string[];
    before(async function () {
      // The bundles come from the build (npm test builds first); without them there is nothing to stage.
      if (!existsSync('dist/extension.cjs')) this.skip();
      files = await vsixFiles();
    });

    it('holds every walkthrough media file and the icon', () => {
      for (const media of manifestMedia(manifest)) assert.ok(files.includes(media), media);
    });

    it('holds what the extension runs: client, server, workers, panel page, grammar, diagnostics pages, the examples', () => {
      for (const f of [
        'package.json',
        'README.md',
        'CHANGELOG.md',
        'LICENSE',
        'language-configuration.json',
        'syntaxes/privspec.tmLanguage.json',
        'dist/extension.cjs',
        'dist/language-server.cjs',
        'dist/csv-worker.cjs',
        'dist/csv-diagnostics-worker.cjs',
        'dist/webview.js',
        'docs/diagnostics/k-anonymity-violated.md',
        'examples/visits.privspec',
        'examples/data/patients.csv',
      ])
        assert.ok(files.includes(f), f);
      assert.equal(EXTENSION_FILES.filter((e) => !files.some((f) => f === e || f.startsWith(`${e}/`))).length, 0);
    });

    it('holds nothing of the command line, no source map, no source, no test', () => {
      const stray = files.filter((f) =>
        /^dist\/cli|\.map$|^(test|engine|cli|language|extension|webview|scripts|bench)\//.test(f),
      );
      assert.deepEqual(stray, []);
    });
  });
});
