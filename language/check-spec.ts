import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DocumentState, URI, type LangiumDocument } from 'langium';
import { NodeFileSystem } from 'langium/node';
import type { Diagnostic } from 'vscode-languageserver-types';
import { analyzeDocument } from './privspec-analysis.js';
import type { Amount } from '../engine/release/budget-walk.js';
import { createPrivspecServices, type PrivspecServices } from './privspec-module.js';

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
  budget: { accounting: 'pure' | 'approx' | 'zcdp'; limit: Amount; spent: Amount };
  document: LangiumDocument;
}

export interface CheckOptions {
  /** Read whole CSVs for the data checks (hierarchy coverage, k, ℓ, δ against n). Headers are always read. */
  scanData?: boolean;
}

let shared: PrivspecServices | undefined;

/** The services of the command line and of tests: one instance per process, reading the real file system. */
export function nodeServices(): PrivspecServices {
  return (shared ??= createPrivspecServices(NodeFileSystem).Privspec);
}

/** Parses a spec from disk afresh (never a cached document) and builds it without validation. */
export async function loadSpec(path: string, services = nodeServices()): Promise<LangiumDocument> {
  const absolute = resolve(path);
  const text = await readFile(absolute, 'utf8');
  return loadSpecText(text, absolute, services);
}

export async function loadSpecText(text: string, absolutePath: string, services = nodeServices()): Promise<LangiumDocument> {
  const uri = URI.file(absolutePath);
  const documents = services.shared.workspace.LangiumDocuments;
  if (documents.hasDocument(uri)) documents.deleteDocument(uri);
  const document = services.shared.workspace.LangiumDocumentFactory.fromString(text, uri);
  documents.addDocument(document);
  return document;
}

/** Every diagnostic the language server would show for the spec, and its budget. */
export async function checkSpec(path: string, options: CheckOptions = {}, services = nodeServices()): Promise<CheckResult> {
  const document = await loadSpec(path, services);
  try {
    return await checkDocument(document, options, services);
  } finally {
    services.shared.workspace.LangiumDocuments.deleteDocument(document.uri);
  }
}

/** Validates a document (unless the language server already has) and collects its diagnostics and budget. */
export async function checkDocument(document: LangiumDocument, options: CheckOptions = {}, services = nodeServices()): Promise<CheckResult> {
  const categories = options.scanData === false ? ['built-in', 'fast'] : ['built-in', 'fast', 'slow'];
  // The grammar has no cross-references, so a parsed document can be validated at once; the builder's indexing and
  // linking phases would add nothing but time. An open editor document was already validated by the server.
  const diagnosticsOf = document.state >= DocumentState.Validated && options.scanData !== false
    ? document.diagnostics ?? []
    : await services.validation.DocumentValidator.validateDocument(document, { categories });
  const file = document.uri.fsPath;
  const diagnostics = diagnosticsOf.map((d) => toCheckDiagnostic(d, file)).sort((a, b) => a.line - b.line || a.column - b.column);
  const { summary } = analyzeDocument(document);
  return { diagnostics, budget: { accounting: summary.accounting, limit: summary.limit, spent: summary.spent }, document };
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
    related: d.relatedInformation?.map((r) => ({ file: URI.parse(r.location.uri).fsPath, line: r.location.range.start.line + 1, column: r.location.range.start.character + 1, message: r.message })),
  };
}
