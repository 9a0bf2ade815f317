/**
 * A noun phrase with its indefinite article: "a sensitive column", "an insensitive column". The article goes by the
 * sound of the next word; English spelling gives it for the words privspec's messages use (roles, kinds, uses): a vowel
 * letter takes "an", but a "u" sounded as "you" (unit, user, usual) keeps "a".
 */
export function withArticle(phrase: string): string {
  const soundsVowel = /^[aeio]/i.test(phrase) || /^u(?!ni|s[eu]|ti)/i.test(phrase);
  return `${soundsVowel ? 'an' : 'a'} ${phrase}`;
}
