import { strict as assert } from 'node:assert';
import { compareCodePoints } from '../../../engine/core/code-point-order.js';

// Code-point order is the order of UTF-8 bytes (RFC 3629, section 1: "byte-value lexicographic sorting order of UTF-8
// strings is the same as if ordered by character numbers"), which DuckDB, ClickHouse and PostgreSQL's "C" collation
// compare. JavaScript's < compares UTF-16 code units, which puts U+1F600 (0xD83D 0xDE00) before U+E000.
describe('compareCodePoints', () => {
  it('orders U+E000 before U+1F600, as their code points 0xE000 < 0x1F600 (where UTF-16 code units say the opposite)', () => {
    const privateUse = '\uE000';
    const emoji = '\u{1F600}';
    assert.ok(emoji < privateUse, 'as code units, the emoji comes first');
    assert.ok(compareCodePoints(privateUse, emoji) < 0);
    assert.ok(compareCodePoints(emoji, privateUse) > 0);
    // U+FB00 (ﬀ) also sorts before any supplementary character; below U+D800 both orders agree.
    assert.ok(compareCodePoints('\uFB00x', '\u{10000}') < 0);
    assert.ok(compareCodePoints('a', 'B') > 0 && compareCodePoints('B', 'a') < 0);
    assert.equal(compareCodePoints('east', 'east'), 0);
    assert.ok(compareCodePoints('eas', 'east') < 0, 'a prefix comes first');
  });

  it('agrees with the order of UTF-8 bytes on 20,000 random pairs across the planes', () => {
    // A fixed linear congruential sequence (seeded: a test), drawing from ASCII, U+D000–U+D7FF, U+E000–U+FFFF and
    // supplementary code points, where the two orders can differ.
    let state = 12345;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ranges = [
      [0x41, 0x7a],
      [0xd000, 0xd7ff],
      [0xe000, 0xfffd],
      [0x10000, 0x1f64f],
    ];
    const draw = () => {
      let s = '';
      const n = 1 + Math.floor(next() * 3);
      for (let i = 0; i < n; i++) {
        const [lo, hi] = ranges[Math.floor(next() * ranges.length)];
        s += String.fromCodePoint(lo + Math.floor(next() * (hi - lo + 1)));
      }
      return s;
    };
    for (let i = 0; i < 20_000; i++) {
      const a = draw();
      const b = draw();
      assert.equal(
        Math.sign(compareCodePoints(a, b)),
        Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))),
        `${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
      );
    }
  });
});
