/**
 * A preview on its way from the editor's extension host to the panel's page. The editor hands a typed array to a
 * webview as a binary buffer, where a plain array goes through JSON at every hop: the two maps of a 512² grid are
 * 524,288 numbers, and the real-editor test (test/e2e step 72) measured about 3 s from the host's post to the page's
 * receipt in code-server under load. So every long array of numbers travels as a Float64Array (the same values,
 * exactly), and the page reads both alike (index, length); what it keeps as its state is made plain again, since the
 * editor stores a page's state as JSON. Generic over the preview's shape: no kind is named here.
 */

/** Arrays of numbers at least this long travel as Float64Array; shorter ones are not worth a buffer. */
export const PACKED_LENGTH = 4096;

/** `value` with every array of at least PACKED_LENGTH numbers, at any depth, as a Float64Array. */
export function packArrays<T>(value: T): T {
  return pack(value) as T;
}

function pack(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length >= PACKED_LENGTH && value.every((v) => typeof v === 'number')) return Float64Array.from(value);
    return value.map(pack);
  }
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pack(v)]));
  return value;
}

/** `value` with every Float64Array, at any depth, as a plain array again (for JSON). */
export function unpackArrays<T>(value: T): T {
  return unpack(value) as T;
}

function unpack(value: unknown): unknown {
  if (value instanceof Float64Array) return Array.from(value);
  if (Array.isArray(value)) return value.map(unpack);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpack(v)]));
  return value;
}
