import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cryptoRandom, seededRandom } from '../../../../engine/core/random.js';
import { KAnonymity } from '../../../../engine/criteria/k-anonymity.js';
import { DuckDbSource } from '../../../../engine/host/sources/duckdb/duckdb-source.js';
import { formatCsv } from '../../../../engine/host/files/write-csv.js';
import { writeMicrodataStream } from '../../../../engine/host/files/write-microdata-stream.js';
import { makeTransitionMatrix } from '../../../../engine/pram/transition-matrix.js';
import {
  decideGeneralization,
  generalizationColumns,
  requireDecided,
} from '../../../../engine/release/decide-generalization.js';
import { computeGeneralize } from '../../../../engine/release/kinds/generalize/generalize-release.js';
import { decisionRowTransform, pramRowTransform } from '../../../../engine/release/microdata-row-transform.js';
import type { AnonymityDescription, DatasetDescription } from '../../../../engine/release/release-description.js';
import type { RowBatch } from '../../../../engine/source/data-source.js';
import { boundingSeed } from '../../../../engine/source/keyed-order.js';
import { frequencyTableOf } from '../../../../engine/table/frequency-table-of.js';
import type { Table } from '../../../../engine/table/table.js';
import { adultDir, adultHierarchy, loadAdultOrSkip } from '../../../helpers/adult.js';

