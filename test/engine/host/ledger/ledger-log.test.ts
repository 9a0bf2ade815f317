import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pure, zcdp } from '../../../../engine/core/measures.js';
import { seededRandom, type RandomSource } from '../../../../engine/core/random.js';
import { appendToLedger, readLedger, type LedgerLocation } from '../../../../engine/host/ledger/ledger-file.js';
import { indexFileOf, indexOfLog, parseLog, readIndex, writeIndex } from '../../../../engine/host/ledger/ledger-log.js';
import { recordSpend } from '../../../../engine/host/ledger/release-spend.js';
import { summarizeBudget } from '../../../../engine/release/budget-walk.js';
import type { PreparedRelease } from '../../../../engine/release/kinds/prepared-release.js';
import { entrySpendables, ledgerTotal, type LedgerEntry } from '../../../../engine/release/ledger-entry.js';
import { summaryOverrun, summaryTotal } from '../../../../engine/release/ledger-summary-total.js';
import { costsInEveryNotion } from '../../../../engine/release/release-costs.js';
import type { Accounting, Box, BudgetDescription, Constraint } from '../../../../engine/release/release-description.js';

// Issue 36 item 5: the ledger is an append-only log with an index of running totals; a spend reads the index, never
// the whole log. The figures must be those of the budget walk over every entry (engine/release/budget-walk.ts), which
// is the reference here: every total below is compared with `ledgerTotal` / `summarizeBudget` over the entries.

const range = (low: number, high: number): Constraint => ({ kind: 'range', low, high });
/** Regions: two disjoint ranges, one meeting both, a set, one that holds no row (10..5), and every row (undefined). */
const REGIONS: (Record<string, Constraint[]> | undefined)[] = [
  { age: [range(0, 30)] },
  { age: [range(31, 60)] },
  { age: [range(20, 40)] },
  { sex: [{ kind: 'set', values: ['F'] }] },
  { age: [range(10, 5)] },
  undefined,
];
const EPSILONS = [0.1, 0.25, 0.3, 1, 0.05];

function draw(rng: RandomSource, n: number): number {
  return rng.nextUint32() % n;
}

function location(dir: string): LedgerLocation {
  return {
    file: join(dir, 'ledger-test.jsonl'),
    marker: join(dir, 'ledger-test.seen'),
    data: { file: join(dir, 'd.csv'), sha256: '0'.repeat(64) },
  };
}

function entry(i: number, region: Record<string, Constraint[]> | undefined, epsilon: number): LedgerEntry {
  return {
    id: `e${i}`,
    release: `r${i % 7}`,
    at: '2026-01-01T00:00:00.000Z',
    costs: costsInEveryNotion(pure(epsilon), 1e-6),
    ...(region ? { box: region } : {}),
    userLevel: false,
    published: { reads: ['age'] },
  };
}

const budgetOf = (accounting: Accounting, limit: number): BudgetDescription =>
  accounting === 'zcdp'
    ? { accounting, rho: limit, delta: 1e-6 }
    : { accounting, epsilon: limit, ...(accounting === 'approx' ? { delta: 1e-5 } : {}) };

const boxOf = (r: Record<string, Constraint[]> | undefined): Box | undefined =>
  r ? new Map(Object.entries(r)) : undefined;

