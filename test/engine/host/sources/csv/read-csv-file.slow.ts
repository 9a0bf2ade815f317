import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCsvFile } from '../../../../../engine/host/sources/csv/read-csv-file.js';
import { assertSameTable, xorshift } from '../../../table/csv-helpers.js';

// `npm run test:slow`: the worker path and the one-thread path agree on files of some tens of megabytes, with quoting,
// multi-line fields, unicode and high-cardinality numbers, for several thread counts.
describe('readCsvFile on large random files (slow)', function () {
  this.timeout(600000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-csv-slow-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [rows, multiLine] of [
    [600_000, 0],
    [300_000, 0.05],
  ] as const) {
    it(`${rows.toLocaleString('en')} rows, ${multiLine * 100}% multi-line notes`, async () => {
      const rnd = xorshift(rows);
      const words = ['Ann', 'Bob', 'Zoë', '東京', 'a,b', 'say ""hi""', '', 'x;y', '😀', 'naïve'];
      const parts: string[] = ['id,age,zip,income,note\r\n'];
      for (let r = 0; r < rows; r++) {
        const note =
          rnd() < multiLine
            ? `"${words[r % words.length]}\n${words[(r * 7) % words.length]}"`
            : `"${words[(r * 3) % words.length]}"`;
        parts.push(
          `${r},${Math.floor(rnd() * 100)},0${Math.floor(rnd() * 9000) + 1000},${Math.floor(rnd() * 2_000_000)},${note}\r\n`,
        );
      }
      const path = join(dir, `${rows}.csv`);
      writeFileSync(path, parts.join(''));
      const one = await readCsvFile(path, { workers: 1 });
      for (const workers of [2, 4, 7]) assertSameTable(await readCsvFile(path, { workers }), one);
    });
  }
});
