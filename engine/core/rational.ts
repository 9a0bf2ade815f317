/**
 * Exact rational numbers on BigInt, the arithmetic under every sampler and every privacy-cost sum.
 *
 * Floating point cannot represent most ε values and rounds in both directions; privacy accounting must
 * never round in the user's disfavour, so costs and sampler parameters are carried as exact fractions
 * and converted to `number` only at the edges, with the rounding direction named by the function.
 */
export interface Rational {
  /** Numerator; carries the sign. */
  readonly num: bigint;
  /** Denominator; always positive. */
  readonly den: bigint;
}

export const ZERO: Rational = { num: 0n, den: 1n };
export const ONE: Rational = { num: 1n, den: 1n };

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The fraction num/den in lowest terms with a positive denominator. */
export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError('rational: zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

export const add = (a: Rational, b: Rational): Rational => rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Rational, b: Rational): Rational => rational(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational): Rational => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational): Rational => rational(a.num * b.den, a.den * b.num);
/** −1, 0 or 1 as a is below, equal to or above b. */
export const compare = (a: Rational, b: Rational): number => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const max = (a: Rational, b: Rational): Rational => (compare(a, b) >= 0 ? a : b);

const view = new DataView(new ArrayBuffer(8));

/** The exact value of a finite double: every double is m·2^e, a dyadic rational. */
export function fromNumberExact(x: number): Rational {
  if (!Number.isFinite(x)) throw new RangeError(`rational: ${x} is not finite`);
  if (x === 0) return ZERO;
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & 0xfffffffffffffn;
  let exponent: number;
  if (biased === 0) exponent = -1074;
  else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  const num = negative ? -mantissa : mantissa;
  return exponent >= 0 ? rational(num << BigInt(exponent)) : rational(num, 1n << BigInt(-exponent));
}

/**
 * The decimal a double prints as (`String(x)`, the shortest round-trip form), read exactly.
 * This is the number the user wrote (`0.1` means one tenth, not 0.1000000000000000055…).
 */
export function fromDecimal(x: number | string): Rational {
  const s = typeof x === 'number' ? String(x) : x.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === ''))
    throw new RangeError(`rational: '${s}' is not a finite decimal number`);
  const fraction = m[3] ?? '';
  let num = BigInt((m[2] || '0') + fraction);
  if (m[1] === '-') num = -num;
  const exponent = Number(m[4] ?? '0') - fraction.length;
  return exponent >= 0 ? rational(num * 10n ** BigInt(exponent)) : rational(num, 10n ** BigInt(-exponent));
}

export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

export function nextDown(x: number): number {
  return -nextUp(-x);
}

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/** The double nearest to r (ties as `Number` breaks them); the start of the directed conversions. */
export function toNumber(r: Rational): number {
  if (r.num === 0n) return 0;
  const negative = r.num < 0n;
  const n = negative ? -r.num : r.num;
  // Scale so that the integer quotient carries 64 significant bits, then let Number round it once.
  const shift = 64 - (bitLength(n) - bitLength(r.den));
  const q = shift >= 0 ? (n << BigInt(shift)) / r.den : n / (r.den << BigInt(-shift));
  // Scale by 2^−shift in two exact-then-rounding steps, so that neither power of two under- or overflows on its own
  // (a single 2^−1100 would be 0 and turn every subnormal result into 0).
  const first = Math.max(-1000, Math.min(1000, shift));
  const scaled = Number(q) * 2 ** -first * 2 ** -(shift - first);
  return negative ? -scaled : scaled;
}

/** The smallest double ≥ r. */
export function toNumberUp(r: Rational): number {
  let x = toNumber(r);
  while (Number.isFinite(x) && compare(fromNumberExact(x), r) < 0) x = nextUp(x);
  return x;
}

/** The largest double ≤ r. */
export function toNumberDown(r: Rational): number {
  let x = toNumber(r);
  while (Number.isFinite(x) && compare(fromNumberExact(x), r) > 0) x = nextDown(x);
  return x;
}

/**
 * A double whose printed decimal is ≥ r: the form in which privacy costs leave the engine,
 * so that a ledger reading them back with `fromDecimal` never undercounts.
 */
export function toCostNumber(r: Rational): number {
  // Start below: the double just under 3/10 prints as "0.3", which is exactly 3/10 and the friendliest answer.
  let x = toNumberDown(r);
  while (Number.isFinite(x) && compare(fromDecimal(x), r) < 0) x = nextUp(x);
  return x;
}

/** Floor of a rational as a BigInt (toward −∞). */
export function floor(r: Rational): bigint {
  const q = r.num / r.den;
  return r.num < 0n && q * r.den !== r.num ? q - 1n : q;
}

/** Formats a cost for messages: up to 12 significant digits, trailing zeros dropped (`0.2`, `1e-6`). */
export function formatNumber(x: number): string {
  return String(Number(x.toPrecision(12)));
}

export function formatRational(r: Rational): string {
  return formatNumber(toNumber(r));
}

/**
 * Moves x one ulp at a time in `direction` until `ok(x)`, the calibration step of every mechanism ("raise the scale
 * until the exact loss fits"). After 16 single steps it moves by a relative 2^−52·2^j for growing j, so that a poor
 * starting point (subnormal inputs, decimal budgets far from their double) cannot make it crawl. `ok` must become
 * true monotonically in that direction.
 */
export function nudgeUntil(x: number, ok: (x: number) => boolean, direction: 1 | -1): number {
  for (let i = 0; Number.isFinite(x) && !ok(x); i++) {
    if (i < 16) x = direction > 0 ? nextUp(x) : nextDown(x);
    else {
      const step = Math.max(Math.abs(x) * 2 ** Math.min(0, i - 16 - 52), Number.MIN_VALUE);
      x = direction > 0 ? x + step : x - step;
    }
  }
  return x;
}
