/**
 * MD5 (Rivest, RFC 1321) of a string's UTF-8 bytes, as 32 lowercase hexadecimal digits. It is here only because it is
 * the one hash that DuckDB (`md5`), PostgreSQL (`md5`), ClickHouse (`MD5`) and Spark SQL (`md5`) all compute, so the
 * keyed row order of contribution bounding (keyed-order.ts) is the same in privspec and in every database. It orders
 * rows; it protects nothing (the seed stays secret and is fresh for each run, and the privacy guarantee does not depend
 * on which rows a unit keeps, only on how many).
 */
const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
/** K[i] = ⌊2^32·|sin(i + 1)|⌋ (RFC 1321, §3.4). */
const K = Int32Array.from({ length: 64 }, (_, i) => Math.floor(2 ** 32 * Math.abs(Math.sin(i + 1))) | 0);
const encoder = new TextEncoder();

export function md5Hex(text: string): string {
  const bytes = encoder.encode(text);
  // Padding: a 1 bit, zeros to 56 mod 64 bytes, then the bit length as a 64-bit little-endian integer.
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const bits = bytes.length * 8;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, bits >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bits / 2 ** 32), true);
  let a0 = 0x67452301,
    b0 = 0xefcdab89 | 0,
    c0 = 0x98badcfe | 0,
    d0 = 0x10325476;
  const m = new Int32Array(16);
  for (let off = 0; off < padded.length; off += 64) {
    for (let j = 0; j < 16; j++) m[j] = view.getInt32(off + 4 * j, true);
    let a = a0,
      b = b0,
      c = c0,
      d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) [f, g] = [(b & c) | (~b & d), i];
      else if (i < 32) [f, g] = [(d & b) | (~d & c), (5 * i + 1) & 15];
      else if (i < 48) [f, g] = [b ^ c ^ d, (3 * i + 5) & 15];
      else [f, g] = [c ^ (b | ~d), (7 * i) & 15];
      const sum = (a + f + K[i] + m[g]) | 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << S[i]) | (sum >>> (32 - S[i])))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0])
    for (let j = 0; j < 4; j++) hex += ((word >>> (8 * j)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}
