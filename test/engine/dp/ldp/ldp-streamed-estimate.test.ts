import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../../../engine/core/random.js';
import type { FrequencyEstimates } from '../../../../engine/dp/mechanisms/randomized-response-estimate.js';
import { readCsvCells } from '../../../../engine/host/sources/csv/read-csv-cells.js';
import { readCsvFile } from '../../../../engine/host/sources/csv/read-csv-file.js';
import {
  estimatesSumCheck,
  localProtocol,
  ReportError,
  type LocalProtocol,
  type LocalQuery,
} from '../../../../engine/release/kinds/local/local-protocol.js';

// Issue 40's last acceptance item: `privspec estimate` streams the reports (readCsvCells, raw cells in batches) into
// the protocol's estimator instead of reading the file whole into a table first. The estimates must be the
// whole-file path's to the bit, and a malformed report the one that path refuses, in its words.

const domain = ['flu', 'cold', 'asthma', 'measles', 'mumps', 'rubella', 'Zoë', 'say "hi"'];
const rr: LocalQuery = { kind: 'local', column: 'diag', protocol: 'randomized-response', epsilon: 1.5 };
const cms: LocalQuery = {
  kind: 'local',
  column: 'diag',
  protocol: 'count-mean-sketch',
  epsilon: 3,
  hashes: 64,
  // Not a multiple of 4: the last digit holds two signs and two zero bits.
  width: 130,
};

/** A CSV cell, quoted when it must be. */
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

