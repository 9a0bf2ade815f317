import '../../engine/release/kinds/all-release-kinds.js'; // every release kind, for the planner's synchronous lookups
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { runReleases } from '../../engine/host/run/release-runner.js';
import type { RunInput } from '../../engine/release/run-input.js';
import { planRelease } from '../../engine/release/plan-release.js';
import type {
  MechanismDescription,
  QueryDescription,
  ReleaseDescription,
} from '../../engine/release/release-description.js';
import { tableFromRows } from '../../engine/table/table.js';
import { ledgerOfLogText } from '../helpers/ledger.js';

// Issue 11 — the charged mechanism is the one that runs: for random release descriptions, the cost the ledger records
// equals the cost of the measurement the planner built (in its own measure and in every notion), and the run reports
// it.
const table = tableFromRows(
  ['u', 'g', 'v'],
  Array.from({ length: 30 }, (_, i) => [`u${i % 7}`, ['a', 'b', 'c'][i % 3], String((i * 37) % 101)]),
);

const mechanismArb: fc.Arbitrary<MechanismDescription> = fc.oneof(
  fc.record({ kind: fc.constant('laplace' as const), epsilon: fc.double({ min: 0.01, max: 5, noNaN: true }) }),
  fc.record({ kind: fc.constant('gaussian' as const), rho: fc.double({ min: 0.001, max: 2, noNaN: true }) }),
  fc.record({
    kind: fc.constant('gaussian' as const),
    epsilon: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
    delta: fc.constantFrom(1e-5, 1e-6, 1e-8),
  }),
);
const boundArb = fc.option(
  fc.record({ groups: fc.integer({ min: 1, max: 3 }), rows: fc.integer({ min: 1, max: 4 }) }),
  { nil: undefined },
);
const queryArb: fc.Arbitrary<QueryDescription> = fc.oneof(
  fc.record({ kind: fc.constant('count' as const), by: fc.constantFrom([], ['g']), bound: boundArb }),
  fc.record({
    kind: fc.constantFrom('sum' as const, 'mean' as const),
    column: fc.constant('v'),
    low: fc.constant(0),
    high: fc.integer({ min: 1, max: 200 }),
    by: fc.constantFrom([], ['g']),
    bound: boundArb,
  }),
);

describe('issue 11 — the ledger records the cost of the measurement that runs', function () {
  this.timeout(120_000);
  it('random release descriptions: ledger entry costs = the planned measurement’s costs = the reported spend', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-ledger-cost-'));
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(queryArb, mechanismArb, fc.boolean(), async (query, mechanism, withUnit) => {
          if (query.kind === 'mean' && mechanism.kind === 'gaussian' && mechanism.rho === undefined) return;
          const release: ReleaseDescription = {
            name: `r${run}`,
            query,
            mechanism,
            accepts: ['unbounded-contribution'],
          };
          const spec = join(dir, `s${run}.privspec`);
          // One data file per run: the ledger belongs to the data, so each run starts from an empty one.
          const data = join(dir, `data${run++}.csv`);
          writeFileSync(data, `run ${run}\n`);
          const budget = { accounting: 'zcdp' as const, rho: 1e6, delta: 1e-5 };
          const unit = withUnit && 'bound' in query && query.bound ? 'u' : undefined;
          const domains = new Map([['g', ['a', 'b', 'c']]]);
          const hierarchies = new Map([['g', { height: 1, values: ['a', 'b', 'c'] } as never]]);
          const input: RunInput = {
            specFile: spec,
            dataset: {
              name: 'd',
              file: data,
              identifying: [],
              quasi: [],
              sensitive: [],
              insensitive: ['g', 'v'],
              unit,
            },
            budget,
            releases: [release],
            hierarchies,
            inputFiles: [],
            readTable: () => Promise.resolve(table),
          };
          const report = await runReleases(input, { out: join(dir, `out${run}`), dryRun: false });
          const outcome = report.releases[0];
          assert.equal(outcome.status, 'written', outcome.message);
          const entry = ledgerOfLogText(readFileSync(report.ledger, 'utf8')).entries[0];
          const planned = planRelease(release, { budget, unit, declaredDomains: new Set(['g']), domains }).measurement!;
          assert.deepEqual(entry.costs, JSON.parse(JSON.stringify(planned.costs)));
          assert.deepEqual(entry.costs[planned.measure], planned.cost);
          assert.deepEqual(
            { accounting: 'zcdp', ...{ rho: (entry.costs.zcdp as { rho: number }).rho } },
            outcome.privacySpent,
          );
        }),
        { seed: 3, numRuns: 40 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
