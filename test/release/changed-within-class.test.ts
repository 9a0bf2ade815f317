import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../engine/core/random.js';
import { KAnonymity } from '../../engine/criteria/k-anonymity.js';
import { DistinctLDiversity } from '../../engine/criteria/l-diversity.js';
import { parseArxHierarchy } from '../../engine/hierarchy/arx-hierarchy.js';
import { streamDecidedFile } from '../../engine/host/run/streamed-release-files.js';
import {
  adHocGeneralize,
  adHocStreamed,
  decideAdHoc,
} from '../../engine/release/kinds/generalize/ad-hoc-generalize.js';
import type { Decided } from '../../engine/release/decide-generalization.js';
import type { DataSource, RowBatch } from '../../engine/source/data-source.js';
import { MemorySource } from '../../engine/source/memory-source.js';
import { canonicalFrequencyTable } from '../../engine/table/canonical-frequency-table.js';
import { frequencyTableDifference } from '../../engine/table/frequency-table-difference.js';
import { frequencyTableOf } from '../../engine/table/frequency-table-of.js';
import { tableFromRows } from '../../engine/table/table.js';

// A source with neither a file identity nor a snapshot (a ClickHouse table) may change between the decision's read and
// the stream. The per-class count sees rows that move between classes; a sensitive value changed within its class keeps
// every class's rows and breaks only ℓ-diversity, which the decision checked on the values it read. Issue 38's review
// (the ClickHouse path compared only the rows per class): the decision's frequency table is asked again and compared.
const HEADER = ['age', 'sex', 'diagnosis'];
// By hand: at levels (0, 0) the class (20, F) holds asthma twice and fails distinct ℓ 2; at (0, 1) the classes are
// (20, *) with flu, cold, asthma, asthma and (30, *) with flu, cold, flu, flu, four rows each: k 2 and ℓ 2 hold (so
// they do at (1, 0), whose loss is larger: the search's optimum is (0, 1)).
const ROWS = [
  ['20', 'M', 'flu'],
  ['20', 'M', 'cold'],
  ['30', 'M', 'flu'],
  ['30', 'M', 'cold'],
  ['20', 'F', 'asthma'],
  ['20', 'F', 'asthma'],
  ['30', 'F', 'flu'],
  ['30', 'F', 'flu'],
];
// The same rows with every diagnosis of the class (30, *) turned to flu: the same rows per class, ℓ 1 there.
const CHANGED = ROWS.map((r) => (r[0] === '30' ? [r[0], r[1], 'flu'] : r));

const release = adHocGeneralize({
  file: 'clickhouse:db.t',
  quasi: ['age', 'sex'],
  hierarchies: [parseArxHierarchy('20;20-39;*\n30;20-39;*\n', 'age'), parseArxHierarchy('M;*\nF;*\n', 'sex')],
  sensitive: 'diagnosis',
  keep: [],
  criteria: [new KAnonymity(2), new DistinctLDiversity('diagnosis', 2)],
  suppression: 0,
  metric: 'loss',
});

/** A ClickHouse-like source: its first frequency table is the decision's rows, later reads and its rows `later`. */
function changingSource(later: string[][]): DataSource {
  const before = new MemorySource(tableFromRows(HEADER, ROWS));
  const after = new MemorySource(tableFromRows(HEADER, later));
  let reads = 0;
  return {
    name: 'clickhouse:db.t',
    columns: () => before.columns(),
    frequencyTable: (request) => (reads++ === 0 ? before : after).frequencyTable(request),
    aggregate: (request) => after.aggregate(request),
    rows: (columns, batchRows) => after.rows(columns, batchRows),
    shuffledRows: (columns: readonly string[]): AsyncIterable<RowBatch> => after.rows(columns),
    close: () => Promise.resolve(),
  };
}

async function decided(source: DataSource): Promise<Decided> {
  const decision = decideAdHoc(await source.frequencyTable({ columns: HEADER }), release);
  assert.ok(!decision.unavailable && 'levels' in decision, 'the model holds at some level');
  assert.deepEqual(decision.levels, [0, 1], 'sex generalized, age kept, as derived above');
  return decision;
}

describe('a source without a snapshot changed within a class between the decision and the stream', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'privspec-within-class-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a sensitive value changed within its class: refused, no file, though every class keeps its rows', async () => {
    const source = changingSource(CHANGED);
    const streamed = adHocStreamed(release, HEADER, await decided(source));
    await assert.rejects(
      streamDecidedFile(join(dir, 'g.csv'), source, streamed, { inputs: [], rng: seededRandom(1) }),
      // By hand: the changed rows are 5 distinct records ((30, M, flu) twice), the decision's 6.
      /clickhouse:db\.t changed while the release read it \(8 rows in 5 distinct records over age, sex, diagnosis, the decision's 8 in 6\); nothing was written/,
    );
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a source that reads one snapshot (PostgreSQL pinned) is not asked again: one frequency table in all', async () => {
    const real = changingSource(ROWS);
    let reads = 0;
    const pinned: DataSource & { readonly inSnapshot: boolean } = {
      ...real,
      inSnapshot: true,
      frequencyTable: (request) => (reads++, real.frequencyTable(request)),
    };
    const streamed = adHocStreamed(release, HEADER, await decided(pinned));
    await streamDecidedFile(join(dir, 'g.csv'), pinned, streamed, { inputs: [], rng: seededRandom(1) });
    assert.equal(reads, 1, "the decision's read only");
    assert.deepEqual(readdirSync(dir), ['g.csv']);
  });

  it('the data unchanged: the file is written', async () => {
    const source = changingSource(ROWS);
    const streamed = adHocStreamed(release, HEADER, await decided(source));
    const written = await streamDecidedFile(join(dir, 'g.csv'), source, streamed, { inputs: [], rng: seededRandom(1) });
    assert.equal(written.rows, 8);
    assert.deepEqual(readdirSync(dir), ['g.csv']);
  });
});

describe('frequencyTableDifference', () => {
  const table = (rows: string[][]) => canonicalFrequencyTable(frequencyTableOf(tableFromRows(HEADER, rows), HEADER));
  it('the same rows in another order: no difference', () => {
    assert.equal(frequencyTableDifference(table(ROWS), table([...ROWS].reverse())), undefined);
  });
  it('a row added; a value renamed; a row moved to another record; a count moved between records', () => {
    const with_ = (at: number, row: string[]) => ROWS.map((r, i) => (i === at ? row : r));
    // By hand: 6 distinct records in ROWS; the added row repeats (20, M, flu).
    assert.equal(
      frequencyTableDifference(table(ROWS), table([...ROWS, ['20', 'M', 'flu']])),
      "9 rows in 6 distinct records over age, sex, diagnosis, the decision's 8 in 6",
    );
    // cold → covid in one row: the same records' count, another dictionary.
    assert.equal(
      frequencyTableDifference(table(ROWS), table(with_(1, ['20', 'M', 'covid']))),
      "the values of diagnosis are not the decision's",
    );
    // (30, M, cold) → (20, F, cold): still 6 records over the same values, one of them another.
    assert.equal(
      frequencyTableDifference(table(ROWS), table(with_(3, ['20', 'F', 'cold']))),
      "its records over age, sex, diagnosis are not the decision's",
    );
    // One (20, F, asthma) → (30, F, flu): the same 6 records, counts 1 and 3 instead of 2 and 2.
    assert.equal(
      frequencyTableDifference(table(ROWS), table(with_(4, ['30', 'F', 'flu']))),
      "its records' row counts over age, sex, diagnosis are not the decision's",
    );
  });
});