/** Spearman's ρ of two rankings without ties: 1 − 6 Σd² / (n(n² − 1)) (Spearman 1904). */
function spearman(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (a[i] - b[i]) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('engine/host/write-microdata-stream: microdata from a source never held whole, shuffled by the source', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-stream-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('Spearman ρ of the helper is 1 for the same ranking and −1 for the reversed one (its definition)', () => {
    assert.equal(spearman([1, 2, 3, 4], [1, 2, 3, 4]), 1);
    assert.equal(spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1);
  });

  describe('on Adult as Parquet through DuckDB', () => {
    let table: Table;
    let parquet: string;
    const dataset: DatasetDescription = {
      name: 'adult',
      file: 'adult.parquet',
      identifying: [],
      quasi: ['age', 'sex', 'race'],
      sensitive: ['salary-class'],
      insensitive: [],
    };
    const anonymity: AnonymityDescription = {
      criteria: [new KAnonymity(5)],
      suppression: 0.02,
      metric: 'entropy',
      pins: new Map(),
    };
    before(async function () {
      table = loadAdultOrSkip(this);
      parquet = join(dir, 'adult.parquet');
      const duck = await DuckDbSource.open(join(adultDir()!, 'adult.csv'), { delimiter: ';' });
      await duck.query(`COPY (SELECT * FROM ${duck.relation}) TO '${parquet}' (FORMAT parquet)`);
      await duck.close();
    });

    it("(a) the streamed generalization holds exactly the in-memory release's lines (as a multiset), with the same decision", async () => {
      const hierarchies = new Map(dataset.quasi.map((q) => [q, adultHierarchy(q)]));
      const memory = computeGeneralize(table, dataset, hierarchies, anonymity);
      const spec = { quasi: dataset.quasi, hierarchies, anonymity };
      const decision = requireDecided(decideGeneralization(frequencyTableOf(table, generalizationColumns(spec)), spec));
      const transform = decisionRowTransform(decision, memory.header);
      const duck = await DuckDbSource.open(parquet);
      const out = join(dir, 'generalized.csv');
      try {
        // Small batches: the file is assembled from many appends.
        const { rows } = await writeMicrodataStream(
          out,
          memory.header,
          duck.shuffledRows(memory.header, boundingSeed(cryptoRandom()), 1000),
          transform,
          { inputs: [parquet] },
        );
        assert.equal(rows, memory.rows.length);
      } finally {
        await duck.close();
      }
      const streamed = lines(readFileSync(out, 'utf8'));
      const expected = lines(formatCsv(memory.header, memory.rows));
      assert.equal(streamed[0], expected[0]);
      assert.deepEqual(streamed.slice(1).sort(), expected.slice(1).sort());
      // Some rows were suppressed and some generalized: the comparison is not vacuous.
      assert.ok(
        memory.rows.length < table.rowCount ||
          Object.values(memory.parameters.levels as Record<string, number>).some((l) => l > 0),
      );
    });

    it('(b) PRAM row by row: the columns and row count are right and the retention is 0.8 within 5 standard errors', async () => {
      // 'sex' twice: the first copy is randomized, the second kept, so each line pairs a released value with its
      // original.
      const matrix = makeTransitionMatrix(
        ['Female', 'Male'],
        [
          [0.8, 0.2],
          [0.2, 0.8],
        ],
        'retain 0.8',
      );
      const duck = await DuckDbSource.open(parquet);
      const out = join(dir, 'pram.csv');
      try {
        await writeMicrodataStream(
          out,
          ['sex', 'original'],
          duck.shuffledRows(['sex', 'sex'], boundingSeed(cryptoRandom()), 4096),
          pramRowTransform([0], [matrix], cryptoRandom()),
          { inputs: [parquet] },
        );
      } finally {
        await duck.close();
      }
      const [header, ...rows] = lines(readFileSync(out, 'utf8'));
      assert.equal(header, 'sex,original');
      assert.equal(rows.length, table.rowCount);
      const kept = rows.filter((l) => {
        const [a, b] = l.split(',');
        assert.ok(a === 'Male' || a === 'Female');
        return a === b;
      }).length;
      // Binomial(n, 0.8): standard error √(0.8·0.2/n) ≈ 0.0023 on Adult's 30,162 rows.
      const se = Math.sqrt((0.8 * 0.2) / rows.length);
      assert.ok(Math.abs(kept / rows.length - 0.8) < 5 * se, `retained ${kept / rows.length}`);
    });
  });

  describe('on a 500-row Parquet file in row order', () => {
    let file: string;
    before(async () => {
      file = join(dir, 'ordered.parquet');
      writeFileSync(
        join(dir, 'ordered.csv'),
        `i,g\n${Array.from({ length: 500 }, (_, i) => `${i},${i % 7}`).join('\n')}\n`,
      );
      const maker = await DuckDbSource.open(join(dir, 'ordered.csv'));
      await maker.query(`COPY (SELECT * FROM ${maker.relation}) TO '${file}' (FORMAT parquet)`);
      await maker.close();
    });

    async function order(key: string): Promise<number[]> {
      const duck = await DuckDbSource.open(file);
      const out: number[] = [];
      try {
        for await (const batch of duck.shuffledRows(['i'], key, 64))
          for (const row of batch.rows) out.push(Number(row[0]));
      } finally {
        await duck.close();
      }
      return out;
    }

    it('(c) the rows come out in a permutation uncorrelated with the source order (|ρ| < 0.2, 4.5 standard errors), different for another key', async () => {
      const a = await order(boundingSeed(seededRandom('stream-a')));
      assert.deepEqual(
        [...a].sort((x, y) => x - y),
        Array.from({ length: 500 }, (_, i) => i),
      );
      // Position p holds source row a[p]: under a uniform permutation ρ has standard error 1/√(n − 1) ≈ 0.045.
      const rho = spearman(
        a.map((_, p) => p),
        a,
      );
      assert.ok(Math.abs(rho) < 0.2, `ρ = ${rho}`);
      const b = await order(boundingSeed(seededRandom('stream-b')));
      assert.notDeepEqual(a, b);
      // The same key gives the same order: the order is the keyed hash's, computed by the source.
      assert.deepEqual(await order(boundingSeed(seededRandom('stream-a'))), a);
    });

    it('(d) a failure midway leaves no destination file and no temporary file', async () => {
      const out = join(dir, 'failed', 'out.csv');
      rmSync(join(dir, 'failed'), { recursive: true, force: true });
      mkdirSync(join(dir, 'failed'));
      // This stub of a source's async row stream has nothing to await.
      // eslint-disable-next-line @typescript-eslint/require-await -- the reason is above
      async function* failing(): AsyncIterable<RowBatch> {
        yield { columns: ['i'], rows: [['1'], ['2']] };
        throw new Error('the connection dropped');
      }
      await assert.rejects(
        writeMicrodataStream(out, ['i'], failing(), (r) => r, { inputs: [file] }),
        /the connection dropped/,
      );
      assert.deepEqual(readdirSync(join(dir, 'failed')), []);
      // A transform that fails on the second batch (a value outside the matrix) is the same.
      const duck = await DuckDbSource.open(file);
      try {
        let seen = 0;
        await assert.rejects(
          writeMicrodataStream(
            out,
            ['i'],
            duck.shuffledRows(['i'], boundingSeed(cryptoRandom()), 100),
            (r) => {
              if (++seen > 150) throw new Error('not in the domain');
              return r;
            },
            { inputs: [file] },
          ),
          /not in the domain/,
        );
      } finally {
        await duck.close();
      }
      assert.deepEqual(readdirSync(join(dir, 'failed')), []);
    });

    it('never writes over an input, and never over an existing file without force', async () => {
      const duck = await DuckDbSource.open(file);
      const before = readFileSync(file);
      try {
        await assert.rejects(
          writeMicrodataStream(file, ['i'], duck.shuffledRows(['i'], boundingSeed(cryptoRandom())), (r) => r, {
            inputs: [file],
          }),
          /input|same file|replace/i,
        );
        assert.deepEqual(readFileSync(file), before);
        const taken = join(dir, 'taken.csv');
        writeFileSync(taken, 'published\n');
        await assert.rejects(
          writeMicrodataStream(taken, ['i'], duck.shuffledRows(['i'], boundingSeed(cryptoRandom())), (r) => r, {
            inputs: [file],
          }),
          /exists/,
        );
        assert.equal(readFileSync(taken, 'utf8'), 'published\n');
        await writeMicrodataStream(taken, ['i'], duck.shuffledRows(['i'], boundingSeed(cryptoRandom())), (r) => r, {
          inputs: [file],
          force: true,
        });
        assert.equal(lines(readFileSync(taken, 'utf8')).length, 501);
      } finally {
        await duck.close();
      }
      assert.ok(existsSync(file));
    });
  });
});
