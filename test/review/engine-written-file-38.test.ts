import { strict as assert } from 'node:assert';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { csvToParquet } from '../helpers/parquet.js';
import { lowHighPlan } from '../helpers/low-high-plan.js';
import { runIn } from '../helpers/run-cli.js';
import { useTestRegistryFor } from '../helpers/ledger-registry.js';
import { generated } from '../helpers/generated-release-data.js';
import { DuckDbSource } from '../../engine/host/sources/duckdb/duckdb-source.js';
import { writeEngineFile, type EngineWriter } from '../../engine/host/run/engine-written-file.js';
import type { GeneralizedRows } from '../../engine/source/generalized-rows.js';
import { seededRandom } from '../../engine/core/random.js';
import { boundingSeed } from '../../engine/source/keyed-order.js';

// Review of issue 38 item 1: the engine-written file goes through a hidden temporary name claimed with O_EXCL, so that
// a file or link planted under the name is refused. DuckDB's COPY, finding a file at its target, writes into
// 'tmp_' + the target's name (its USE_TMP_FILE default: open with O_CREAT | O_TRUNC, which follows a symbolic link)
// and renames that over the target (strace of DuckDB 1.5: openat(".../tmp_target.csv", O_WRONLY|O_CREAT|O_TRUNC),
// rename(".../tmp_target.csv", ".../target.csv")). A link planted under that second name, which anyone who may write
// in the output folder can derive from the hidden name once it is listed, sends the release's rows onto its target.
describe('review 38 — the engine-written file and names planted beside its temporary name', function () {
  this.timeout(120000);
  let dir: string;
  let source: DuckDbSource | undefined;
  afterEach(async () => {
    await source?.close();
    source = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** lowHighPlan's 1,000 rows in a fresh folder, and the source over its Parquet copy. */
  async function fixture(): Promise<GeneralizedRows> {
    dir = mkdtempSync(join(tmpdir(), 'privspec-review-38-'));
    const plan = await lowHighPlan(dir);
    source = await DuckDbSource.open(join(dir, 'd.parquet'));
    return plan;
  }

  it('a link planted at DuckDB’s own temporary name does not send the release onto the linked file', async () => {
    const plan = await fixture();
    // The user's own file, which no output may replace (here the input's CSV copy, listed as an input).
    const victim = join(dir, 'd.csv');
    const before = readFileSync(victim, 'utf8');
    // Plants the link the moment the hidden name exists, as a process watching the folder would.
    const planting: EngineWriter = {
      name: source!.name,
      writeGeneralized: (p, key, path, format) => {
        symlinkSync(victim, join(dirname(path), `tmp_${basename(path)}`));
        return source!.writeGeneralized(p, key, path, format);
      },
    };
    const out = join(dir, 'out.csv');
    await writeEngineFile(out, planting, plan, {
      inputs: [join(dir, 'd.parquet'), victim],
      key: boundingSeed(seededRandom(1)),
      format: { format: 'csv', delimiter: ',' },
    }).catch(() => undefined);
    assert.ok(readFileSync(victim, 'utf8') === before, 'the linked file is unchanged');
  });

  it('no name of the temporary write is left in the output folder after a release', async () => {
    const plan = await fixture();
    const out = join(dir, 'out.parquet');
    await writeEngineFile(out, source!, plan, {
      inputs: [join(dir, 'd.parquet')],
      key: boundingSeed(seededRandom(1)),
      format: { format: 'parquet' },
    });
    assert.deepEqual(readdirSync(dir).sort(), ['d.csv', 'd.parquet', 'out.parquet']);
  });

  // privspec anonymize --out x.parquet --format parquet into a folder whose real path holds '[' was refused after the
  // search, with the spend recorded, saying 'only DuckDB writes Parquet; write a CSV instead' of a Parquet file DuckDB
  // reads: the engine's writer was skipped for such folders (a rule kept from the check that read the file back, which
  // DuckDB would have read as a glob pattern). COPY's target is a bound value, which DuckDB never expands.
  it('--format parquet into a folder whose name holds glob characters writes the file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-review-38-glob-'));
    useTestRegistryFor(dir);
    generated(dir);
    writeFileSync(join(dir, 'sex.csv'), 'M;*\nF;*\n');
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'), { delimiter: ',' });
    const folder = 'o[1]*?';
    mkdirSync(join(dir, folder));
    const args = ['--qi', 'age,sex', '--hierarchy', 'age=age.csv', '--hierarchy', 'sex=sex.csv', '--k', '40'];
    const out = `${folder}/x.parquet`;
    const r = await runIn(dir, ['anonymize', 'd.parquet', ...args, '--out', out, '--format', 'parquet']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(readdirSync(join(dir, folder)), ['x.parquet']);
    // DuckDB reads no file in such a folder (glob-free-path.ts): the file is read from a copy.
    copyFileSync(join(dir, out), join(dir, 'x.parquet'));
    const written = await DuckDbSource.open(join(dir, 'x.parquet'));
    try {
      assert.deepEqual(await written.columns(), ['age', 'sex']);
    } finally {
      await written.close();
    }
  });
});
