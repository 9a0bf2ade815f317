/**
 * The distinct values of one column, keyed by their raw UTF-8 bytes.
 *
 * The CSV parser looks every field up here without ever building a JavaScript string for it: a field is just a byte
 * range. Only the distinct values are copied, into `arena` (each followed by one separator byte), and they become
 * strings once, at the end, in a single `TextDecoder` call, which also checks that they are UTF-8. The per-row cost is
 * one probe of a hash table, or for small canonical integers one array read, and memory is proportional to the distinct
 * values.
 *
 * The state is made of typed arrays only, so a worker thread can hand a dictionary to the main thread by transfer.
 */
export interface ByteDictionaryState {
  size: number;
  /**
   * Open-addressing table, four numbers per slot: code + 1 (0 when empty), the hash, and two words holding a short
   * value's bytes and length. A probe can thus accept or reject most values without reading elsewhere. Slots: a power
   * of two.
   */
  table: Int32Array;
  /**
   * Per code, four numbers: the hash (0 for numbers kept in `direct`), where the bytes start and end in `arena`, and
   * the row of first appearance.
   */
  entries: Int32Array;
  arena: Uint8Array;
  arenaLength: number;
  /** Code + 1 of each canonical number below one million that occurred (0 if none); it grows as larger ones occur. */
  direct: Int32Array;
  /** How many values live in `table` (the others live in `direct`). */
  hashed: number;
}

/** Any ASCII byte works as separator: it makes each value's UTF-8 validity independent of its neighbours'. */
const SEPARATOR = 0x0a;

export class ByteDictionary {
  size: number;
  private table: Int32Array;
  private mask: number;
  private entries: Int32Array;
  private arena: Uint8Array;
  private arenaLength: number;
  private direct: Int32Array;
  private hashed: number;

  constructor(state?: ByteDictionaryState) {
    this.size = state?.size ?? 0;
    this.table = state?.table ?? new Int32Array(4 * 64);
    this.mask = (this.table.length >> 2) - 1;
    this.entries = state?.entries ?? new Int32Array(4 * 32);
    this.arena = state?.arena ?? new Uint8Array(256);
    this.arenaLength = state?.arenaLength ?? 0;
    this.direct = state?.direct ?? new Int32Array(0);
    this.hashed = state?.hashed ?? 0;
  }

  /** The typed arrays behind this dictionary, e.g. to post them to another thread. */
  toState(): ByteDictionaryState {
    return {
      size: this.size,
      table: this.table,
      entries: this.entries,
      arena: this.arena,
      arenaLength: this.arenaLength,
      direct: this.direct,
      hashed: this.hashed,
    };
  }

  /** The row on which the value with this code first appeared. */
  firstRow(code: number): number {
    return this.entries[4 * code + 3];
  }

  /**
   * The code of the value `bytes[start, end)`, adding it when new with `row` as its first row. `view` must be a
   * DataView over the same memory as `bytes`; reading a value's first eight bytes through it costs two loads instead of
   * a loop.
   *
   * Values of up to 7 bytes are packed into two words (bytes 0-3; bytes 4-6 and the length) that are both their hash
   * input and stored in the slot, so that most lookups compare within the slot and touch no other memory. Longer values
   * get the marker -1 as second word, an FNV-1a hash of all their bytes, and a byte comparison. This method is the hot
   * path: it is kept small (numbers here, the rest in `codeHashed`) so that the scanner's loop can inline it.
   */
  code(bytes: Uint8Array, view: DataView, start: number, end: number, row: number): number {
    const length = end - start;
    if (length > 0 && length <= 6) {
      // A number in canonical form (no sign, no leading zero) below one million indexes `direct` instead of the hash
      // table: no hashing, and 4 bytes per possible value instead of 32 per entry, which matters for columns such as
      // incomes or identifiers with hundreds of thousands of distinct values, whose hash table would not fit in cache.
      let v = bytes[start] - 48;
      if ((v > 0 && v <= 9) || (v === 0 && length === 1)) {
        let k = start + 1;
        for (; k < end; k++) {
          const d = bytes[k] - 48;
          if (d < 0 || d > 9) break;
          v = v * 10 + d;
        }
        if (k === end) {
          if (v < this.direct.length) {
            const c = this.direct[v];
            if (c !== 0) return c - 1;
          }
          return this.insertNumber(v, bytes, start, end, row);
        }
      }
    }
    return this.codeHashed(bytes, view, start, end, row);
  }

