import { strict as assert } from 'node:assert';
import { openClickHouseSource } from '../../../../engine/node/clickhouse/clickhouse-source.js';
import { startClickHouseCluster, type ClickHouseCluster } from '../../../helpers/clickhouse-cluster.js';
import { serverOrSkip } from '../../../helpers/server-process.js';
import { sourceEquivalence } from '../../../helpers/source-equivalence.js';

describe('ClickHouse source over a Distributed table on two shards: identical pre-noise figures to the in-memory source', function () {
  this.timeout(180_000);
  let cluster: ClickHouseCluster;
  before(async function () { cluster = await serverOrSkip(this, () => startClickHouseCluster()); });
  after(async () => cluster?.stop());

  sourceEquivalence(() => ({
    load: (name, columns, rows) => cluster.distributedTable(`privspec.${name}`, columns, rows),
    open: (name) => openClickHouseSource(`privspec.${name}`, cluster.settings),
  }));

  it('names a missing table and an unknown column in one line', async () => {
    await assert.rejects(openClickHouseSource('privspec.nope', cluster.settings), /clickhouse:privspec\.nope: .*Table privspec\.nope doesn't exist/);
    await cluster.distributedTable('privspec.small', ['a'], [['x']]);
    const s = await openClickHouseSource('privspec.small', cluster.settings);
    await assert.rejects(s.frequencyTable({ columns: ['b'] }), /no column 'b' in clickhouse:privspec\.small \(columns: a\)/);
  });
});
