import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

// Issue 41: `npm pack` gives the command line alone (it gave the whole repository: 8.0 MB packed, 1,120 files). The
// package is what `npm install -g privspec-<version>.tgz` installs; .ci/run installs it into a fresh prefix and runs
// it.
describe('the npm package (npm pack --dry-run)', () => {
  let files: string[];
  let size: number;
  before(function () {
    // The package is the build's output (npm test builds first); without dist/ there is nothing to pack.
    if (!existsSync('dist/cli.cjs')) this.skip();
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { files: { path: string }[]; size: number }[];
    files = pack.files.map((f) => f.path);
    size = pack.size;
  });

  it('holds the command, every chunk of it and the CSV worker it starts', () => {
    const chunks = readdirSync('dist')
      .filter((f) => /^cli-[A-Z0-9]{8}\.js$/.test(f))
      .map((f) => `dist/${f}`);
    assert.ok(chunks.length > 5, 'the command line is split into chunks');
    const dist = files.filter((f) => f.startsWith('dist/')).sort();
    assert.deepEqual(dist, ['dist/cli-main.js', 'dist/cli.cjs', 'dist/csv-worker.cjs', ...chunks].sort());
  });

  it('holds the README, licence, changelog and documentation, and no source, test, example or source map', () => {
    for (const f of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'docs/risk.md',
      'docs/diagnostics/k-anonymity-violated.md',
    ])
      assert.ok(files.includes(f), f);
    assert.deepEqual(
      files.filter((f) =>
        /\.map$|\.ts$|\.png$|^(test|engine|cli|language|extension|webview|examples|scripts|bench|images|media)\//.test(
          f,
        ),
      ),
      [],
    );
  });

  it('is at most 2.5 MB packed (it was 8.0 MB)', () => {
    assert.ok(size <= 2.5e6, `${size} bytes packed`);
  });
});