  /** `code` for values other than small canonical numbers. */
  private codeHashed(bytes: Uint8Array, view: DataView, start: number, end: number, row: number): number {
    const length = end - start;
    if (length > 7 || start + 8 > bytes.length) return this.codeSlow(bytes, view, start, end, row);
    let w0 = view.getInt32(start, true);
    let w1 = view.getInt32(start + 4, true);
    if (length < 4) {
      w0 &= (1 << (8 * length)) - 1;
      w1 = length << 24;
    } else w1 = (w1 & ((1 << (8 * (length - 4))) - 1)) | (length << 24);
    const hash = mix(Math.imul(w0, 0x9e3779b1) ^ w1);
    const table = this.table;
    const mask = this.mask;
    let slot = hash & mask;
    for (;;) {
      const at = 4 * slot;
      const entry = table[at];
      if (entry === 0) return this.insert(slot, bytes, start, end, hash, w0, w1, row);
      if (table[at + 2] === w0 && table[at + 3] === w1) return entry - 1;
      slot = (slot + 1) & mask;
    }
  }

  /** `code` for values longer than 7 bytes, and for short ones too near the end of `bytes` to read 8 bytes. */
  private codeSlow(bytes: Uint8Array, view: DataView, start: number, end: number, row: number): number {
    const length = end - start;
    let w0 = 0;
    let w1 = -1;
    let hash: number;
    if (length <= 7) {
      w1 = length << 24;
      for (let k = 0; k < length; k++) {
        if (k < 4) w0 |= bytes[start + k] << (8 * k);
        else w1 |= bytes[start + k] << (8 * (k - 4));
      }
      hash = mix(Math.imul(w0, 0x9e3779b1) ^ w1);
    } else {
      // FNV-1a over 4-byte words, then the last bytes one by one: a quarter of the steps of a byte-wise hash.
      let h = 0x811c9dc5 | 0;
      let k = start;
      for (; k + 4 <= end; k += 4) h = Math.imul(h ^ view.getInt32(k, true), 0x01000193);
      for (; k < end; k++) h = Math.imul(h ^ bytes[k], 0x01000193);
      hash = mix(h);
    }
    const table = this.table;
    const mask = this.mask;
    let slot = hash & mask;
    for (;;) {
      const at = 4 * slot;
      const entry = table[at];
      if (entry === 0) return this.insert(slot, bytes, start, end, hash, w0, w1, row);
      if (
        table[at + 1] === hash &&
        table[at + 2] === w0 &&
        table[at + 3] === w1 &&
        (w1 !== -1 || this.equals(entry - 1, bytes, start, end))
      ) {
        return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Like `code`, for the value with code `c` in another dictionary, appearing first at `row` in this one's rows. */
  codeOfEntry(other: ByteDictionaryState, otherView: DataView, c: number, row: number): number {
    const e = other.entries;
    return this.code(other.arena, otherView, e[4 * c + 1], e[4 * c + 2], row);
  }

  private insertNumber(v: number, bytes: Uint8Array, start: number, end: number, row: number): number {
    if (v >= this.direct.length) {
      let capacity = Math.max(1024, this.direct.length);
      while (capacity <= v) capacity *= 2;
      const direct = new Int32Array(capacity);
      direct.set(this.direct);
      this.direct = direct;
    }
    const c = this.append(bytes, start, end, 0, row);
    this.direct[v] = c + 1;
    return c;
  }

  private equals(c: number, bytes: Uint8Array, start: number, end: number): boolean {
    const a = this.entries[4 * c + 1];
    const length = end - start;
    if (this.entries[4 * c + 2] - a !== length) return false;
    const arena = this.arena;
    for (let k = 0; k < length; k++) if (arena[a + k] !== bytes[start + k]) return false;
    return true;
  }

  private insert(
    slot: number,
    bytes: Uint8Array,
    start: number,
    end: number,
    hash: number,
    w0: number,
    w1: number,
    row: number,
  ): number {
    const c = this.append(bytes, start, end, hash, row);
    this.table[4 * slot] = c + 1;
    this.table[4 * slot + 1] = hash;
    this.table[4 * slot + 2] = w0;
    this.table[4 * slot + 3] = w1;
    this.hashed++;
    // Keeping the load factor at most 1/2 keeps probe sequences short.
    if (this.hashed * 2 > this.mask + 1) this.rehash();
    return c;
  }

  /** Adds a value to the entries and the arena; the caller files its code in the hash table or `direct`. */
  private append(bytes: Uint8Array, start: number, end: number, hash: number, row: number): number {
    const c = this.size;
    if (4 * c === this.entries.length) {
      const entries = new Int32Array(this.entries.length * 2);
      entries.set(this.entries);
      this.entries = entries;
    }
    const length = end - start;
    if (this.arenaLength + length + 1 > this.arena.length) {
      const arena = new Uint8Array(Math.max(this.arena.length * 2, this.arenaLength + length + 1));
      arena.set(this.arena.subarray(0, this.arenaLength));
      this.arena = arena;
    }
    const at = this.arenaLength;
    if (length > 16) this.arena.set(bytes.subarray(start, end), at);
    else for (let k = 0; k < length; k++) this.arena[at + k] = bytes[start + k];
    this.arena[at + length] = SEPARATOR;
    this.arenaLength = at + length + 1;
    const e = this.entries;
    e[4 * c] = hash;
    e[4 * c + 1] = at;
    e[4 * c + 2] = at + length;
    e[4 * c + 3] = row;
    this.size = c + 1;
    return c;
  }

  private rehash(): void {
    const old = this.table;
    const slots = (this.mask + 1) * 2;
    const table = new Int32Array(4 * slots);
    const mask = slots - 1;
    for (let at = 0; at < old.length; at += 4) {
      if (old[at] === 0) continue;
      let slot = old[at + 1] & mask;
      while (table[4 * slot] !== 0) slot = (slot + 1) & mask;
      table[4 * slot] = old[at];
      table[4 * slot + 1] = old[at + 1];
      table[4 * slot + 2] = old[at + 2];
      table[4 * slot + 3] = old[at + 3];
    }
    this.table = table;
    this.mask = mask;
  }

  /**
   * The values as strings, in code order. When a value is not valid UTF-8, returns the code of the first such value
   * instead (codes are in order of first appearance, so that is also the earliest in the file).
   */
  decode(): { values: string[] } | { invalid: number } {
    const bytes = this.arena.subarray(0, this.arenaLength);
    const e = this.entries;
    let text: string;
    try {
      // ignoreBOM keeps a U+FEFF that starts the first value as data; the file's own BOM was removed earlier.
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return { invalid: this.firstInvalid() };
    }
    const values = new Array<string>(this.size);
    if (text.length === this.arenaLength) {
      // All ASCII: byte offsets are string offsets.
      for (let c = 0; c < this.size; c++) values[c] = text.slice(e[4 * c + 1], e[4 * c + 2]);
      return { values };
    }
    // Map byte offsets to UTF-16 offsets: every byte that is not a continuation byte starts one code point,
    // which takes two UTF-16 units when its UTF-8 form has four bytes.
    let unit = 0;
    let c = 0;
    let startUnit = 0;
    for (let i = 0; i <= this.arenaLength && c < this.size; i++) {
      if (i === e[4 * c + 1]) startUnit = unit;
      if (i === e[4 * c + 2]) {
        values[c] = text.slice(startUnit, unit);
        c++;
      }
      const b = bytes[i];
      if (b < 0x80 || b >= 0xc0) unit += b >= 0xf0 ? 2 : 1;
    }
    return { values };
  }

  private firstInvalid(): number {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    for (let c = 0; c < this.size; c++) {
      try {
        decoder.decode(this.arena.subarray(this.entries[4 * c + 1], this.entries[4 * c + 2]));
      } catch {
        return c;
      }
    }
    return 0;
  }
}

/** The finalizer of MurmurHash3: spreads FNV's weak low bits before they pick a slot. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
