/**
 * Sources of random bits for every noise sampler in the engine.
 *
 * Releases draw from `cryptoRandom()`, backed by `globalThis.crypto.getRandomValues` (Web Crypto; present in browsers,
 * workers and Node ≥ 19), the only generator whose output an adversary cannot predict. `seededRandom(seed)` exists
 * so that tests and `--seed` runs are reproducible; it is a ChaCha20 keystream (RFC 8439), not the language's built-in
 * generator.
 */
import { chacha20Block } from './chacha20.js';

export interface RandomSource {
  /** A uniformly random integer in [0, 2^32). */
  nextUint32(): number;
  /** Whether the source is reproducible (seeded); reports say so, since such output is not private. */
  readonly deterministic: boolean;
}

const POOL_WORDS = 2048;

class CryptoSource implements RandomSource {
  readonly deterministic = false;
  private readonly pool = new Uint32Array(POOL_WORDS);
  private next = POOL_WORDS;

  constructor() {
    if (typeof globalThis.crypto?.getRandomValues !== 'function') {
      throw new Error('no cryptographically secure random generator (globalThis.crypto.getRandomValues) is available');
    }
  }

  nextUint32(): number {
    if (this.next === POOL_WORDS) {
      // One call fills 8 KiB; the Web Crypto limit is 64 KiB per call.
      globalThis.crypto.getRandomValues(this.pool);
      this.next = 0;
    }
    return this.pool[this.next++];
  }
}

let shared: CryptoSource | undefined;

/** The process-wide secure source (created on first use). */
export function cryptoRandom(): RandomSource {
  shared ??= new CryptoSource();
  return shared;
}

class ChaChaSource implements RandomSource {
  readonly deterministic = true;
  private readonly block = new Uint32Array(16);
  private readonly key: Uint32Array;
  private counter = 0;
  private next = 16;

  constructor(key: Uint32Array) {
    this.key = key;
  }

  nextUint32(): number {
    if (this.next === 16) {
      chacha20Block(this.key, this.counter++, this.block);
      this.next = 0;
    }
    return this.block[this.next++];
  }
}

/**
 * A reproducible stream for tests only: ChaCha20 keyed by the seed (expanded with SplitMix64), nonce zero.
 * The same seed gives the same samples on every platform.
 */
export function seededRandom(seed: number | bigint | string): RandomSource {
  let state = typeof seed === 'string' ? hashString(seed) : BigInt.asUintN(64, BigInt(seed));
  const key = new Uint32Array(8);
  for (let i = 0; i < 8; i += 2) {
    // SplitMix64 (Steele, Lea, Flood 2014) spreads a small seed over all 256 key bits.
    state = BigInt.asUintN(64, state + 0x9e3779b97f4a7c15n);
    let z = state;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    z ^= z >> 31n;
    key[i] = Number(z & 0xffffffffn);
    key[i + 1] = Number(z >> 32n);
  }
  return new ChaChaSource(key);
}

function hashString(s: string): bigint {
  // FNV-1a, 64-bit: only to turn a textual seed into a number.
  let h = 0xcbf29ce484222325n;
  for (const ch of new TextEncoder().encode(s)) h = BigInt.asUintN(64, (h ^ BigInt(ch)) * 0x100000001b3n);
  return h;
}