describe('local DP estimates streamed from a file (issue 40)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-ldp-stream-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The whole-file path: the file read into a table, its rows as strings, then `estimate`. */
  async function wholeFile(protocol: LocalProtocol, path: string): Promise<FrequencyEstimates> {
    const table = await readCsvFile(path);
    const columns = protocol.header.map((name) => table.columns.find((c) => c.name === name)!);
    return protocol.estimate(
      Array.from({ length: table.rowCount }, (_, r) => columns.map((c) => c.dictionary[c.codes[r]])),
    );
  }

  /** The streamed path, as `privspec estimate` takes it (these files hold the header's columns in its order). */
  async function streamed(protocol: LocalProtocol, path: string): Promise<FrequencyEstimates> {
    const estimator = protocol.estimator();
    const { names } = await readCsvCells(path, {}, (batch) => estimator.addCells(batch));
    assert.deepEqual(names, protocol.header);
    return estimator.finish();
  }

  /** Bit for bit: every double the same (Object.is tells −0 from 0 and compares NaN with itself). */
  function assertIdentical(a: FrequencyEstimates, b: FrequencyEstimates) {
    assert.equal(a.n, b.n);
    assert.ok(Object.is(a.sumVariance, b.sumVariance), `${a.sumVariance} ${b.sumVariance}`);
    for (const key of ['estimates', 'standardErrors'] as const) {
      assert.equal(a[key].length, b[key].length);
      a[key].forEach((x, d) => assert.ok(Object.is(x, b[key][d]), `${key}[${d}]: ${x} vs ${b[key][d]}`));
    }
  }

  /** 5,000 seeded reports (over a batch of 4,096) written as a release writes them, with CRLF line ends. */
  function reportFile(protocol: LocalProtocol, seed: number, name: string): { path: string; rows: string[][] } {
    const rng = seededRandom(seed);
    const rows = Array.from({ length: 5000 }, () => protocol.randomize(domain[rng.nextUint32() % domain.length]));
    const path = join(dir, name);
    writeFileSync(path, [protocol.header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n'));
    return { path, rows };
  }

  it('randomized response: the same estimates and standard errors, to the bit, on 5,000 seeded reports', async () => {
    const protocol = localProtocol(rr, domain, { rng: seededRandom(1) });
    const { path } = reportFile(protocol, 2, 'rr.csv');
    const whole = await wholeFile(protocol, path);
    assert.equal(whole.n, 5000);
    assertIdentical(await streamed(protocol, path), whole);
  });

  it('count-mean sketch: the same estimates, standard errors and sum check, to the bit, on 5,000 seeded reports', async () => {
    const protocol = localProtocol(cms, domain, { rng: seededRandom(3), hashSeed: 4 });
    const { path, rows } = reportFile(protocol, 5, 'cms.csv');
    const whole = await wholeFile(protocol, path);
    assert.equal(whole.n, 5000);
    const stream = await streamed(protocol, path);
    assertIdentical(stream, whole);
    assert.deepEqual(estimatesSumCheck(stream), estimatesSumCheck(whole));
    // Reports written otherwise, read alike: upper-case digits, a hash index with leading zeros, quoted, or padded
    // with a space (which Number reads), as the whole-file path reads them.
    const varied = rows.map(([j, hex], i) =>
      i % 4 === 0
        ? [j, hex.toUpperCase()]
        : i % 4 === 1
          ? [`00${j}`, hex]
          : i % 4 === 2
            ? [` ${j}`, `"${hex}"`]
            : [j, hex],
    );
    const path2 = join(dir, 'cms-varied.csv');
    writeFileSync(path2, `hash,sketch\n${varied.map((r) => r.join(',')).join('\n')}\n`);
    const variedWhole = await wholeFile(protocol, path2);
    assertIdentical(variedWhole, whole);
    assertIdentical(await streamed(protocol, path2), whole);
  });

  it('refuses the report the whole-file path refuses, in its words, with its line', async () => {
    const sketch = localProtocol(cms, domain, { rng: seededRandom(6), hashSeed: 7 });
    const { rows } = reportFile(sketch, 8, 'unused.csv');
    const refusal = async (protocol: LocalProtocol, lines: string[][], name: string) => {
      const path = join(dir, name);
      writeFileSync(path, [protocol.header, ...lines].map((r) => r.join(',')).join('\n'));
      const whole = await wholeFile(protocol, path).then(
        () => assert.fail(`${name}: the whole-file path estimates`),
        (e: unknown) => e as ReportError,
      );
      const stream = await streamed(protocol, path).then(
        () => assert.fail(`${name}: the streamed path estimates`),
        (e: unknown) => e as ReportError,
      );
      assert.ok(whole instanceof ReportError && stream instanceof ReportError);
      assert.equal(stream.row, whole.row);
      assert.equal(stream.message, whole.message);
      // The header is line 1 and no record spans lines: row r is on line r + 2.
      assert.equal(stream.line, whole.row + 2);
      return stream;
    };
    const at = (i: number, row: string[]) => rows.map((r, k) => (k === i ? row : r));
    // A digit that is not hexadecimal, then (later in the file) a hash index out of range: the index is refused, as
    // the whole-file path checks every index and length before any digit.
    const bad = rows.map((r, k) =>
      k === 100 ? [r[0], `${r[1].slice(0, 7)}g${r[1].slice(8)}`] : k === 4500 ? ['64', r[1]] : r,
    );
    const index = await refusal(sketch, bad, 'index.csv');
    assert.equal(index.row, 4500);
    assert.equal(index.message, 'hash index 64 is not an integer in [0, 64)');
    const digit = await refusal(sketch, at(100, bad[100]), 'digit.csv');
    assert.equal(digit.message, "'g' is not a hexadecimal digit");
    // A non-ASCII digit is read as text: its length in UTF-16 units, as the whole-file path counts it.
    const wide = await refusal(sketch, at(3000, [rows[3000][0], `é${rows[3000][1].slice(2)}`]), 'wide.csv');
    assert.match(wide.message, /the sketch has 32 hexadecimal digits; a width of 130 needs 33/);
    const accented = await refusal(sketch, at(3001, [rows[3001][0], `${rows[3001][1].slice(1)}é`]), 'accent.csv');
    assert.equal(accented.message, "'é' is not a hexadecimal digit");
    assert.match((await refusal(sketch, at(7, ['', rows[7][1]]), 'blank.csv')).message, /hash index NaN/);

    const response = localProtocol(rr, domain, { rng: seededRandom(9) });
    const answers = Array.from({ length: 5000 }, (_, i) => [cell(domain[i % domain.length])]);
    const outside = await refusal(
      response,
      answers.map((r, i) => (i === 4200 ? ['Zoe'] : i === 4300 ? ['fever'] : r)),
      'outside.csv',
    );
    assert.equal(outside.row, 4200);
    assert.equal(outside.message, "'Zoe' is not a value of the declared domain of 'diag'");
  });
});
