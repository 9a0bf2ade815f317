/**
 * The values of the spec's tokens. Langium's default reads a STRING's escapes by its own table (\b, \f, \v, \0 and any
 * other character after a backslash as itself), after which privspec undid escapes a second time, so `"a\\b\x"` read
 * `abx` (issue 35 item 5). Here a STRING is read once, by the language's one decoder (privspec-text.ts).
 */
import { DefaultValueConverter, type CstNode, type GrammarAST, type ValueType } from 'langium';
import { decodeString, stringBody } from './privspec-text.js';

export class PrivspecValueConverter extends DefaultValueConverter {
  protected override runConverter(rule: GrammarAST.AbstractRule, input: string, cstNode: CstNode): ValueType {
    if (rule.name === 'STRING') return decodeString(stringBody(input));
    return super.runConverter(rule, input, cstNode);
  }
}
