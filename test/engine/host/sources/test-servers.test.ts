import { strict as assert } from 'node:assert';
import { startClickHouseCluster } from '../../../helpers/clickhouse-cluster.js';
import { startPostgres } from '../../../helpers/postgres-server.js';
import { serverOrSkip, ServerUnavailable } from '../../../helpers/server-process.js';

/**
 * The database tests' rule for a machine without the servers: a developer gets a skip that says what to install, CI
 * (where .ci/run installs the packages) gets a failure, so a broken install never passes as "0 failing".
 */
describe('test servers that cannot start', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('say which package is missing, and fail instead of skipping when CI is set', async () => {
    process.env.PRIVSPEC_PG_BIN = '/nonexistent';
    process.env.PRIVSPEC_CLICKHOUSE_SERVER = '/nonexistent/clickhouse-server';
    await assert.rejects(
      startPostgres(),
      (e: Error) => e instanceof ServerUnavailable && /"postgresql" package/.test(e.message),
    );
    process.env.CI = 'true';
    const context = { skip: () => assert.fail('skipped in CI') } as unknown as Mocha.Context;
    await assert.rejects(
      serverOrSkip(context, () => startPostgres()),
      /CI=true: this test must run, not skip/,
    );
    await assert.rejects(
      serverOrSkip(context, () => startClickHouseCluster()),
      /"clickhouse-server" package.*CI=true/,
    );
  });

  it("skip with that reason on a developer's machine", async () => {
    process.env.PRIVSPEC_PG_BIN = '/nonexistent';
    delete process.env.CI;
    let skipped = false;
    const context = {
      skip: () => {
        skipped = true;
        throw new Error('skip');
      },
    } as unknown as Mocha.Context;
    await assert.rejects(
      serverOrSkip(context, () => startPostgres()),
      /skip/,
    );
    assert.ok(skipped);
  });
});
