import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkSpec, loadSpecText, nodeServices } from '../../language/check-spec.js';
import { releaseDescription } from '../../language/privspec-release-plan.js';
import type * as ast from '../../language/generated/ast.js';

const CUSTOMERS = 'customer_id,name,region\n1,Ada,north\n2,Ben,south\n3,Cleo,north\n';
const ORDERS = 'order_id,customer_id,amount\n1,1,10\n2,1,20\n3,2,5\n4,3,7\n';
const FRIENDS = 'a,b\n1,2\n2,3\n1,3\n';

const HEAD = `dataset customers from "customers.csv" { identifying name  unit customer_id  insensitive region }
dataset orders from "orders.csv" { insensitive customer_id, amount }
dataset friendships from "friendships.csv" { insensitive a, b }
hierarchy region { "north", "south" -> "*" }
budget { epsilon 4 }
`;

/** The spec beside the three CSVs in a fresh folder, checked as `privspec check` would. */
async function check(
  releases: string,
  head = HEAD,
  csv: { customers?: string; orders?: string } = {},
  friends = FRIENDS,
) {
  const dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-'));
  writeFileSync(join(dir, 'customers.csv'), csv.customers ?? CUSTOMERS);
  writeFileSync(join(dir, 'orders.csv'), csv.orders ?? ORDERS);
  writeFileSync(join(dir, 'friendships.csv'), friends);
  writeFileSync(join(dir, 's.privspec'), head + releases);
  return (await checkSpec(join(dir, 's.privspec'))).diagnostics;
}

const errors = (ds: Awaited<ReturnType<typeof check>>) => ds.filter((d) => d.severity === 'error');
const codes = (ds: Awaited<ReturnType<typeof check>>) => errors(ds).map((d) => d.code);

/** The issue's syntax, verbatim (issue 39's "Syntax" section). */
const ISSUE_RELEASES = `release n_orders:  count from orders join customers on customer_id by region  bound unit auto up to 65536  laplace epsilon 1
release revenue:   sum amount clamp 0..1000 from orders join customers on customer_id  bound unit auto up to 65536  laplace epsilon 1
release edges:     count pairs from friendships (a, b)  bound unit auto up to 4096  laplace epsilon 1
release triangles: count triangles from friendships (a, b)  bound unit auto up to 4096  laplace epsilon 1
`;

