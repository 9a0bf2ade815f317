import '../engine/release/kinds/all-release-kinds.js';
import type { Module } from 'langium';
import { NodeFileSystem } from 'langium/node';
import type {
  DefaultSharedModuleContext,
  LangiumServices,
  LangiumSharedServices,
  PartialLangiumServices,
} from 'langium/lsp';
import type { CsvStore } from '../engine/host/sources/csv/csv-store.js';
import { PrivspecCodeActionProvider } from './lsp/privspec-code-actions.js';
import { PrivspecCodeLensProvider } from './lsp/privspec-code-lens.js';
import { PrivspecCompletionProvider } from './lsp/privspec-completion.js';
import { PrivspecDefinitionProvider } from './lsp/privspec-definition.js';
import { PrivspecDocumentSymbolProvider } from './lsp/privspec-document-symbols.js';
import { PrivspecFormatter } from './lsp/privspec-formatter.js';
import { PrivspecHoverProvider } from './lsp/privspec-hover.js';
import { PrivspecSemanticTokenProvider } from './lsp/privspec-semantic-tokens.js';
import { createPrivspecCoreServices } from './privspec-core-module.js';
import type { PrivspecValidator } from './privspec-validator.js';

/** Services added to Langium's for the privspec language. */
export interface PrivspecAddedServices {
  validation: { PrivspecValidator: PrivspecValidator };
  data: { CsvStore: CsvStore };
}

export type PrivspecServices = LangiumServices & PrivspecAddedServices;

/** The editor's features over the core services (privspec-core-module.ts): every LSP feature. */
export const PrivspecLspModule: Module<PrivspecServices, PartialLangiumServices> = {
  lsp: {
    CodeActionProvider: (services) => new PrivspecCodeActionProvider(services),
    CodeLensProvider: (services) => new PrivspecCodeLensProvider(services),
    CompletionProvider: (services) => new PrivspecCompletionProvider(services),
    DefinitionProvider: (services) => new PrivspecDefinitionProvider(services),
    DocumentSymbolProvider: (services) => new PrivspecDocumentSymbolProvider(services),
    Formatter: () => new PrivspecFormatter(),
    HoverProvider: (services) => new PrivspecHoverProvider(services),
    SemanticTokenProvider: (services) => new PrivspecSemanticTokenProvider(services),
  },
};

/**
 * Creates the services of the language server (with a connection) and of tests (without): the core services, every
 * LSP feature, and every release kind registered at once (engine/release/kinds/all-release-kinds.ts), since hover and
 * lenses plan releases synchronously on every edit. `context.fileSystemProvider` is `NodeFileSystem` for the server,
 * `EmptyFileSystem` for in-memory tests. The command line uses the core services alone (language/check-spec.ts).
 */
export function createPrivspecServices(context: DefaultSharedModuleContext): {
  shared: LangiumSharedServices;
  Privspec: PrivspecServices;
} {
  return createPrivspecCoreServices(context, PrivspecLspModule);
}

let editor: PrivspecServices | undefined;

/** The editor's services on the real file system, one instance per process: for tests of hover, lenses and fixes. */
export function nodeEditorServices(): PrivspecServices {
  return (editor ??= createPrivspecServices(NodeFileSystem).Privspec);
}
