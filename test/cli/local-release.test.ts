import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runIn as run } from '../helpers/run-cli.js';
import { ledgerOf } from '../helpers/ledger.js';

// Issue 40 end to end: a local DP release through `privspec release` (recorded before it is written, one report per
// unit, shuffled, nothing else), its refusal on a second run without `rerun`, and `privspec estimate` giving back the
// report's estimates from the file.

// 40 units; units 0–9 have two rows, so 50 rows give 40 reports.
const DATA = `id,name,age,diag\n${Array.from(
  { length: 50 },
  (_, i) => `${i % 40},person${i},${20 + (i % 5) * 10},${['flu', 'cold', 'asthma', 'flu'][i % 4]}`,
).join('\n')}\n`;
const spec = (release: string) => `dataset d from "d.csv" {
  identifying name
  quasi age
  sensitive diag
  unit id
}
hierarchy diag { "flu", "cold", "asthma" -> "*" }
${release}
`;
const RR = 'release r: local diag randomized-response epsilon 2';
const CMS = 'release s: local diag count-mean-sketch epsilon 4 hashes 16 width 64';

describe('local DP releases through the command line (issue 40)', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const fresh = (release: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-local-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'd.csv'), DATA);
    writeFileSync(join(dir, 's.privspec'), spec(release));
    return dir;
  };

  it('randomized response: one report per unit, only the column, recorded with its local ε before the file', async () => {
    const dir = fresh(RR);
    const r = await run(dir, ['release', 's.privspec', '--out', 'out']);
    assert.equal(r.code, 0, r.out + r.err);
    const lines = readFileSync(join(dir, 'out', 'r.csv'), 'utf8')
      .trim()
      .split('\n');
    assert.equal(lines[0], 'diag');
    assert.equal(lines.length - 1, 40, 'one report per unit');
    for (const l of lines.slice(1)) assert.ok(['flu', 'cold', 'asthma'].includes(l), l);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'r.json'), 'utf8'));
    const entries = ledgerOf(join(dir, 'd.csv'))!.entries;
    assert.equal(entries.length, 1);
    assert.equal(report.ledgerEntry, entries[0].id);
    assert.deepEqual(entries[0].costs, {});
    assert.equal(entries[0].microdata!.kind, 'local');
    assert.deepEqual(entries[0].microdata!.columns, ['diag']);
    assert.ok(entries[0].microdata!.localEpsilon! <= 2 && entries[0].microdata!.localEpsilon! > 2 - 1e-12);
    assert.equal(report.local.reports, 40);
    assert.deepEqual(
      report.local.estimates.map((e: { value: string }) => e.value),
      ['flu', 'cold', 'asthma'],
    );
    // The estimates sum to n: Σ_v (C_v − nq)/(p − q) = (n − knq)/(p − q) = n, since p + (k − 1)q = 1.
    const total = report.local.estimates.reduce((s: number, e: { estimate: number }) => s + e.estimate, 0);
    assert.ok(Math.abs(total - 40) < 1e-4, String(total));
    // The identifying column and the unit never leave.
    const text = readFileSync(join(dir, 'out', 'r.csv'), 'utf8') + readFileSync(join(dir, 'out', 'r.json'), 'utf8');
    assert.ok(!/person\d/.test(text));
  });

  it('a second local release of the column is refused without rerun, before anything is written', async () => {
    const dir = fresh(RR);
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out'])).code, 0);
    const second = await run(dir, ['release', 's.privspec', '--out', 'out2']);
    assert.equal(second.code, 1, second.out + second.err);
    assert.match(
      second.out + second.err,
      /a local DP release already randomized diag of this data .*; a second randomized report of the same units tells more of each, since the local ε of the runs adds up\. Add 'rerun' to the local query/,
    );
    assert.ok(!existsSync(join(dir, 'out2', 'r.csv')));
    assert.equal(ledgerOf(join(dir, 'd.csv'))!.entries.length, 1);
    writeFileSync(join(dir, 's.privspec'), spec(`${RR} rerun`));
    const third = await run(dir, ['release', 's.privspec', '--out', 'out3']);
    assert.equal(third.code, 0, third.out + third.err);
    assert.match(third.out, /2 runs on these records compose to local ε 4/);
  });

  it('a PRAM of the column, then a local release of it: refused without rerun, composed with it (ln 13 + 2)', async () => {
    // PRAM at retain 0.8 over diag's 3 values keeps a value with 0.8 and else draws it uniformly from the 3: a value
    // stays with 0.8 + 0.2/3 and becomes each other one with 0.2/3, so its local ε is ln(1 + 0.8·3/0.2) = ln 13 =
    // 2.5649; randomized response adds its ε 2, so the two compose to 4.5649 (the review checked this by hand).
    const dir = fresh('release p: pram diag retain 0.8');
    const pram = await run(dir, ['release', 's.privspec', '--out', 'out']);
    assert.equal(pram.code, 0, pram.out + pram.err);
    writeFileSync(join(dir, 's.privspec'), spec(RR));
    const refused = await run(dir, ['release', 's.privspec', '--out', 'out2']);
    assert.equal(refused.code, 1, refused.out + refused.err);
    assert.match(refused.out + refused.err, /already randomized diag of this data/);
    assert.ok(!existsSync(join(dir, 'out2', 'r.csv')));
    writeFileSync(join(dir, 's.privspec'), spec(`${RR} rerun`));
    const composed = await run(dir, ['release', 's.privspec', '--out', 'out3']);
    assert.equal(composed.code, 0, composed.out + composed.err);
    assert.match(composed.out, /2 runs on these records compose to local ε 4\.56\b/);
  });

  it('privspec estimate gives back the count-mean sketch report’s estimates from its file and hash seed', async () => {
    const dir = fresh(CMS);
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out'])).code, 0);
    const report = JSON.parse(readFileSync(join(dir, 'out', 's.json'), 'utf8'));
    const header = readFileSync(join(dir, 'out', 's.csv'), 'utf8').split('\n')[0];
    assert.equal(header, 'hash,sketch');
    const e = await run(dir, [
      'estimate',
      'out/s.csv',
      '--spec',
      's.privspec',
      '--only',
      's',
      '--report',
      'out/s.json',
      '--json',
    ]);
    assert.equal(e.code, 0, e.out + e.err);
    assert.deepEqual(JSON.parse(e.out).estimates, report.local.estimates);
    const seeded = await run(dir, [
      'estimate',
      'out/s.csv',
      '--spec',
      's.privspec',
      '--only',
      's',
      '--hash-seed',
      String(report.local.hashSeed),
      '--json',
    ]);
    assert.deepEqual(JSON.parse(seeded.out).estimates, report.local.estimates);
  });

  it('a malformed report is one line naming the file, the line and the cause', async () => {
    const dir = fresh(RR);
    writeFileSync(join(dir, 'reports.csv'), 'diag\nflu\ncold\nmeasles\n');
    const e = await run(dir, ['estimate', 'reports.csv', '--spec', 's.privspec', '--only', 'r']);
    assert.equal(e.code, 2);
    assert.match(e.err, /reports\.csv:4: 'measles' is not a value of the declared domain of 'diag'/);
    assert.equal(e.err.trim().split('\n').length, 1);
  });

  const estimateArgs = (only: string, ...more: string[]) => [
    'estimate',
    `out/${only}.csv`,
    '--spec',
    's.privspec',
    '--only',
    only,
    ...more,
  ];

  it('estimate refuses a report whose parameters the spec no longer states (ε, domain), in one message naming it', async () => {
    const dir = fresh(RR);
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out'])).code, 0);
    // The spec edited after the release: ε 2 → 1 and a value added to the domain.
    writeFileSync(
      join(dir, 's.privspec'),
      spec('release r: local diag randomized-response epsilon 1').replace('"asthma" ->', '"asthma", "measles" ->'),
    );
    const e = await run(dir, estimateArgs('r', '--report', 'out/r.json'));
    assert.equal(e.code, 2, e.out + e.err);
    assert.equal(e.err.trim().split('\n').length, 1, e.err);
    assert.match(e.err, /out\/r\.json: the report does not match the spec/);
    assert.match(e.err, /its epsilon 2 is not the spec's 1/);
    assert.match(
      e.err,
      /its domain \['flu', 'cold', 'asthma'\] is not the spec's \['flu', 'cold', 'asthma', 'measles'\]/,
    );
    assert.match(e.err, /its keepProbability/);
    // The domain's order matters too: the same values, reordered.
    writeFileSync(join(dir, 's.privspec'), spec(RR).replace('"flu", "cold", "asthma"', '"cold", "flu", "asthma"'));
    const reordered = await run(dir, estimateArgs('r', '--report', 'out/r.json'));
    assert.equal(reordered.code, 2);
    assert.match(reordered.err, /its domain \['flu', 'cold', 'asthma'\] is not the spec's \['cold', 'flu', 'asthma'\]/);
    // Without a report, randomized response estimates from the spec and says what it assumes.
    writeFileSync(join(dir, 's.privspec'), spec(RR));
    const bare = await run(dir, estimateArgs('r', '--json'));
    assert.equal(bare.code, 0, bare.err);
    assert.match(bare.err, /no --report: .*must be the one that made the reports/);
    assert.equal(JSON.parse(bare.out).checkedAgainstReport, false);
  });

  it('estimate refuses a sketch report of other hashes, width or coefficients, and hashes with the report’s coefficients', async () => {
    const dir = fresh(CMS);
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out'])).code, 0);
    const report = JSON.parse(readFileSync(join(dir, 'out', 's.json'), 'utf8'));
    assert.equal(report.local.hashCoefficients.r.length, 16);
    // A collection elsewhere states the coefficients and no seed: the same estimates.
    const { hashSeed, ...noSeed } = report.local;
    assert.equal(typeof hashSeed, 'number');
    writeFileSync(join(dir, 'coefficients.json'), JSON.stringify({ local: noSeed }));
    const e = await run(dir, estimateArgs('s', '--report', 'coefficients.json', '--json'));
    assert.equal(e.code, 0, e.err);
    assert.deepEqual(JSON.parse(e.out).estimates, report.local.estimates);
    // Coefficients that are not the seed's are refused.
    const tampered = {
      ...report.local,
      hashCoefficients: {
        ...report.local.hashCoefficients,
        b: report.local.hashCoefficients.b.map((x: number) => (x + 1) % 0x7fffffff),
      },
    };
    writeFileSync(join(dir, 'tampered.json'), JSON.stringify({ local: tampered }));
    const t = await run(dir, estimateArgs('s', '--report', 'tampered.json'));
    assert.equal(t.code, 2);
    assert.match(t.err, /tampered\.json: .*its hashCoefficients are not those of its hashSeed/);
    writeFileSync(
      join(dir, 's.privspec'),
      spec('release s: local diag count-mean-sketch epsilon 4 hashes 8 width 128'),
    );
    const w = await run(dir, estimateArgs('s', '--report', 'out/s.json'));
    assert.equal(w.code, 2);
    assert.match(w.err, /its hashes 16 is not the spec's 8; its width 64 is not the spec's 128/);
    writeFileSync(join(dir, 'seed.json'), JSON.stringify({ local: { ...report.local, hashSeed: 1.5 } }));
    const badSeed = await run(dir, estimateArgs('s', '--report', 'seed.json'));
    assert.equal(badSeed.code, 2);
    assert.match(
      badSeed.err,
      /seed\.json: count-mean sketch: the hash seed must be an integer in \[0, 2\^32\), got 1\.5/,
    );
    assert.equal(badSeed.err.trim().split('\n').length, 1);
    const missing = await run(dir, estimateArgs('s', '--report', 'nowhere.json'));
    assert.equal(missing.code, 2);
    assert.equal(missing.err.trim(), 'privspec estimate: no such file: nowhere.json');
  });

  it('estimate warns when a sketch’s estimates do not add up to about n: a wrong hash seed', async () => {
    const dir = fresh(CMS);
    // 400 units of one row each: the sum's standard error (count-mean-sketch-estimate.ts) is about 14, n = 400.
    const values = ['flu', 'cold', 'asthma'];
    writeFileSync(
      join(dir, 'd.csv'),
      `id,name,age,diag\n${Array.from({ length: 400 }, (_, i) => `${i},p${i},${20 + (i % 5) * 10},${values[i % 3]}`).join('\n')}\n`,
    );
    assert.equal((await run(dir, ['release', 's.privspec', '--out', 'out'])).code, 0);
    const report = JSON.parse(readFileSync(join(dir, 'out', 's.json'), 'utf8'));
    const right = await run(dir, estimateArgs('s', '--report', 'out/s.json', '--json'));
    assert.equal(JSON.parse(right.out).sumCheck.consistent, true, right.out);
    assert.doesNotMatch(right.err, /warning/);
    const wrong = await run(
      dir,
      estimateArgs('s', '--hash-seed', String((report.local.hashSeed + 1) % 2 ** 32), '--json'),
    );
    assert.equal(wrong.code, 0, wrong.err);
    const out = JSON.parse(wrong.out);
    assert.equal(out.sumCheck.consistent, false, wrong.out);
    assert.match(wrong.err, /warning: .*s\.csv: the estimates add up to .*, not about 400 .*hash seed, ε or domain/);
  });
});
