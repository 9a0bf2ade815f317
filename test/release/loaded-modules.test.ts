import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// Issue 35 item 2: each release kind is loaded when a spec uses it (engine/release/kinds/registry.ts) and the command
// line checks a spec without the editor's features (language/privspec-core-module.ts), so one DP count release loads
// no risk, wavelet or view module, nor any other kind's folder. The count runs in a child process whose module-resolve
// hook (test/helpers/module-trace-hooks.mjs) records every file it loads; on main before the registry it loaded 310
// of the repository's files, 29 of them under engine/risk, 14 under engine/wavelet and 11 under engine/view.
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SPEC = `dataset visits from "patients.csv" {
  identifying name, ssn, visit_date
  quasi age, sex, zip
  sensitive diagnosis
  insensitive occupation, income, x, y
  unit patient_id
}
hierarchy sex { "M", "F" -> "*" }
budget { epsilon 3  accounting pure }
release visits_by_sex: count by sex  bound unit groups 1 rows 3  laplace epsilon 0.2
`;

/** The repository's own source files a `privspec release` of `spec` loads, relative to the repository. */
async function loadedBy(spec: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-loaded-'));
  try {
    copyFileSync(join(root, 'examples/data/patients.csv'), join(dir, 'patients.csv'));
    writeFileSync(join(dir, 'count.privspec'), spec);
    const trace = join(dir, 'trace.txt');
    writeFileSync(trace, '');
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        './test/helpers/module-trace-register.mjs',
        'cli/main.ts',
        'release',
        join(dir, 'count.privspec'),
        '--out',
        join(dir, 'out'),
        '--seed',
        '1',
        '--not-private',
      ],
      {
        cwd: root,
        env: { ...process.env, PRIVSPEC_MODULE_TRACE: trace },
      },
    );
    const files = new Set(
      readFileSync(trace, 'utf8')
        .split('\n')
        .filter((u) => u.startsWith('file:'))
        .map((u) => fileURLToPath(u)),
    );
    return [...files]
      .map((f) => relative(root, f))
      .filter((f) => !f.startsWith('..') && !f.includes('node_modules'))
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('what one DP count release loads (issue 35 item 2)', () => {
  let files: string[];
  before(async () => {
    files = await loadedBy(SPEC);
    console.log(
      `      one DP count release loads ${files.length} of the repository's files (310 before the kind registry)`,
    );
  });

  it('loads no risk, wavelet or view module', () => {
    assert.deepEqual(
      files.filter((f) => /^engine\/(risk|wavelet|view)\//.test(f)),
      [],
    );
  });

  it("loads the count kind and no other kind's folder, and none of the editor's features", () => {
    assert.ok(files.includes('engine/release/kinds/aggregate/aggregate-kinds.ts'), 'the count kind was loaded');
    assert.deepEqual(
      files.filter((f) => /^engine\/release\/kinds\/(mode|grid|view|generalize|pram)\//.test(f)),
      [],
    );
    assert.deepEqual(
      files.filter(
        (f) =>
          /^language\/lsp\/privspec-(hover|code-lens|completion|code-actions)\.ts$/.test(f) ||
          f === 'engine/release/kinds/all-release-kinds.ts',
      ),
      [],
    );
  });
});
