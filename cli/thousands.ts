/**
 * An integer with thousands separators, as `x.toLocaleString('en-US')` writes it ("20,000,000"), without Intl: the
 * first
 * `toLocaleString` of a process loads the locale data, about 30 ms of a command's cold start. Other numbers (fractions,
 * non-finite, beyond 2^53) still go through `toLocaleString`, so the text is the same for every input.
 */
export function thousands(x: number): string {
  if (!Number.isSafeInteger(x) || Object.is(x, -0)) return x.toLocaleString('en-US');
  const digits = String(Math.abs(x));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return x < 0 ? `-${out}` : out;
}
