/**
 * The privspec services that parse and check a spec, without the editor's features: what the command line needs.
 * The language server and tests add hover, lenses, completion and the rest over them (privspec-module.ts); keeping
 * those out of the command line spares every command the modules they load (risk figures, wavelet error tables).
 */
import './object-group-by.js';
import { inject, type Module } from 'langium';
import {
  createDefaultModule,
  createDefaultSharedModule,
  type DefaultSharedModuleContext,
  type LangiumSharedServices,
  type PartialLangiumServices,
} from 'langium/lsp';
import { CsvStore } from '../engine/host/sources/csv/csv-store.js';
import { PrivspecGeneratedModule, PrivspecGeneratedSharedModule } from './generated/module.js';
import { PrivspecDocumentValidator } from './lsp/privspec-document-validator.js';
import { registerBudgetLimitCheck } from './privspec-budget-limit-check.js';
import type { PrivspecAddedServices, PrivspecServices } from './privspec-module.js';
import { registerPramChecks } from './privspec-pram-checks.js';
import { registerR2tChecks } from './privspec-r2t-checks.js';
import { PrivspecTokenBuilder } from './privspec-token-builder.js';
import { PrivspecValidator, registerValidationChecks, SEARCH_CATEGORY } from './privspec-validator.js';
import { PrivspecValueConverter } from './privspec-value-converter.js';
import { registerStringEscapeCheck } from './string-escape-check.js';
import { registerUnclosedStringCheck } from './unclosed-string-check.js';

/** Parser, validator and data cache: the services every entry point shares. */
export const PrivspecCoreModule: Module<PrivspecServices, PartialLangiumServices & PrivspecAddedServices> = {
  parser: { TokenBuilder: () => new PrivspecTokenBuilder(), ValueConverter: () => new PrivspecValueConverter() },
  validation: {
    PrivspecValidator: (services) => new PrivspecValidator(services),
    // Every diagnostic, the parser's included, links to its page in docs/diagnostics.
    DocumentValidator: (services) => new PrivspecDocumentValidator(services),
  },
  data: { CsvStore: () => new CsvStore() },
};

/**
 * Creates the services from the core module and any further modules (the editor's features).
 * `context.fileSystemProvider` is `NodeFileSystem` for the server and the CLI, `EmptyFileSystem` for in-memory tests.
 */
export function createPrivspecCoreServices(
  context: DefaultSharedModuleContext,
  ...more: Module<PrivspecServices, PartialLangiumServices>[]
): { shared: LangiumSharedServices; Privspec: PrivspecServices } {
  const shared = inject(createDefaultSharedModule(context), PrivspecGeneratedSharedModule);
  const Privspec = inject(createDefaultModule({ shared }), PrivspecGeneratedModule, PrivspecCoreModule, ...more);
  shared.ServiceRegistry.register(Privspec);
  registerValidationChecks(Privspec);
  registerPramChecks(Privspec);
  registerR2tChecks(Privspec);
  registerBudgetLimitCheck(Privspec);
  registerStringEscapeCheck(Privspec);
  registerUnclosedStringCheck(Privspec);
  // The data checks (the `slow` category) and the optimal-transformation hint (its own) read CSVs asynchronously and
  // give way to cancellation, so the editor runs them on every update too; Langium's default would run only `built-in`
  // and `fast`.
  shared.workspace.DocumentBuilder.updateBuildOptions = {
    validation: { categories: ['built-in', 'fast', 'slow', SEARCH_CATEGORY] },
  };
  if (!context.connection) {
    // Outside a language server nobody sends the configuration; initialize it at once.
    // Without register or fetchConfiguration it only marks the configuration ready, which cannot fail.
    void shared.workspace.ConfigurationProvider.initialized({});
  }
  return { shared, Privspec };
}
