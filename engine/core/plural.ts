/**
 * A count with its noun: "1 row", "2 rows", "0 classes". Every message that counts something says it this way, so that
 * no hand-written `n === 1 ? '' : 's'` can get a count wrong or leave a "1 rows" behind. English takes the singular for
 * exactly one, the plural for every other count, zero and fractions included.
 */

/** The noun `n` takes: `word` for exactly one, otherwise `pluralWord` (`word` + "s" when not given). */
export function pluralWord(n: number, word: string, pluralWord = `${word}s`): string {
  return n === 1 ? word : pluralWord;
}

/** `n` and its noun: plural(1, 'row') is "1 row", plural(3, 'class', 'classes') is "3 classes". */
export function plural(n: number, word: string, pluralForm?: string): string {
  return `${n} ${pluralWord(n, word, pluralForm)}`;
}
