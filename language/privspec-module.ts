import './object-group-by.js';
import { inject, type Module } from 'langium';
import {
  createDefaultModule,
  createDefaultSharedModule,
  type DefaultSharedModuleContext,
  type LangiumServices,
  type LangiumSharedServices,
  type PartialLangiumServices,
} from 'langium/lsp';
import { CsvStore } from '../engine/host/sources/csv/csv-store.js';
import { PrivspecGeneratedModule, PrivspecGeneratedSharedModule } from './generated/module.js';
import { PrivspecCodeActionProvider } from './lsp/privspec-code-actions.js';
import { PrivspecDocumentValidator } from './lsp/privspec-document-validator.js';
import { PrivspecCodeLensProvider } from './lsp/privspec-code-lens.js';
import { PrivspecCompletionProvider } from './lsp/privspec-completion.js';
import { PrivspecDefinitionProvider } from './lsp/privspec-definition.js';
import { PrivspecDocumentSymbolProvider } from './lsp/privspec-document-symbols.js';
import { PrivspecFormatter } from './lsp/privspec-formatter.js';
import { PrivspecHoverProvider } from './lsp/privspec-hover.js';
import { PrivspecSemanticTokenProvider } from './lsp/privspec-semantic-tokens.js';
import { PrivspecTokenBuilder } from './privspec-token-builder.js';
import { PrivspecValueConverter } from './privspec-value-converter.js';
import { registerStringEscapeCheck } from './string-escape-check.js';
import { PrivspecValidator, registerValidationChecks, SEARCH_CATEGORY } from './privspec-validator.js';
import { registerPramChecks } from './privspec-pram-checks.js';
import { registerBudgetLimitCheck } from './privspec-budget-limit-check.js';

/** Services added to Langium's for the privspec language. */
export interface PrivspecAddedServices {
  validation: { PrivspecValidator: PrivspecValidator };
  data: { CsvStore: CsvStore };
}

export type PrivspecServices = LangiumServices & PrivspecAddedServices;

/** Wires the privspec services over Langium's defaults: validator, data cache and every LSP feature. */
export const PrivspecModule: Module<PrivspecServices, PartialLangiumServices & PrivspecAddedServices> = {
  parser: { TokenBuilder: () => new PrivspecTokenBuilder(), ValueConverter: () => new PrivspecValueConverter() },
  validation: {
    PrivspecValidator: (services) => new PrivspecValidator(services),
    // Every diagnostic, the parser's included, links to its page in docs/diagnostics.
    DocumentValidator: (services) => new PrivspecDocumentValidator(services),
  },
  data: { CsvStore: () => new CsvStore() },
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
 * Creates the services for every entry point: the language server (with a connection), the CLI and tests (without).
 * `context.fileSystemProvider` is `NodeFileSystem` for the server and the CLI, `EmptyFileSystem` for in-memory tests.
 */
export function createPrivspecServices(context: DefaultSharedModuleContext): { shared: LangiumSharedServices; Privspec: PrivspecServices } {
  const shared = inject(createDefaultSharedModule(context), PrivspecGeneratedSharedModule);
  const Privspec = inject(createDefaultModule({ shared }), PrivspecGeneratedModule, PrivspecModule);
  shared.ServiceRegistry.register(Privspec);
  registerValidationChecks(Privspec);
  registerPramChecks(Privspec);
  registerBudgetLimitCheck(Privspec);
  registerStringEscapeCheck(Privspec);
  // The data checks (the `slow` category) and the optimal-transformation hint (its own) read CSVs asynchronously and give
  // way to cancellation, so the editor runs them on every update too; Langium's default would run only `built-in` and `fast`.
  shared.workspace.DocumentBuilder.updateBuildOptions = { validation: { categories: ['built-in', 'fast', 'slow', SEARCH_CATEGORY] } };
  if (!context.connection) {
    // Outside a language server nobody sends the configuration; initialize it at once.
    // Without register or fetchConfiguration it only marks the configuration ready, which cannot fail.
    void shared.workspace.ConfigurationProvider.initialized({});
  }
  return { shared, Privspec };
}


