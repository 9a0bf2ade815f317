/**
 * Where each diagnostic code is documented: one page per code, `docs/diagnostics/<code>.md`, linked from every
 * diagnostic's `codeDescription` so that the editor shows the code as a link.
 *
 * The link is a `file://` URL. A repository https URL is not available (the project has no public home yet), and a
 * workspace-relative path would point into the user's workspace, not ours. The pages sit beside the code that emits the
 * diagnostics: `<root>/docs/diagnostics/`, where `<root>` is the repository when the server runs from source (this
 * module at `language/lsp/`) and the extension's folder when it runs from the bundle (`dist/*.cjs`). The packaged
 * extension must therefore ship `docs/diagnostics/**`. A client that knows better (a hosted copy of the docs) sets
 * another base with `setDiagnosticDocsBase`.
 */
import type { ValidationAcceptor } from 'langium';
import type { CodeDescription, Diagnostic } from 'vscode-languageserver-types';

/** The codes Langium's own checks emit (the lexer, the parser, the linker); they have pages too. */
export const BuiltInCodes = ['lexing-error', 'parsing-error', 'linking-error'] as const;

/** The folder of the pages, as a URL ending in `/`, derived from where this module (or the bundle holding it) is. */
function defaultBase(): string {
  const here = import.meta.url;
  // From source this file is <root>/language/lsp/diagnostic-docs.ts; bundled it is inlined into <root>/dist/*.cjs.
  const up = /\/language\/lsp\/[^/]*$/.test(here) ? '../../' : '../';
  return new URL(`${up}docs/diagnostics/`, here).href;
}

let base: string | undefined;

/** Points the links elsewhere (a URL ending in `/`); `undefined` restores the pages beside the code. */
export function setDiagnosticDocsBase(url: string | undefined): void {
  base = url === undefined ? undefined : url.endsWith('/') ? url : `${url}/`;
}

/** The URL of a code's page. */
export function diagnosticDocsUrl(code: string): string {
  return new URL(`${encodeURIComponent(code)}.md`, base ?? defaultBase()).href;
}

export function codeDescription(code: string): CodeDescription {
  return { href: diagnosticDocsUrl(code) };
}

/** An acceptor that adds the code's documentation link to every diagnostic that has a code and no link yet. */
export function withCodeDescription(accept: ValidationAcceptor): ValidationAcceptor {
  return (severity, message, info) => {
    const code = info.code === undefined ? undefined : String(info.code);
    accept(
      severity,
      message,
      code === undefined || info.codeDescription ? info : { ...info, codeDescription: codeDescription(code) },
    );
  };
}

/** Adds the link to a finished diagnostic (for Langium's built-in lexer, parser and linker diagnostics). */
export function describeDiagnostic(d: Diagnostic): Diagnostic {
  if (d.codeDescription) return d;
  const code = d.code ?? (d.data as { code?: string } | undefined)?.code;
  return code === undefined ? d : { ...d, code, codeDescription: codeDescription(String(code)) };
}
