/**
 * Diagnostics that teach instead of echoing the parser: a misspelt keyword is "unknown keyword 'laplase' (did you mean
 * 'laplace'?)", the candidates being the keywords the grammar expects at that position (the completion provider's,
 * which reads the parser's follow set), with a quick fix; and an unknown column is one error, with nothing else said
 * about the same name (a data-dependent domain, a pin without effect) since those follow from the typo and vanish with
 * its fix.
 */
import type { LangiumDocument } from 'langium';
import { CompletionItemKind, type Diagnostic } from 'vscode-languageserver-types';
import { didYouMean } from '../did-you-mean.js';
import { IssueCodes } from '../issue-codes.js';
import { codeDescription } from './diagnostic-docs.js';

/** The keywords the grammar accepts at a position (from completion), or undefined when they cannot be had. */
export type ExpectedKeywords = (
  document: LangiumDocument,
  position: Diagnostic['range']['start'],
) => Promise<readonly string[] | undefined>;

/** The completion items at a position that are keywords, as the completion provider offers them. */
export function keywordsFromCompletion(
  getCompletion: (
    document: LangiumDocument,
    params: { textDocument: { uri: string }; position: Diagnostic['range']['start'] },
  ) => unknown,
): ExpectedKeywords {
  return async (document, position) => {
    const list = (await getCompletion(document, { textDocument: { uri: document.uri.toString() }, position })) as
      { items: readonly { label: string; kind?: number }[] } | undefined;
    return list?.items.filter((i) => i.kind === CompletionItemKind.Keyword).map((i) => i.label);
  };
}

/** A diagnostic's message as text (the protocol also allows markup). */
const text = (d: Diagnostic): string => (typeof d.message === 'string' ? d.message : d.message.value);

const FOUND = /but found:?\s*['`](.+?)['`]\.?\s*$/s;
const WORD = /^[A-Za-z_][\w-]*$/;

/** Rewrites parser errors at a misspelt keyword, and keeps one error per unknown column reference. */
export async function focusTypos(
  document: LangiumDocument,
  diagnostics: readonly Diagnostic[],
  expected: ExpectedKeywords | undefined,
): Promise<Diagnostic[]> {
  let out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    const code = String(d.code ?? (d.data as { code?: string } | undefined)?.code ?? '');
    const found = code === 'parsing-error' ? FOUND.exec(text(d))?.[1] : undefined;
    if (found && WORD.test(found) && expected) {
      const key = `${d.range.start.line}:${d.range.start.character}`;
      // The parser may report one bad token twice (in recovery): one message is enough.
      if (seen.has(key)) continue;
      seen.add(key);
      let candidates: readonly string[] | undefined;
      try {
        candidates = await expected(document, d.range.start);
      } catch {
        candidates = undefined;
      }
      const guess =
        candidates &&
        didYouMean(
          found,
          candidates.filter((c) => c !== found),
        );
      if (guess) {
        out.push({
          ...d,
          message: `unknown keyword '${found}' (did you mean '${guess}'?)`,
          code: IssueCodes.UnknownKeyword,
          codeDescription: codeDescription(IssueCodes.UnknownKeyword),
          data: { code: IssueCodes.UnknownKeyword, replacement: guess },
        });
        continue;
      }
    }
    out.push(d);
  }
  // A release whose mechanism keyword is misspelt "needs a mechanism" only because of the typo: the typo is the error.
  const typos = out.filter((d) => d.code === IssueCodes.UnknownKeyword).map((d) => d.range.start);
  // The parser ends the release before the bad word, so the word lies on the lines the release spans, not inside it.
  const inside = (r: Diagnostic['range'], p: Diagnostic['range']['start']) =>
    r.start.line <= p.line && p.line <= r.end.line;
  if (typos.length > 0)
    out = out.filter((d) => d.code !== IssueCodes.MissingMechanism || !typos.some((p) => inside(d.range, p)));
  // The names the spec misspells: any other diagnostic about the same name is a consequence of the typo.
  const unknown = new Set(
    out
      .filter((d) => d.code === IssueCodes.UnknownColumn)
      .map((d) => /^unknown column '(.+?)'/.exec(text(d))?.[1])
      .filter((n): n is string => n !== undefined),
  );
  if (unknown.size === 0) return out;
  return out.filter(
    (d) => d.code === IssueCodes.UnknownColumn || ![...unknown].some((name) => text(d).includes(`'${name}'`)),
  );
}
