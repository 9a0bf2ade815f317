/**
 * Separates the values of a group key that R2T releases build in memory and in SQL alike (r2t-contributions.ts,
 * sql/r2t-sql.ts): U+0001, below every printable character, so that keys compare as their tuples do; PostgreSQL's text
 * cannot hold U+0000.
 */
export const GROUP_SEPARATOR = '\u0001';
