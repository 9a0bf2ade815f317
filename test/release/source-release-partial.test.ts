import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runReleasesAtSource } from '../../engine/host/run/source-release.js';
import { loadSpec, nodeServices } from '../../language/check-spec.js';
import { releaseInput } from '../../language/release-input.js';
import { csvToParquet } from '../helpers/parquet.js';

// Issue 26 (review): a run on data read at its source runs its DP releases on the source's answers first, then its
// microdata releases on the rows. When the second part is refused as a whole, the first part's files are written and
// its spend recorded: the report must list them beside the refusal, not replace them with an error.
describe('a run at its source whose microdata part is refused reports the DP releases it wrote', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-partial-'));
    // Row 4's unit is blank: the rows part refuses the data (blank-units-check.ts). The CLI and ▶ Run ask the source
    // first; called alone, the runner meets the refusal only in its second part.
    writeFileSync(join(dir, 'd.csv'), 'pid,age,sex\np1,20,M\np2,30,F\np3,40,M\n,50,F\np4,20,F\np5,30,M\n');
    await csvToParquet(join(dir, 'd.csv'), join(dir, 'd.parquet'));
    writeFileSync(join(dir, 'd.privspec'), `dataset d from "d.parquet" {
  quasi age, sex
  unit pid
}
hierarchy age { "20", "30" -> "20-39"  "40", "50" -> "40-59"  "20-39", "40-59" -> "*" }
hierarchy sex { "M", "F" -> "*" }
anonymity { k 2 }
budget { epsilon 5 }
release by_sex: count by sex bound unit groups 1 rows 1 laplace epsilon 1
release g: generalize  accept linked-releases "test fixture: both files of one table"
`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('by_sex written with its ledger entry, g refused with the reason, in spec order', async () => {
    const services = nodeServices();
    // Without the data checks, which would refuse the blank unit before any run (as the CLI does).
    const input = await releaseInput(services, await loadSpec(join(dir, 'd.privspec'), services), undefined, undefined, { scanData: false });
    const result = await runReleasesAtSource(input, { out: join(dir, 'out'), dryRun: false, seed: 1 });
    assert.deepEqual(result.releases.map((r) => `${r.name}:${r.status}`), ['by_sex:written', 'g:refused']);
    assert.ok(existsSync(join(dir, 'out', 'by_sex.csv')));
    assert.match(result.releases[1].message, /^not run: .*blank/);
    assert.equal(result.releases[1].files.length, 0);
    assert.ok(result.releases[0].ledgerEntry);
  });
});
