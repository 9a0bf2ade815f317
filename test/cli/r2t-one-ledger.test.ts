import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runIn } from '../helpers/run-cli.js';
import { ledgerFileSync, ledgerOfLogText } from '../helpers/ledger.js';

// Issue 39's review, HIGH "one person, two ledgers": the spend of a release over a join or an edge list was recorded
// only in the ledger of the spec's unit table, so a second spec that read the same people through the other table
// (only the orders with `unit customer_id`, only the edge list, or the join with `unit` on the other table) opened a
// fresh ledger and spent them again. A release is now charged to the ledger of every dataset it reads.
const EXAMPLE = resolve('examples/r2t');

describe('privspec release: one person, one budget across specs over a join or an edge list (issue 39 review)', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'privspec-r2t-ledger-'));
    dirs.push(dir);
    cpSync(EXAMPLE, dir, { recursive: true });
    return dir;
  };
  const entries = (data: string) =>
    existsSync(ledgerFileSync(data))
      ? ledgerOfLogText(readFileSync(ledgerFileSync(data), 'utf8')).entries.map((e) => e.release)
      : [];

  it('a spec naming only the orders (unit customer_id) finds the join release of customers+orders in its ledger: 4 of ε 4 spent, ε 1 more is refused', async () => {
    const dir = copy();
    // The example's budget is ε 4: n_orders and revenue spend 1 each over the join, edges and triangles 1 each.
    const first = await runIn(dir, ['release', 'orders.privspec', '--out', 'out1']);
    assert.equal(first.code, 0, first.err + first.out);
    assert.deepEqual(entries(join(dir, 'customers.csv')), ['n_orders', 'revenue', 'edges', 'triangles']);
    // The join read the orders' rows: the same people's spend is in the orders' ledger too.
    assert.deepEqual(entries(join(dir, 'orders.csv')), ['n_orders', 'revenue']);
    writeFileSync(
      join(dir, 'only-orders.privspec'),
      'dataset orders from "orders.csv" { unit customer_id  insensitive order_id, amount }\nbudget { epsilon 4 }\n' +
        'release more: count from orders  bound unit auto up to 65536  laplace epsilon 2.5\n',
    );
    const second = await runIn(dir, ['release', 'only-orders.privspec', '--out', 'out2']);
    assert.equal(second.code, 1, second.err + second.out);
    assert.match(second.out + second.err, /no budget left/);
    assert.equal(existsSync(join(dir, 'out2', 'more.csv')), false);
    assert.deepEqual(entries(join(dir, 'orders.csv')), ['n_orders', 'revenue']);
  });

  it('the join with `unit` declared on the orders lands in the same two ledgers as the join with `unit` on customers', async () => {
    const dir = copy();
    assert.equal((await runIn(dir, ['release', 'orders.privspec', '--out', 'out1', '--only', 'n_orders'])).code, 0);
    writeFileSync(
      join(dir, 'other-way.privspec'),
      'dataset customers from "customers.csv" { identifying name  insensitive customer_id, region }\n' +
        'dataset orders from "orders.csv" { unit customer_id  insensitive order_id, amount }\nbudget { epsilon 4 }\n' +
        'release again: count from orders join customers on customer_id  bound unit auto up to 65536  laplace epsilon 1\n',
    );
    const second = await runIn(dir, ['release', 'other-way.privspec', '--out', 'out2']);
    assert.equal(second.code, 0, second.err + second.out);
    assert.deepEqual(entries(join(dir, 'customers.csv')), ['n_orders', 'again']);
    assert.deepEqual(entries(join(dir, 'orders.csv')), ['n_orders', 'again']);
    const json = JSON.parse(readFileSync(join(dir, 'out2', 'again.json'), 'utf8')) as { notes: string[] };
    assert.ok(
      json.notes.some((n) => /also charged to the ledger of the dataset 'customers'/.test(n)),
      json.notes.join('\n'),
    );
  });

  it("a spec naming only the edge list finds the pairs release of the customers' spec in the edge list's ledger", async () => {
    const dir = copy();
    assert.equal((await runIn(dir, ['release', 'orders.privspec', '--out', 'out1', '--only', 'edges'])).code, 0);
    assert.deepEqual(entries(join(dir, 'customers.csv')), ['edges']);
    assert.deepEqual(entries(join(dir, 'friendships.csv')), ['edges']);
    writeFileSync(
      join(dir, 'graph.privspec'),
      'dataset friendships from "friendships.csv" { insensitive a, b }\nbudget { epsilon 1.5 }\n' +
        'release pairs: count pairs from friendships (a, b)  bound unit auto up to 4096  laplace epsilon 1\n',
    );
    // ε 1 already spent on these people, ε 1 more does not fit in 1.5: refused, nothing written.
    const second = await runIn(dir, ['release', 'graph.privspec', '--out', 'out2']);
    assert.equal(second.code, 1, second.err + second.out);
    assert.match(second.out + second.err, /budget/);
    assert.equal(existsSync(join(dir, 'out2', 'pairs.csv')), false);
    assert.deepEqual(entries(join(dir, 'friendships.csv')), ['edges']);
  });

  it('a release one of its ledgers refuses is recorded in none', async () => {
    const dir = copy();
    // The orders' ledger holds ε 3.5 of a spec naming only the orders; the join's ε 1 fits the customers' ledger
    // (empty) but not the orders': refused, and the customers' ledger stays empty.
    writeFileSync(
      join(dir, 'only-orders.privspec'),
      'dataset orders from "orders.csv" { unit customer_id  insensitive order_id, amount }\nbudget { epsilon 4 }\n' +
        'release first: count from orders  bound unit auto up to 65536  laplace epsilon 3.5\n',
    );
    assert.equal((await runIn(dir, ['release', 'only-orders.privspec', '--out', 'out1'])).code, 0);
    const r = await runIn(dir, ['release', 'orders.privspec', '--out', 'out2', '--only', 'n_orders']);
    assert.equal(r.code, 1, r.err + r.out);
    assert.match(r.out + r.err, /the ledger of 'orders', a dataset this release reads/);
    assert.deepEqual(entries(join(dir, 'customers.csv')), []);
    assert.deepEqual(entries(join(dir, 'orders.csv')), ['first']);
  });
});
