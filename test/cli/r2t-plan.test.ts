import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { runIn } from '../helpers/run-cli.js';

// Issue 39: `privspec plan` prints each R2T release's thresholds and ε per candidate, and the one statement that
// computes its truncated aggregates in the dialect (values inline, as a printed plan writes them).
describe('privspec plan: R2T releases (examples/r2t, issue 39)', () => {
  for (const dialect of ['duckdb', 'postgres', 'clickhouse']) {
    it(`${dialect}: τ = 2…65536 at ε/16 and one SUM(LEAST(c, τ)) per τ (whole units: a count's rows); the edge list's LP has no SQL`, async () => {
      const r = await runIn(resolve('examples/r2t'), [
        'plan',
        'orders.privspec',
        '--dialect',
        dialect,
        ...(dialect === 'duckdb' ? [] : ['--table', 'customers']),
      ]);
      assert.equal(r.code, 0, r.err);
      const taus = Array.from({ length: 16 }, (_, j) => 2 ** (j + 1));
      assert.match(
        r.out,
        new RegExp(
          `-- release-n_orders \\(release n_orders\\)\\n-- R2T: thresholds τ = ${taus.join(', ')}; per candidate ε 0\\.0625 \\(ε 1 / 16\\)`,
        ),
      );
      const statement = r.out.split('-- release-n_orders')[1].split(';\n')[0];
      for (let i = 0; i < 16; i++)
        assert.match(
          statement,
          new RegExp(
            `sum\\(least\\(_privspec_c, CAST\\(${taus[i]} AS (BIGINT|bigint|Int64)\\)\\)\\) AS _privspec_t${i}\\b`,
          ),
        );
      assert.match(
        r.out,
        /-- release-edges \(release edges\)\n-- R2T: thresholds τ = 2, .*, 4096; per candidate ε 0\.0833 \(ε 1 \/ 12\)\n-- no SQL: the pairs of friendships are truncated by an LP in privspec/,
      );
    });
  }
});
