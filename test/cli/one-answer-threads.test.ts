import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOnThreads } from '../helpers/run-on-threads.js';
import { ADULT_MISSING, adultDir, skipOrFail } from '../helpers/adult.js';

// Issue 38 item 2: DuckDB on every core, one answer. The reports of `privspec anonymize` and `privspec risk` must be
// the same bytes whichever engine reads the file (in memory, DuckDB on 1, 2 or 4 threads) and whatever the order of
// its rows: DuckDB on several threads hands back groups in a varying order, and a file's rows may come in any order,
// while the search sums doubles over records and classes. Before the frequency table had one canonical order, the L1
// loss on Adult read 46404.70875677355 from adult.csv, 46404.708756773565 from the same rows shuffled and
// 46404.708756773405 through DuckDB (the last bits of a floating sum taken in three orders).
describe('one answer on every engine, thread count and row order (issue 38)', function () {
  this.timeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), 'privspec-one-answer-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const runOn = runOnThreads(dir);
  const run = async (args: string[], threads?: number) => {
    const { code, out, err } = await runOn(args, threads);
    assert.equal(err, '', `${args.join(' ')}: ${err}`);
    assert.ok(code === 0 || code === 1, `${args.join(' ')} exited ${code}`);
    return out;
  };

  /** A permutation of the lines after the header, from a fixed linear congruential sequence: any order will do. */
  const shuffledCopy = (from: string, to: string) => {
    const [header, ...rows] = readFileSync(from, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    let x = 12345;
    for (let i = rows.length - 1; i > 0; i--) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const j = x % (i + 1);
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    writeFileSync(to, [header, ...rows].join('\n') + '\n');
  };

  /**
   * Runs `args` (the input file first) on the file and its shuffled copy, in memory and through DuckDB on 1, 2 and 4
   * threads, and checks that every output is the first one's bytes.
   */
  const sameEverywhere = async (file: string, shuffled: string, args: string[]) => {
    const reference = await run([args[0], file, ...args.slice(1), '--engine', 'memory']);
    assert.ok(reference.startsWith('{'), reference);
    const variants: [string, string, number | undefined][] = [
      ['memory', shuffled, undefined],
      ['duckdb', file, 1],
      ['duckdb', file, 2],
      ['duckdb', file, 4],
      ['duckdb', shuffled, 4],
    ];
    for (const [engine, input, threads] of variants)
      assert.equal(
        await run([args[0], input, ...args.slice(1), '--engine', engine], threads),
        reference,
        `${engine}${threads ? ` on ${threads} threads` : ''}, ${input === file ? 'file order' : 'rows shuffled'}`,
      );
  };

  describe('on Adult', () => {
    let adult: string;
    let shuffled: string;
    const hierarchies = (columns: string[]) =>
      columns.flatMap((c) => ['--hierarchy', `${c}=${join(adult, `adult_hierarchy_${c}.csv`)}`]);
    before(function () {
      const d = adultDir();
      if (!d) skipOrFail(this, ADULT_MISSING);
      adult = d;
      shuffled = join(dir, 'adult-shuffled.csv');
      shuffledCopy(join(d, 'adult.csv'), shuffled);
    });
    const qi = ['age', 'sex', 'race', 'education', 'marital-status', 'native-country'];
    for (const metric of ['l1', 'entropy-nm'])
      it(`anonymize --metric ${metric} with entropy ℓ-diversity: the same report`, async () => {
        await sameEverywhere(join(adult, 'adult.csv'), shuffled, [
          'anonymize',
          '--qi',
          qi.join(','),
          ...hierarchies(qi),
          '--k',
          '5',
          '--suppression',
          '0.02',
          '--metric',
          metric,
          '--l',
          '2',
          '--sensitive',
          'occupation',
          '--l-variant',
          'entropy',
          '--json',
        ]);
      });

    it('anonymize with t-closeness (equal distance): the same report', async () => {
      await sameEverywhere(join(adult, 'adult.csv'), shuffled, [
        'anonymize',
        '--qi',
        'age,sex,race',
        ...hierarchies(['age', 'sex', 'race']),
        '--k',
        '5',
        '--t',
        '0.2',
        '--sensitive',
        'occupation',
        '--suppression',
        '0.05',
        '--metric',
        'l1',
        '--json',
      ]);
    });

    it('risk with k, a sensitive column and a sampling fraction: the same report', async () => {
      await sameEverywhere(join(adult, 'adult.csv'), shuffled, [
        'risk',
        '--qi',
        qi.join(','),
        '--k',
        '5',
        '--sensitive',
        'occupation',
        '--sampling-fraction',
        '0.1',
        '--json',
      ]);
    });
  });

  describe('on a generated table', () => {
    // 4,000 rows over a code of 3 digits (a ZIP-like prefix hierarchy), a band of 8 values, a flag and a sensitive
    // column of 6 values, from a fixed sequence so that the table is the same on every run.
    const file = join(dir, 'generated.csv');
    const shuffled = join(dir, 'generated-shuffled.csv');
    before(() => {
      let x = 7;
      const next = (m: number) => {
        x = (x * 48271) % 2147483647;
        return x % m;
      };
      const rows = Array.from(
        { length: 4000 },
        () => `${100 + next(900)},b${next(8)},${next(2) ? 'yes' : 'no'},s${next(6)}`,
      );
      writeFileSync(file, ['code,band,flag,s', ...rows].join('\n') + '\n');
      shuffledCopy(file, shuffled);
      const codes = Array.from({ length: 900 }, (_, i) => String(100 + i));
      writeFileSync(join(dir, 'code.csv'), codes.map((c) => `${c};${c.slice(0, 2)}*;${c[0]}**;*`).join('\n'));
      writeFileSync(
        join(dir, 'band.csv'),
        Array.from({ length: 8 }, (_, i) => `b${i};${i < 4 ? 'low' : 'high'};*`).join('\n'),
      );
      writeFileSync(join(dir, 'flag.csv'), 'yes;*\nno;*\n');
    });
    const hierarchies = [
      '--hierarchy',
      'code=code.csv',
      '--hierarchy',
      'band=band.csv',
      '--hierarchy',
      'flag=flag.csv',
    ];
    for (const metric of ['l1', 'entropy-nm'])
      it(`anonymize --metric ${metric} with recursive (c, ℓ)-diversity: the same report`, async () => {
        await sameEverywhere(file, shuffled, [
          'anonymize',
          '--qi',
          'code,band,flag',
          ...hierarchies,
          '--k',
          '3',
          '--l',
          '2',
          '--sensitive',
          's',
          '--l-variant',
          'recursive',
          '--c',
          '3',
          '--suppression',
          '0.03',
          '--metric',
          metric,
          '--json',
        ]);
      });

    it('risk: the same report', async () => {
      await sameEverywhere(file, shuffled, ['risk', '--qi', 'code,band,flag', '--k', '3', '--json']);
    });
  });
});
