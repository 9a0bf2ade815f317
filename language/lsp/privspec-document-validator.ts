import { DefaultDocumentValidator, type LangiumDocument, type ValidationOptions } from 'langium';
import type { CancellationToken, Diagnostic } from 'vscode-languageserver';
import { describeDiagnostic } from './diagnostic-docs.js';

/**
 * Langium's document validator, with the documentation link (`codeDescription`) on every diagnostic, including the
 * lexer's, parser's and linker's, which no check of ours emits. The checks of `privspec-validator.ts` add their own
 * links; this class covers the rest. Wire it as `validation: { DocumentValidator: (s) => new PrivspecDocumentValidator(s) }`.
 */
export class PrivspecDocumentValidator extends DefaultDocumentValidator {
  override async validateDocument(document: LangiumDocument, options?: ValidationOptions, cancelToken?: CancellationToken): Promise<Diagnostic[]> {
    const diagnostics = await super.validateDocument(document, options, cancelToken);
    return diagnostics.map(describeDiagnostic);
  }
}