describe('issue 36 item 5 — a ledger that stays fast: the log and its index', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'privspec-ledger-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('(a) the index kept spend by spend equals the one rebuilt from the log, and both give the walk’s figures', async () => {
    // Seeded property test: 8 random sequences of spends over overlapping, disjoint, empty and unboxed regions.
    for (let run = 0; run < 8; run++) {
      const rng = seededRandom(`ledger-log-${run}`);
      const sub = mkdtempSync(join(dir, 'run-'));
      const at = location(sub);
      const n = 5 + draw(rng, 40);
      for (let i = 0; i < n; i++) {
        const e = entry(i, REGIONS[draw(rng, REGIONS.length)], EPSILONS[draw(rng, EPSILONS.length)]);
        await appendToLedger(at, () => ({ entry: e }));
      }
      const kept = (await readIndex(at.file))!;
      const rebuilt = indexOfLog(parseLog(at.file, readFileSync(at.file, 'utf8')));
      assert.deepEqual(JSON.parse(JSON.stringify(kept)), JSON.parse(JSON.stringify(rebuilt)), `run ${run}`);
      const entries = (await readLedger(at)).entries;
      assert.equal(entries.length, n);
      for (const accounting of ['pure', 'approx', 'zcdp'] as const) {
        // Exactly the walk's total over every entry, for every notion.
        assert.deepEqual(
          summaryTotal(kept.summary, accounting),
          ledgerTotal(entries, accounting),
          `${run} ${accounting}`,
        );
        // And the walk's verdict on one more spend, over a limit just above and just below what it needs.
        const next = { name: 'next', box: boxOf(REGIONS[draw(rng, REGIONS.length)]), userLevel: false };
        const costs = costsInEveryNotion(pure(0.5), 1e-6);
        for (const limit of [0.6, 1, 2, 3, 5, 10]) {
          const budget = budgetOf(accounting, accounting === 'zcdp' ? limit / 20 : limit);
          const walk = summarizeBudget([...entrySpendables(entries), { ...next, costs, dp: true }], budget);
          assert.equal(
            summaryOverrun(kept.summary, { ...next, costs }, budget),
            walk.releases.at(-1)?.overrun?.message,
            `${run} ${accounting} limit ${limit}`,
          );
        }
      }
    }
  });

  it('(a) zCDP spends: the running ρ is the walk’s exact sum', async () => {
    const at = location(dir);
    for (let i = 0; i < 30; i++) {
      const e = { ...entry(i, REGIONS[i % 3], 1), costs: costsInEveryNotion(zcdp(0.01 * (1 + (i % 4))), 1e-6) };
      await appendToLedger(at, () => ({ entry: e }));
    }
    const entries = (await readLedger(at)).entries;
    const kept = (await readIndex(at.file))!;
    assert.deepEqual(summaryTotal(kept.summary, 'zcdp'), ledgerTotal(entries, 'zcdp'));
    // By hand: regions 0..30 and 31..60 are disjoint and 20..40 meets both, so the heaviest overlap is one of the
    // pairs {0..30, 20..40} or {31..60, 20..40}; each region holds 10 spends of ρ 0.01, 0.02, 0.03, 0.04 cycling.
    // Region i%3 = 0: i = 0,3,…,27 → ρ·100 = 1,4,3,2,1,4,3,2,1,4 = 25; = 1: i = 1,4,…,28 → 2,1,4,3,2,1,4,3,2,1 = 23;
    // = 2: i = 2,5,…,29 → 3,2,1,4,3,2,1,4,3,2 = 25. Heaviest pair: 0.25 + 0.25 = 0.5.
    assert.equal(summaryTotal(kept.summary, 'zcdp').rho, 0.5);
  });

  it('(b) a crash between the log’s append and the index’s write: the next spend sees that spend exactly once', async () => {
    const at = location(dir);
    await appendToLedger(at, () => ({ entry: entry(0, undefined, 1) }));
    const before = readFileSync(indexFileOf(at.file), 'utf8');
    const marker = readFileSync(at.marker, 'utf8');
    await appendToLedger(at, () => ({ entry: entry(1, undefined, 1) }));
    // The crash: the second spend's line is in the log, its index and marker never written.
    writeFileSync(indexFileOf(at.file), before);
    writeFileSync(at.marker, marker);
    let seen: number | undefined;
    await appendToLedger(at, (l) => {
      seen = summaryTotal(l.summary, 'pure').epsilon;
      return { entry: entry(2, undefined, 1) };
    });
    assert.equal(seen, 2, 'both earlier spends, once each');
    assert.equal(summaryTotal((await readIndex(at.file))!.summary, 'pure').epsilon, 3);
    assert.equal((await readLedger(at)).entries.length, 3);
  });

  it('(b) a torn last line (a crash during the append) is dropped: that spend was never acknowledged', async () => {
    const at = location(dir);
    await appendToLedger(at, () => ({ entry: entry(0, undefined, 1) }));
    appendFileSync(at.file, '{"entry":{"id":"torn","rel');
    let seen: number | undefined;
    await appendToLedger(at, (l) => {
      seen = summaryTotal(l.summary, 'pure').epsilon;
      return { entry: entry(1, undefined, 1) };
    });
    assert.equal(seen, 1);
    const ledger = await readLedger(at);
    assert.deepEqual(
      ledger.entries.map((e) => e.id),
      ['e0', 'e1'],
    );
  });

  it('(c) an index edited to show less spent than the log is detected and rebuilt from the log', async () => {
    const at = location(dir);
    for (let i = 0; i < 4; i++) await appendToLedger(at, () => ({ entry: entry(i, undefined, 1) }));
    const file = indexFileOf(at.file);
    const index = JSON.parse(readFileSync(file, 'utf8')) as {
      summary: { sums: { pure: { everywhere: { main: number; mainExact: string } } } };
    };
    index.summary.sums.pure.everywhere = { ...index.summary.sums.pure.everywhere, main: 0, mainExact: '0/1' };
    writeFileSync(file, JSON.stringify(index));
    const decision = await recordSpend({
      location: at,
      specFile: join(dir, 's.privspec'),
      budget: { accounting: 'pure', epsilon: 4.5 },
      name: 'more',
      prepared: { costs: costsInEveryNotion(pure(1), 1e-6), userLevel: false } as unknown as PreparedRelease,
      seeded: false,
    });
    // The log says ε 4 is spent: one more ε 1 does not fit in 4.5, whatever the edited index said.
    assert.equal(decision.entry, undefined);
    assert.match(decision.refusal!, /has no budget left for it\. needs ε 1, ε 0\.5 remains/);
    assert.equal(summaryTotal((await readIndex(at.file))!.summary, 'pure').epsilon, 4);
  });

  it('a whole-JSON ledger of the earlier format is folded into the log on the first spend, once, and kept', async () => {
    const at = location(dir);
    const whole = at.file.replace(/\.jsonl$/, '.json');
    const old = { version: 2, id: 'oldid', raises: [], entries: [entry(0, undefined, 1), entry(1, REGIONS[0], 2)] };
    writeFileSync(whole, JSON.stringify(old, null, 2));
    writeFileSync(at.marker, JSON.stringify({ ledger: 'oldid', records: 2 }));
    // Read before any spend: the old file's entries, as before.
    assert.deepEqual(
      (await readLedger(at)).entries.map((e) => e.id),
      ['e0', 'e1'],
    );
    const seen: number[] = [];
    for (const i of [2, 3]) {
      await appendToLedger(at, (l) => {
        seen.push(summaryTotal(l.summary, 'pure').epsilon!);
        return { entry: entry(i, undefined, 1) };
      });
    }
    // ε 1 everywhere + ε 2 in one region = 3 before the first new spend, 4 before the second: each old spend once.
    assert.deepEqual(seen, [3, 4]);
    const ledger = await readLedger(at);
    assert.equal(ledger.id, 'oldid');
    assert.deepEqual(
      ledger.entries.map((e) => e.id),
      ['e0', 'e1', 'e2', 'e3'],
    );
    assert.equal(readFileSync(whole.replace(/\.json$/, '.migrated.json'), 'utf8'), JSON.stringify(old, null, 2));
  });

  it('a log deleted beside an old spec ledger is refused, not re-folded with its marker lowered (the review of issue 36: 1.5 spent of 1)', async () => {
    const at = { ...location(dir), legacy: join(dir, 's.privspec.ledger.json') };
    writeFileSync(at.legacy, JSON.stringify({ version: 2, entries: [entry(0, undefined, 0.3)] }));
    for (const i of [1, 2]) await appendToLedger(at, () => ({ entry: entry(i, undefined, 0.3) }));
    assert.equal(JSON.parse(readFileSync(at.marker, 'utf8')).records, 3);
    rmSync(at.file);
    rmSync(indexFileOf(at.file));
    // Any spend (a release, a budget raise) now meets the marker first: it held 3, the old spec ledger pends 1.
    await assert.rejects(
      appendToLedger(at, () => ({ entry: entry(3, undefined, 0.3) })),
      /holds 1 records, but .* says it held 3; it was deleted or rolled back/,
    );
    assert.equal(JSON.parse(readFileSync(at.marker, 'utf8')).records, 3, 'the marker is not lowered');
  });

  it('an empty log, or one whose header a crash tore, is no ledger (nothing in it was acknowledged): the next spend starts it', async () => {
    for (const text of ['', '{"ledger":"privspec spend led']) {
      const at = location(mkdtempSync(join(dir, 'torn-')));
      writeFileSync(at.file, text);
      let seen: number | undefined;
      await appendToLedger(at, (l) => {
        seen = summaryTotal(l.summary, 'pure').epsilon;
        return { entry: entry(0, undefined, 1) };
      });
      assert.equal(seen ?? 0, 0);
      assert.deepEqual(
        (await readLedger(at)).entries.map((e) => e.id),
        ['e0'],
      );
    }
    // With a marker that saw records, the same empty log is a deleted ledger: refused.
    const at = location(mkdtempSync(join(dir, 'seen-')));
    await appendToLedger(at, () => ({ entry: entry(0, undefined, 1) }));
    writeFileSync(at.file, '');
    await assert.rejects(
      appendToLedger(at, () => ({ entry: entry(1, undefined, 1) })),
      /is missing, but .* says it held 1/,
    );
  });

  it('(d) a spend on a 50,000-entry ledger parses a bounded number of JSON texts, whatever the length', async () => {
    const at = location(dir);
    // Set-up (not measured): a log of 50,000 spends over three regions, and its index.
    const header = JSON.stringify({ ledger: 'privspec spend ledger', version: 3, id: 'bench', data: at.data });
    const lines = Array.from({ length: 50_000 }, (_, i) => JSON.stringify({ entry: entry(i, REGIONS[i % 3], 0.0001) }));
    writeFileSync(at.file, `${[header, ...lines].join('\n')}\n`);
    await writeIndex(at.file, indexOfLog(parseLog(at.file, readFileSync(at.file, 'utf8'))));
    const parse = JSON.parse;
    let parses = 0;
    let parsedChars = 0;
    JSON.parse = ((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
      parses++;
      parsedChars += text.length;
      return parse(text, reviver);
    }) as typeof JSON.parse;
    let decision: Awaited<ReturnType<typeof recordSpend>>;
    try {
      decision = await recordSpend({
        location: at,
        specFile: join(dir, 's.privspec'),
        budget: { accounting: 'pure', epsilon: 100 },
        name: 'next',
        prepared: {
          costs: costsInEveryNotion(pure(0.5), 1e-6),
          box: boxOf(REGIONS[0]),
          userLevel: false,
        } as unknown as PreparedRelease,
        seeded: false,
        links: { published: { reads: ['age'] } },
      });
    } finally {
      JSON.parse = parse;
    }
    assert.ok(decision.entry, decision.refusal);
    assert.equal(decision.previousRuns, 0);
    // The index, the marker, the lock's owner (twice) and the new line read back: a handful, never the 50,000 lines.
    assert.ok(parses <= 10, `${parses} JSON.parse calls`);
    assert.ok(parsedChars < 200_000, `${parsedChars} characters parsed (the log has ${readFileSync(at.file).length})`);
    // By hand: regions 0..30 and 20..40 meet, 31..60 and 20..40 meet, 0..30 and 31..60 do not; each holds 16,667
    // (0, 3, …) or 16,667 (1, 4, …) or 16,666 (2, 5, …) spends of ε 0.0001, and the new ε 0.5 joins 0..30:
    // heaviest pair = 0..30 with 20..40 = 1.6667 + 0.5 + 1.6666 = 3.8333.
    const after = (await readIndex(at.file))!;
    assert.equal(summaryTotal(after.summary, 'pure').epsilon, 3.8333);
  });
});
