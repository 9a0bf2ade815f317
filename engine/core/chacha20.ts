/**
 * The ChaCha20 block function (Bernstein 2008; RFC 8439 §2.3) with a 32-bit block counter and a zero nonce.
 * Used only by `seededRandom`, the reproducible generator for tests.
 */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];

function quarterRound(x: Uint32Array, a: number, b: number, c: number, d: number): void {
  x[a] = (x[a] + x[b]) >>> 0;
  x[d] ^= x[a];
  x[d] = (x[d] << 16) | (x[d] >>> 16);
  x[c] = (x[c] + x[d]) >>> 0;
  x[b] ^= x[c];
  x[b] = (x[b] << 12) | (x[b] >>> 20);
  x[a] = (x[a] + x[b]) >>> 0;
  x[d] ^= x[a];
  x[d] = (x[d] << 8) | (x[d] >>> 24);
  x[c] = (x[c] + x[d]) >>> 0;
  x[b] ^= x[c];
  x[b] = (x[b] << 7) | (x[b] >>> 25);
}

const state = new Uint32Array(16);

/** Writes the 16 keystream words of block `counter` for `key` (8 words) and `nonce` (3 words) into `out`. */
export function chacha20Block(
  key: Uint32Array,
  counter: number,
  out: Uint32Array,
  nonce: ArrayLike<number> = [0, 0, 0],
): void {
  state.set(SIGMA, 0);
  state.set(key, 4);
  state[12] = counter >>> 0;
  state[13] = nonce[0];
  state[14] = nonce[1];
  state[15] = nonce[2];
  out.set(state);
  for (let i = 0; i < 10; i++) {
    quarterRound(out, 0, 4, 8, 12);
    quarterRound(out, 1, 5, 9, 13);
    quarterRound(out, 2, 6, 10, 14);
    quarterRound(out, 3, 7, 11, 15);
    quarterRound(out, 0, 5, 10, 15);
    quarterRound(out, 1, 6, 11, 12);
    quarterRound(out, 2, 7, 8, 13);
    quarterRound(out, 3, 4, 9, 14);
  }
  for (let i = 0; i < 16; i++) out[i] = (out[i] + state[i]) >>> 0;
}
