import { DocumentState, URI, UriUtils, type LangiumDocument } from 'langium';
import { NodeFileSystem } from 'langium/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import { analyzeDocument } from './privspec-analysis.js';
import { formatBudgetUse, type Amount } from '../engine/release/budget-walk.js';
import { loadKindsOf } from './load-spec-kinds.js';
import { createPrivspecCoreServices } from './privspec-core-module.js';
import type { PrivspecServices } from './privspec-module.js';
import { SEARCH_CATEGORY } from './privspec-validator.js';

/** One diagnostic as `privspec check --format json` prints it (1-based line and column). */
export interface CheckDiagnostic {
  file: string;
  severity: 'error' | 'warning' | 'info';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
  message: string;
  related?: { file: string; line: number; column: number; message: string }[];
}

export interface CheckResult {
  diagnostics: CheckDiagnostic[];
  /** `spent` is what the runnable releases plan to spend; `label` states it in the notion the spec wrote. */
  budget: {
    accounting: 'pure' | 'approx' | 'zcdp';
    limit: Amount;
    spent: Amount;
    label: string;
    notRunnable: string[];
  };
  document: LangiumDocument;
}

export interface CheckOptions {
  /** Read whole CSVs for the data checks (hierarchy coverage, k, ℓ, δ against n). Headers are always read. */
  scanData?: boolean;
  /**
   * With the data scanned, also search for the optimal-transformation hint (default). A release or a preview needs the
   * errors only and turns it off, so that its generalization is searched once, by the run.
   */
  hints?: boolean;
}

let shared: PrivspecServices | undefined;

/**
 * The services of the command line and of tests: one instance per process, reading the real file system. They parse
 * and check but carry none of the editor's features (hover, lenses, completion), whose modules a command never needs.
 */
export function nodeServices(): PrivspecServices {
  return (shared ??= createPrivspecCoreServices(NodeFileSystem).Privspec);
}

/**
 * A spec that cannot be loaded at all: not a `.privspec` file, a folder, or a token too long to lex. One line for the
 * user.
 */
export class SpecFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpecFileError';
  }
}

/**
 * Parses a spec from disk afresh (never a cached document) and builds it without validation. `path` is absolute (the
 * command line resolves it); the file is read through the services' file system, so that language/ needs no Node
 * module.
 */
export async function loadSpec(path: string, services = nodeServices()): Promise<LangiumDocument> {
  const uri = URI.file(path);
  if (UriUtils.extname(uri) !== '.privspec') throw new SpecFileError(`${path}: expected a .privspec file`);
  const fs = services.shared.workspace.FileSystemProvider;
  // Node's EISDIR error names no path; asking first gives the user a sentence that does.
  const node = await fs.stat(uri);
  if (node.isDirectory) throw new SpecFileError(`${path}: is a directory, expected a .privspec file`);
  return loadSpecText(await fs.readFile(uri), uri.fsPath, services);
}

export async function loadSpecText(
  text: string,
  absolutePath: string,
  services = nodeServices(),
): Promise<LangiumDocument> {
  // The language's services are registered by file extension; any other name would fail inside Langium's registry.
  if (!absolutePath.endsWith('.privspec')) throw new SpecFileError(`${absolutePath}: expected a .privspec file`);
  refuseLongStrings(text, absolutePath);
  const uri = URI.file(absolutePath);
  const documents = services.shared.workspace.LangiumDocuments;
  if (documents.hasDocument(uri)) documents.deleteDocument(uri);
  const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
  documents.addDocument(document);
  // Every command that reads a spec plans its releases (the check, the budget walk): their kinds are loaded here.
  await loadKindsOf(document);
  return document;
}

/**
 * A spec names files, columns and values; no string in it is anywhere near this long. The limit exists because the
 * STRING terminal /"(\\.|[^"\\])*"/ backtracks once per character in V8's regular-expression engine, which overflows
 * the stack ("Maximum call stack size exceeded") on a string of a few million characters — or on a quote left open
 * near the top of a large file. Refusing here names the line instead.
 */
export const MAX_STRING_LENGTH = 100_000;

function refuseLongStrings(text: string, file: string): void {
  if (text.length <= MAX_STRING_LENGTH) return;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 47 && text.charCodeAt(i + 1) === 47)
      i = skipTo(text, i, '\n') - 1; // a // comment, up to its line end
    else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = skipTo(text, i + 2, '*/');
      line += countLines(text, i, end);
      i = end + 1;
    } else if (c === 34) {
      const start = i;
      const startLine = line;
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) {
        if (text.charCodeAt(i) === 92) i++;
        else if (text.charCodeAt(i) === 10) line++;
        if (i - start > MAX_STRING_LENGTH) {
          throw new SpecFileError(
            `${file}:${startLine}: a string longer than ${MAX_STRING_LENGTH.toLocaleString('en-US')} characters starts here (a quote left open?); a spec names files and values, it does not hold data`,
          );
        }
      }
    }
  }
}

const skipTo = (text: string, from: number, end: string) => {
  const at = text.indexOf(end, from);
  return at < 0 ? text.length : at;
};

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Every diagnostic the language server would show for the spec, and its budget. */
export async function checkSpec(
  path: string,
  options: CheckOptions = {},
  services = nodeServices(),
): Promise<CheckResult> {
  const document = await loadSpec(path, services);
  try {
    return await checkDocument(document, options, services);
  } finally {
    services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
  }
}

/** Validates a document (unless the language server already has) and collects its diagnostics and budget. */
export async function checkDocument(
  document: LangiumDocument,
  options: CheckOptions = {},
  services = nodeServices(),
): Promise<CheckResult> {
  await loadKindsOf(document);
  const categories =
    options.scanData === false
      ? ['built-in', 'fast']
      : ['built-in', 'fast', 'slow', ...(options.hints === false ? [] : [SEARCH_CATEGORY])];
  // The grammar has no cross-references, so a parsed document can be validated at once; the builder's indexing and
  // linking phases would add nothing but time. An open editor document was already validated by the server.
  const diagnosticsOf =
    document.state >= DocumentState.Validated && options.scanData !== false
      ? (document.diagnostics ?? [])
      : await services.validation.DocumentValidator.validateDocument(document, { categories });
  const file = document.uri.fsPath;
  const diagnostics = diagnosticsOf
    .map((d) => toCheckDiagnostic(d, file))
    .sort((a, b) => a.line - b.line || a.column - b.column);
  const analysis = analyzeDocument(document);
  const { summary } = analysis;
  return {
    diagnostics,
    budget: {
      accounting: summary.accounting,
      limit: summary.limit,
      spent: summary.spent,
      label: formatBudgetUse(summary),
      notRunnable: [...analysis.notRunnable],
    },
    document,
  };
}

function toCheckDiagnostic(d: Diagnostic, file: string): CheckDiagnostic {
  const severity = d.severity === 1 ? 'error' : d.severity === 2 ? 'warning' : 'info';
  const data = d.data as { code?: string } | undefined;
  const code = String(d.code ?? data?.code ?? 'syntax');
  return {
    file,
    severity,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    code,
    message: typeof d.message === 'string' ? d.message : d.message.value,
    related: d.relatedInformation?.map((r) => ({
      file: URI.parse(r.location.uri).fsPath,
      line: r.location.range.start.line + 1,
      column: r.location.range.start.character + 1,
      message: r.message,
    })),
  };
}
