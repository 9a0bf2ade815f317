import type { GrammarAST } from 'langium';
import { DefaultTokenBuilder } from 'langium';
import type { TokenType } from 'chevrotain';

/** Keywords that may also name a column or a release. Each is a keyword elsewhere in the grammar. */
export const SOFT_KEYWORDS: ReadonlySet<string> = new Set([
  'date',
  'month',
  'year',
  'decade',
  'unit',
  'size',
  'rows',
  'groups',
  'k',
  'c',
  'count',
  'sum',
  'mean',
  'mode',
  'grid',
  'sampling',
  'metric',
  'loss',
  'weight',
  'view',
  'identity',
  'table',
  'postgres',
  'clickhouse',
  'equal',
  'ordered',
  'hierarchical',
  'local',
  'hashes',
  'width',
  'pairs',
  'triangles',
  'join',
  'auto',
  'up',
  'to',
]);

/**
 * Soft keywords: the tokens above belong to the ID token category, so that wherever the grammar expects an ID it also
 * accepts them, while where it expects the keyword it sees the keyword. Listing them as alternatives of a name rule
 * instead made every parse three times slower (the parser's lookahead grows with the alternatives).
 */
export class PrivspecTokenBuilder extends DefaultTokenBuilder {
  protected override buildKeywordToken(
    keyword: GrammarAST.Keyword,
    terminalTokens: TokenType[],
    caseInsensitive: boolean,
  ): TokenType {
    const token = super.buildKeywordToken(keyword, terminalTokens, caseInsensitive);
    if (!SOFT_KEYWORDS.has(keyword.value)) return token;
    const id = terminalTokens.find((t) => t.name === 'ID');
    return id ? { ...token, CATEGORIES: [id] } : token;
  }
}
