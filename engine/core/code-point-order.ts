/**
 * Strings in Unicode code-point order: the order of their UTF-8 bytes, which DuckDB and ClickHouse compare and
 * PostgreSQL compares under `COLLATE "C"`. JavaScript's `<` compares UTF-16 code units instead, which differs where a
 * surrogate pair (a code point above U+FFFF, such as an emoji) meets a unit of U+E000–U+FFFF: as code units the pair's
 * 0xD800–0xDFFF sorts first, as code points it sorts last. A choice made in memory and in SQL ("the least of a unit's
 * groups") must use the one order.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Below 0xD800 both orders agree; from there, surrogates move above U+E000–U+FFFF.
    if (x >= 0xd800 && y >= 0xd800) return lift(x) - lift(y);
    return x - y;
  }
  return a.length - b.length;
}

/** A UTF-16 code unit from 0xD800 up, renumbered so that surrogates come after U+E000–U+FFFF. */
function lift(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
