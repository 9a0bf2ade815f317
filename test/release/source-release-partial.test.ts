import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runReleasesAtSource } from '../../engine/host/run/source-release.js';
import { RunRefused } from '../../engine/host/run/release-runner.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { ledgerOf } from '../helpers/ledger.js';
import { csvToParquet } from '../helpers/parquet.js';

// Issue 26 (review) asked that a run at its source whose microdata part was refused as a whole still list the DP
// releases it had written. Issue 35 item 4 makes it one run: the data's refusals (a blank unit) come before anything is
// spent, for every release, and a microdata release refused on its own is reported beside the DP releases written.
describe('a run at its source is one run over its DP and microdata releases', function () {
  this.timeout(60_000);
  let dir: string;
  const spec = (data: string, generalize: string) => `dataset d from "${data}" {
  quasi age, sex
  unit pid
}
hierarchy age { "20", "30" -> "20-39"  "40", "50" -> "40-59"  "20-39", "40-59" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 2 ${generalize}}
budget { epsilon 5 }
release by_sex: count by sex bound unit groups 1 rows 1 laplace epsilon 1
release g: generalize  accept linked-releases "test fixture: both files of one table"
`;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-partial-'));
    // blank.parquet's row 4 has a blank unit; whole.parquet has none.
    writeFileSync(join(dir, 'blank.csv'), 'pid,age,sex\np1,20,M\np2,30,F\np3,40,M\n,50,F\np4,20,F\np5,30,M\n');
    writeFileSync(join(dir, 'whole.csv'), 'pid,age,sex\np1,20,M\np2,30,F\np3,40,M\np6,50,F\np4,20,F\np5,30,M\n');
    await csvToParquet(join(dir, 'blank.csv'), join(dir, 'blank.parquet'));
    await csvToParquet(join(dir, 'whole.csv'), join(dir, 'whole.parquet'));
    writeFileSync(join(dir, 'blank.privspec'), spec('blank.parquet', ''));
    // By hand: with both levels pinned at 0 every class (age, sex) of whole.parquet holds one row, below k 2.
    writeFileSync(join(dir, 'pinned.privspec'), spec('whole.parquet', 'generalize age 0  generalize sex 0 '));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // Without the data checks, which would refuse the blank unit before any run (as the CLI does).
  const inputOf = async (name: string) => {
    const services = nodeServices();
    return releaseInput(services, await loadSpec(join(dir, name), services), undefined, undefined, { scanData: false });
  };

  it('a blank unit refuses the whole run before anything is spent or written, the DP release included', async () => {
    await assert.rejects(
      runReleasesAtSource(await inputOf('blank.privspec'), { out: join(dir, 'out-blank'), dryRun: false, seed: 1 }),
      (e: Error) => e instanceof RunRefused && /1 row has a blank unit 'pid'/.test(e.message),
    );
    assert.equal(existsSync(join(dir, 'out-blank', 'by_sex.csv')), false);
    assert.equal(ledgerOf(join(dir, 'blank.parquet'))?.entries.length ?? 0, 0);
  });

  it('by_sex written with its ledger entry and g refused at its pins, in spec order, in one report', async () => {
    const result = await runReleasesAtSource(await inputOf('pinned.privspec'), {
      out: join(dir, 'out'),
      dryRun: false,
      seed: 1,
    });
    assert.deepEqual(
      result.releases.map((r) => `${r.name}:${r.status}`),
      ['by_sex:written', 'g:unavailable'],
    );
    assert.ok(existsSync(join(dir, 'out', 'by_sex.csv')));
    assert.ok(result.releases[0].ledgerEntry);
    assert.match(result.releases[1].message, /pinned levels leave 6 rows/);
    assert.equal(result.releases[1].files.length, 0);
  });
});