describe('language: joins, bound unit auto and count pairs/triangles (issue 39)', () => {
  it("checks the issue's syntax without a diagnostic, each release an R2T query over the tables it names", async () => {
    const ds = await check(ISSUE_RELEASES);
    assert.deepEqual(errors(ds), []);
    const doc = await loadSpecText(HEAD + ISSUE_RELEASES, resolve('r2t/s.privspec'), nodeServices());
    assert.deepEqual(doc.parseResult.parserErrors, []);
    const [n, revenue, edges] = (doc.parseResult.value as ast.Spec).releases.map((r) => releaseDescription(r)!.query);
    assert.deepEqual(n, {
      kind: 'r2t',
      aggregate: 'count',
      by: ['region'],
      table: 'orders',
      join: { table: 'customers', key: 'customer_id' },
      gs: 65536,
      unitTable: 'customers',
    });
    assert.deepEqual(revenue, {
      kind: 'r2t',
      aggregate: 'sum',
      column: 'amount',
      low: 0,
      high: 1000,
      by: [],
      table: 'orders',
      join: { table: 'customers', key: 'customer_id' },
      gs: 65536,
      unitTable: 'customers',
    });
    assert.deepEqual(edges, {
      kind: 'r2t',
      aggregate: 'pairs',
      by: [],
      table: 'friendships',
      endpoints: ['a', 'b'],
      gs: 4096,
    });
  });

  it('keeps the new keywords usable as column and release names (soft keywords)', async () => {
    const doc = await loadSpecText(
      'dataset d from "d.csv" { insensitive pairs, triangles, join, auto, up, to }\nrelease to: count by up laplace epsilon 1 accept data-dependent-domain',
      resolve('r2t/s.privspec'),
      nodeServices(),
    );
    assert.deepEqual(doc.parseResult.parserErrors, []);
  });

  it('a release without `from` reads the spec’s only dataset, as before', async () => {
    const ds = await check(
      'release n: count by region laplace epsilon 1\n',
      'dataset customers from "customers.csv" { identifying name  unit customer_id  insensitive region }\nhierarchy region { "north", "south" -> "*" }\nbudget { epsilon 1 }\n',
    );
    // A count by region that does not bound the unit's rows: the existing rule, not a new one.
    assert.deepEqual(codes(ds), ['unbounded-contribution']);
  });

  it('unknown-dataset: a from, a join or an edge list that names no dataset', async () => {
    const ds = await check(
      'release a: count from order join customers on customer_id bound unit auto up to 64 laplace epsilon 1\nrelease b: count pairs from friends (a, b) bound unit auto up to 64 laplace epsilon 1\n',
    );
    const unknown = errors(ds).filter((d) => d.code === 'unknown-dataset');
    assert.equal(unknown.length, 2, JSON.stringify(ds));
    assert.match(
      unknown[0].message,
      /no dataset named 'order'; the spec declares 'customers', 'orders', 'friendships'/,
    );
    assert.match(unknown[1].message, /no dataset named 'friends'/);
  });

  it('join-key: the key must be a column of both tables', async () => {
    // The key is the unit (a foreign-key join), but the orders' file lacks it. ('on order_id', which this test
    // checked before, is now the foreign-key rule's one error: the unit is customer_id.)
    const ds = await check(
      'release a: count from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
      HEAD.replace('insensitive customer_id, amount', 'insensitive client, amount'),
      { orders: 'order_id,client,amount\n1,1,10\n' },
    );
    assert.deepEqual(codes(ds), ['join-key']);
    assert.match(
      errors(ds)[0].message,
      /the join key 'customer_id' must be a column of both tables; 'orders' \(orders\.csv\) has order_id, client, amount/,
    );
    const other = await check(
      'release a: count from orders join customers on order_id bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(other), ['join-key']);
    assert.match(errors(other)[0].message, /'join … on order_id': a release over a join is a foreign-key join/);
  });

  it('unknown-column: each column is looked up in the tables its release or block names', async () => {
    const ds = await check(
      'release a: sum price clamp 0..10 from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(ds), ['unknown-column']);
    assert.match(errors(ds)[0].message, /unknown column 'price' in orders\.csv or customers\.csv/);
  });

  it('unit-table: several datasets need exactly one unit; bound unit auto needs a table that carries it', async () => {
    const none = await check(
      'release e: count pairs from friendships (a, b) bound unit auto up to 64 laplace epsilon 1\n',
      'dataset orders from "orders.csv" { insensitive customer_id, amount }\ndataset friendships from "friendships.csv" { insensitive a, b }\nbudget { epsilon 1 }\n',
    );
    assert.deepEqual(codes(none), ['unit-table']);
    assert.match(
      errors(none)[0].message,
      /declares 'unit COLUMN' on exactly one: the table of the primary private entity/,
    );
    const single = await check('release n: count from orders bound unit auto up to 64 laplace epsilon 1\n');
    assert.deepEqual(codes(single), ['unit-table']);
    assert.match(errors(single)[0].message, /'orders' declares no 'unit'/);
  });

  it('auto-bound: R2T only where it applies, and a join only with it', async () => {
    const mean = await check(
      'release m: mean amount clamp 0..10 from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(mean), ['auto-bound']);
    assert.match(errors(mean)[0].message, /applies to counts and sums, not to a mean/);
    const mode = await check('release m: mode region bound unit auto up to 64 exponential epsilon 1\n');
    assert.ok(codes(mode).includes('auto-bound'), JSON.stringify(mode));
    const fixed = await check(
      'release j: count from orders join customers on customer_id bound unit rows 5 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(fixed), ['auto-bound']);
    assert.match(errors(fixed)[0].message, /a release over a join .* needs 'bound unit auto up to GS'/);
    const pairs = await check('release p: count pairs from friendships (a, b) laplace epsilon 1\n');
    assert.deepEqual(codes(pairs), ['missing-parameter']);
    assert.match(errors(pairs)[0].message, /needs 'bound unit auto up to GS'/);
    const negative = await check(
      'release s: sum amount clamp -5..10 from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(negative), ['auto-bound']);
    assert.match(errors(negative)[0].message, /the clamp's low end must be ≥ 0, got -5/);
    const gaussian = await check(
      'release g: count from orders join customers on customer_id bound unit auto up to 64 gaussian rho 1\n',
    );
    assert.ok(codes(gaussian).includes('unexpected-mechanism'), JSON.stringify(gaussian));
  });

  it('GS: missing, not an integer, or below 2', async () => {
    const missing = await check(
      'release a: count from orders join customers on customer_id bound unit auto laplace epsilon 1\n',
    );
    assert.deepEqual(codes(missing), ['missing-parameter']);
    assert.match(errors(missing)[0].message, /needs 'bound unit auto up to GS'/);
    for (const gs of ['1', '2.5']) {
      const bad = await check(
        `release a: count from orders join customers on customer_id bound unit auto up to ${gs} laplace epsilon 1\n`,
      );
      assert.deepEqual(codes(bad), ['parameter-out-of-range'], gs);
      assert.match(errors(bad)[0].message, /GS must be an integer ≥ 2/);
    }
  });

  // Issue 39's closing note (LOW): a GS in (10^15, 2^52] passed R2T's own check and was then refused by the planner's
  // bound on every sensitivity with "narrow the clamp range", advice for a clamp an R2T count has not.
  it('GS above 10^15: one error on the bound naming the planner’s limit 10^15 and R2T’s own 2^52, before any spend', async () => {
    const spec = (gs: string) =>
      `release a: count from orders join customers on customer_id bound unit auto up to ${gs} laplace epsilon 1\n`;
    // 10^15 + 1, 2^52 = 4503599627370496 (R2T's own limit) and 2^52 + 2: the same one message.
    for (const gs of ['1000000000000001', '4503599627370496', '4503599627370498']) {
      const ds = await check(spec(gs));
      assert.deepEqual(codes(ds), ['parameter-out-of-range'], gs);
      assert.equal(errors(ds)[0].line, 6, gs); // the release line (HEAD is five lines)
      assert.match(
        errors(ds)[0].message,
        new RegExp(
          `^GS ${gs} is above 10\\^15, the largest sensitivity privspec accepts for any release: .*2\\^52 ≈ 4\\.5·10\\^15.*give GS ≤ 10\\^15$`,
        ),
        gs,
      );
      assert.doesNotMatch(errors(ds)[0].message, /clamp/, gs);
    }
    // 10^15 itself is accepted.
    assert.deepEqual(errors(await check(spec('1000000000000000'))), []);
  });

  // Issue 39's closing note (LOW): 'count triangles … by region' was a parser error ("Expecting token of type 'EOF'
  // but found `by`") beside a misleading 'missing-mechanism'. It parses now, and the checker says why it is refused.
  it("'count pairs|triangles … by' and '… where': one error on the release line saying why, no parser error", async () => {
    const head = HEAD.replace('insensitive a, b }', 'insensitive a, b, region }');
    const friends = 'a,b,region\n1,2,n\n2,3,s\n1,3,n\n';
    for (const [shape, persons] of [
      ['triangles', 'three'],
      ['pairs', 'two'],
    ]) {
      const text = `release e: count ${shape} from friendships (a, b) by region bound unit auto up to 64 laplace epsilon 1\n`;
      const doc = await loadSpecText(head + text, resolve('r2t/s.privspec'), nodeServices());
      assert.deepEqual(doc.parseResult.parserErrors, [], shape);
      const ds = await check(text, head, {}, friends);
      assert.deepEqual(codes(ds), ['auto-bound'], JSON.stringify(ds));
      assert.equal(errors(ds)[0].line, 6, shape);
      assert.equal(errors(ds)[0].column, text.indexOf('region') + 1, shape);
      assert.equal(
        errors(ds)[0].message,
        `'count ${shape} … by region': R2T's per-group release is not supported for pairs or triangles. It needs each unit in one group, but an edge list's columns describe edges, and one ${shape.slice(0, -1)} joins ${persons} persons who may lie in different groups; release the total, without 'by'`,
      );
      const where = await check(
        `release e: count ${shape} from friendships (a, b) where region = "n" bound unit auto up to 64 laplace epsilon 1\n`,
        head,
        {},
        friends,
      );
      assert.deepEqual(codes(where), ['auto-bound'], JSON.stringify(where));
      assert.match(errors(where)[0].message, /R2T takes no 'where' on an edge list yet/);
    }
  });

  // Issue 39's review (LOW): 'join … on status' was accepted, matching an order with every customer of its status.
  it('join-key: a join is a foreign-key join on the unit, not on another column both tables carry', async () => {
    const csv = {
      customers: 'customer_id,name,region,status\n1,Ada,north,gold\n2,Ben,south,blue\n',
      orders: 'order_id,customer_id,amount,status\n1,1,10,gold\n2,2,5,blue\n',
    };
    const ds = await check(
      'release a: count from orders join customers on status bound unit auto up to 64 laplace epsilon 1\n',
      HEAD,
      csv,
    );
    assert.deepEqual(codes(ds), ['join-key']);
    assert.match(
      errors(ds)[0].message,
      /'join … on status': a release over a join is a foreign-key join on the key of the primary private entity, the unit 'customer_id' of 'customers', which both tables carry; join on customer_id/,
    );
    const fine = await check(
      'release a: count from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
      HEAD,
      csv,
    );
    assert.deepEqual(errors(fine), []);
  });

  // Issue 39's review (MEDIUM): a sum of a column of the unit's table over a join read customers.col in memory and
  // orders.col in SQL (which failed). A sum over a join adds the joined table's column, and the checker says so.
  it('unknown-column: a sum over a join adds a column of the joined table alone, not of the unit’s table or of both', async () => {
    const csv = {
      customers: 'customer_id,name,region,age,amount\n1,Ada,north,30,1\n2,Ben,south,40,2\n',
      orders: ORDERS,
    };
    const own = await check(
      'release s: sum age clamp 0..100 from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
      HEAD,
      csv,
    );
    assert.deepEqual(codes(own), ['unknown-column']);
    assert.match(
      errors(own)[0].message,
      /'age' is a column of 'customers', the unit's table: a sum over a join adds a column of the joined table 'orders'/,
    );
    const both = await check(
      'release s: sum amount clamp 0..100 from customers join orders on customer_id bound unit auto up to 64 laplace epsilon 1\n',
      HEAD,
      csv,
    );
    assert.deepEqual(codes(both), ['unknown-column']);
    assert.match(errors(both)[0].message, /'amount' is a column of both 'orders' and 'customers'/);
    // The joined table's own column, whichever side of `join` it is written on.
    for (const src of ['orders join customers', 'customers join orders'])
      assert.deepEqual(
        errors(
          await check(
            `release s: sum amount clamp 0..100 from ${src} on customer_id bound unit auto up to 64 laplace epsilon 1\n`,
          ),
        ),
        [],
        src,
      );
  });

  // Issue 39's review (MEDIUM): clamp × 2^k ≥ 2^53 was refused at run time, after the spend.
  it('parameter-out-of-range: a clamp whose high end is 2^53 units of the sum grid or more is refused by the checker', async () => {
    // A clamp 0..2^53 has k = 0 (sum-grid.ts: max(|L|,|U|)·2^k near 2^20 gives k < 0, raised to 0): 2^53 units.
    const over = await check(
      'release s: sum amount clamp 0..9007199254740992 from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(over), ['parameter-out-of-range']);
    assert.match(errors(over)[0].message, /2\^53 or more units of 2\^−0.*below 9007199254740992/);
    // A user-facing message names the rule, not a source file (issue 39's closing note: it cited sum-grid.ts).
    assert.doesNotMatch(errors(over)[0].message, /\.ts\b/);
    // 2^53 − 2 (a double just below) fits.
    const under = await check(
      'release s: sum amount clamp 0..9007199254740990 from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(errors(under), []);
  });

  // The second review of issue 39: '(a, a)' was accepted, spent ε and released 0, every edge being a self-loop.
  it('an edge list read as (a, a) is one error naming the column twice, before any spend', async () => {
    const ds = await check(
      'release e: count pairs from friendships (a, a) bound unit auto up to 64 laplace epsilon 1\n',
    );
    assert.deepEqual(codes(ds), ['unknown-column'], JSON.stringify(ds));
    assert.match(errors(ds)[0].message, /'\(a, a\)' names one column twice: an edge's two endpoints are two columns/);
    assert.deepEqual(
      codes(await check('release e: count pairs from friendships (a, b) bound unit auto up to 64 laplace epsilon 1\n')),
      [],
    );
  });

  it('a dataset declared twice by name is a duplicate', async () => {
    const ds = await check('', HEAD + 'dataset orders from "orders.csv" { insensitive amount }\n');
    assert.ok(codes(ds).includes('duplicate'), JSON.stringify(ds));
  });

  it('zCDP: an R2T release costs ε²/2 (pure ε-DP is ε²/2-zCDP, Bun & Steinke 2016, Prop. 1.4)', async () => {
    const head = HEAD.replace('budget { epsilon 4 }', 'budget { rho 0.5 }');
    const ds = await check(
      'release a: count from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
      head,
    );
    assert.deepEqual(errors(ds), []);
    const over = await check(
      'release a: count from orders join customers on customer_id bound unit auto up to 64 laplace epsilon 1\n',
      head.replace('rho 0.5', 'rho 0.4999'),
    );
    // ε = 1 is ρ = 0.5 > 0.4999: over the budget.
    assert.ok(codes(over).includes('budget-overrun'), JSON.stringify(over));
  });
});
