import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { keyedBoundRows } from '../../../engine/source/bounded-rows.js';
import { keyedHashInput } from '../../../engine/source/keyed-order.js';
import { md5Hex } from '../../../engine/source/md5.js';
import { memoryAggregate } from '../../../engine/source/memory-source.js';
import { tableFromRows } from '../../../engine/table/table.js';

describe('keyed order of contribution bounding', () => {
  it('md5 gives the RFC 1321 test-suite digests (Appendix A.5) and agrees with node:crypto on UTF-8 text', () => {
    assert.equal(md5Hex(''), 'd41d8cd98f00b204e9800998ecf8427e');
    assert.equal(md5Hex('a'), '0cc175b9c0f1b6a831c399e269772661');
    assert.equal(md5Hex('abc'), '900150983cd24fb0d6963f7d28e17f72');
    assert.equal(md5Hex('message digest'), 'f96b697d7cb7938d525a2f31aaf161d0');
    assert.equal(
      md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890'),
      '57edf4a22be3c955ac49da2e2107b67a',
    );
    for (const s of ['Zürich', '東京', '😀x', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'w'.repeat(1000)]) {
      assert.equal(md5Hex(s), createHash('md5').update(s, 'utf8').digest('hex'), s);
    }
  });

  it('prefixes each part with its length in code points, so that no two part lists give one input', () => {
    assert.equal(keyedHashInput('s', ['ab', 'c']), 's|2:ab1:c');
    assert.equal(keyedHashInput('s', ['a', 'bc']), 's|1:a2:bc');
    // '😀' is one code point (two UTF-16 units): SQL's char_length counts 1.
    assert.equal(keyedHashInput('s', ['😀']), 's|1:😀');
  });

  it('keeps at most P partitions per unit and R rows per partition, and the same rows for the same seed', () => {
    const rows: string[][] = [];
    for (let u = 0; u < 20; u++) for (let i = 0; i < 12; i++) rows.push([`u${u}`, `g${i % 4}`, String(i)]);
    const table = tableFromRows(['unit', 'g', 'x'], rows);
    const all = Int32Array.from({ length: table.rowCount }, (_, i) => i);
    const bound = {
      unit: 'unit',
      partitionBy: ['g'],
      maxPartitions: 2,
      maxRowsPerPartition: 2,
      seed: '0123456789abcdef0123456789abcdef',
    };
    const kept = keyedBoundRows(table, all, bound, ['x']);
    // Each unit has 4 partitions of 3 rows: it keeps 2 partitions × 2 rows = 4 rows.
    assert.equal(kept.length, 20 * 4);
    const perUnit = new Map<string, Map<string, number>>();
    for (const r of kept) {
      const [u, g] = rows[r];
      const m = perUnit.get(u) ?? new Map<string, number>();
      m.set(g, (m.get(g) ?? 0) + 1);
      perUnit.set(u, m);
    }
    for (const m of perUnit.values()) {
      assert.equal(m.size, 2);
      for (const n of m.values()) assert.equal(n, 2);
    }
    assert.deepEqual(keyedBoundRows(table, all, bound, ['x']), kept);
    const other = keyedBoundRows(table, all, { ...bound, seed: 'fedcba9876543210fedcba9876543210' }, ['x']);
    assert.notDeepEqual(other, kept);
  });

  it('answers an aggregate with the clamped values per group: a hand count', () => {
    const table = tableFromRows(
      ['g', 'x'],
      [
        ['a', '5'],
        ['a', '20'],
        ['a', ''],
        ['b', 'x'],
        ['b', '3'],
        ['b', '3'],
      ],
    );
    const answer = memoryAggregate(table, { id: 'q', groupBy: ['g'], clamp: { column: 'x', low: 0, high: 10 } });
    const sorted = [...answer.groups].map((g) => `${g.key.join(',')}:${g.value}:${g.rows}`).sort();
    // '20' clamps to 10; '' and 'x' count as the low end 0.
    assert.deepEqual(sorted, ['a:0:1', 'a:10:1', 'a:5:1', 'b:0:1', 'b:3:2']);
    assert.equal(answer.selectedRows, 6);
  });
});
