import {
  DefaultDocumentValidator,
  type LangiumCoreServices,
  type LangiumDocument,
  type ValidationOptions,
} from 'langium';
import type { LangiumServices } from 'langium/lsp';
import type { CancellationToken } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import { loadKindsOf } from '../load-spec-kinds.js';
import { describeDiagnostic } from './diagnostic-docs.js';
import { focusTypos, keywordsFromCompletion, type ExpectedKeywords } from './typo-diagnostics.js';
import { withoutUnclosedStringConsequences } from '../unclosed-string-check.js';
import { readableIncompleteClauses } from '../incomplete-clause-check.js';
import { readableOneColumnGrids } from '../one-column-grid-check.js';

/**
 * Langium's document validator, with the link on every diagnostic, including the lexer's, parser's and linker's, which
 * no check of ours emits (the checks of `privspec-validator.ts` add their own links). Wire it as
 * `validation: { DocumentValidator: (s) => new PrivspecDocumentValidator(s) }`.
 */
export class PrivspecDocumentValidator extends DefaultDocumentValidator {
  private readonly expected: () => ExpectedKeywords | undefined;

  constructor(services: LangiumCoreServices) {
    super(services);
    // Resolved at the first validation: the completion provider is built after the validator.
    const lsp = (services as Partial<LangiumServices>).lsp;
    this.expected = () =>
      lsp?.CompletionProvider
        ? keywordsFromCompletion((d, p) => lsp.CompletionProvider!.getCompletion(d, p))
        : undefined;
  }

  override async validateDocument(
    document: LangiumDocument,
    options?: ValidationOptions,
    cancelToken?: CancellationToken,
  ): Promise<Diagnostic[]> {
    // The checks plan the spec's releases synchronously; their kinds are loaded first, whoever asks for validation.
    await loadKindsOf(document);
    const diagnostics = await super.validateDocument(document, options, cancelToken);
    const own = readableOneColumnGrids(
      document,
      readableIncompleteClauses(document, withoutUnclosedStringConsequences(document, diagnostics)),
    );
    return focusTypos(document, own.map(describeDiagnostic), this.expected());
  }
}
