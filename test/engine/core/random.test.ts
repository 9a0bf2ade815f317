import { strict as assert } from 'node:assert';
import { chacha20Block } from '../../../engine/core/chacha20.js';
import { cryptoRandom, seededRandom } from '../../../engine/core/random.js';

describe('core/random', () => {
  it('ChaCha20 matches the RFC 8439 §2.3.2 block test vector', () => {
    // Key 00:01:…:1f, nonce 00:00:00:09:00:00:00:4a:00:00:00:00, block counter 1.
    const key = new Uint32Array(8);
    for (let i = 0; i < 8; i++) key[i] = (4 * i) | ((4 * i + 1) << 8) | ((4 * i + 2) << 16) | ((4 * i + 3) << 24);
    const out = new Uint32Array(16);
    chacha20Block(key, 1, out, [0x09000000, 0x4a000000, 0]);
    assert.deepEqual([...out.slice(0, 4)], [0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3]);
    assert.equal(out[15], 0x4e3c50a2);
  });

  it('a seed gives the same stream every time, different seeds differ', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const xs = Array.from({ length: 20 }, () => a.nextUint32());
    assert.deepEqual(
      xs,
      Array.from({ length: 20 }, () => b.nextUint32()),
    );
    assert.notDeepEqual(
      xs,
      Array.from({ length: 20 }, () => c.nextUint32()),
    );
    assert.equal(a.deterministic, true);
  });

  it('the secure source uses Web Crypto and is not deterministic', () => {
    const r = cryptoRandom();
    assert.equal(r.deterministic, false);
    const xs = new Set(Array.from({ length: 5000 }, () => r.nextUint32()));
    // 5000 draws from 2^32 values give 5000²/2^33 ≈ 0.003 expected collisions; failing needs ≥ 10 of them, which has
    // probability < 1e−25. This is the one test that reads the unseeded secure source.
    assert.ok(xs.size > 4990);
  });
});
