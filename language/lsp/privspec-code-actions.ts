import type { FileSystemProvider, LangiumDocument } from 'langium';
import type { CodeActionProvider } from 'langium/lsp';
import type { CodeAction, CodeActionParams, Command } from 'vscode-languageserver';
import type { CsvStore } from '../../engine/host/sources/csv/csv-store.js';
import { IssueCodes } from '../issue-codes.js';
import type { PrivspecServices } from '../privspec-module.js';
import { anonymityFixes, quasiWithoutHierarchyFixes } from './anonymity-fixes.js';
import { budgetOverrunFixes, noBudgetFixes } from './budget-fixes.js';
import { fixContext, quickFix, type Fixer } from './fix-helpers.js';
import { columnRoleFixes, invariantPramFixes } from './role-fixes.js';
import {
  dataDependentDomainFixes,
  duplicateFixes,
  pinWithoutEffectFixes,
  sensitiveNotDeclaredFixes,
  unboundedContributionFixes,
  unexpectedMechanismFixes,
} from './release-fixes.js';
import { quoteColumn } from '../quote-column.js';
import type * as ast from '../generated/ast.js';
import { linkedReleasesFixes } from './linked-release-fixes.js';
import { algorithmSwitches } from './algorithm-switch.js';

/** What a diagnostic carries for its quick fix (`data` survives the round trip to the client and back). */
export interface QuickFixData {
  code: string;
  /** The text that replaces the diagnostic's range. */
  replacement?: string;
  /** The release the diagnostic is about. */
  release?: string;
  /** The column at fault (a data-dependent domain). */
  column?: string;
}

/** Replaces an unknown column by the column the did-you-mean names. */
const unknownColumnFixes: Fixer = (c) => {
  const replacement = (c.diagnostic.data as QuickFixData | undefined)?.replacement;
  if (replacement === undefined) return [];
  const text = quoteColumn(replacement);
  return [quickFix(c, `Change to '${replacement}'`, [{ range: c.diagnostic.range, newText: text }], true)];
};

/** Replaces a misspelt keyword by the keyword the did-you-mean names (a keyword: never quoted). */
const unknownKeywordFixes: Fixer = (c) => {
  const replacement = (c.diagnostic.data as QuickFixData | undefined)?.replacement;
  return replacement === undefined
    ? []
    : [quickFix(c, `Change to '${replacement}'`, [{ range: c.diagnostic.range, newText: replacement }], true)];
};

/** Closes an unclosed string at the end of its line. */
const unclosedStringFixes: Fixer = (c) => {
  const replacement = (c.diagnostic.data as QuickFixData | undefined)?.replacement;
  return replacement === undefined
    ? []
    : [quickFix(c, 'Close the string', [{ range: c.diagnostic.range, newText: replacement }], true)];
};

/**
 * The quick fixes by diagnostic code. A code missing here has none, and its page (`docs/diagnostics/<code>.md`) says
 * why; `test/language/code-actions.test.ts` holds every code to one or the other.
 */
export const QuickFixes: Readonly<Record<string, Fixer>> = {
  [IssueCodes.UnknownColumn]: unknownColumnFixes,
  [IssueCodes.UnknownKeyword]: unknownKeywordFixes,
  [IssueCodes.UnclosedString]: unclosedStringFixes,
  [IssueCodes.BudgetOverrun]: budgetOverrunFixes,
  [IssueCodes.NoBudget]: noBudgetFixes,
  [IssueCodes.UnboundedContribution]: unboundedContributionFixes,
  [IssueCodes.DataDependentDomain]: dataDependentDomainFixes,
  [IssueCodes.UnexpectedMechanism]: unexpectedMechanismFixes,
  [IssueCodes.Duplicate]: duplicateFixes,
  [IssueCodes.PinWithoutEffect]: pinWithoutEffectFixes,
  [IssueCodes.SensitiveNotDeclared]: sensitiveNotDeclaredFixes,
  [IssueCodes.QuasiWithoutHierarchy]: quasiWithoutHierarchyFixes,
  [IssueCodes.KAnonymityViolated]: anonymityFixes,
  [IssueCodes.LDiversityViolated]: anonymityFixes,
  [IssueCodes.OptimalTransformation]: anonymityFixes,
  [IssueCodes.ColumnRole]: columnRoleFixes,
  [IssueCodes.InvariantPram]: invariantPramFixes,
  [IssueCodes.LinkedReleases]: linkedReleasesFixes,
};

/**
 * Quick fixes for the diagnostics in the request, each computed from the current document (and its data, if needed),
 * and the switch of a view's algorithm its latest preview proposed (algorithm-switch.ts).
 */
export class PrivspecCodeActionProvider implements CodeActionProvider {
  private readonly store: CsvStore;
  private readonly parse: (text: string) => ast.Spec | undefined;
  private readonly fileSystem: FileSystemProvider;
  private readonly services: PrivspecServices;

  constructor(services: PrivspecServices) {
    this.store = services.data.CsvStore;
    this.fileSystem = services.shared.workspace.FileSystemProvider;
    const parser = services.parser.LangiumParser;
    this.parse = (text) => {
      const result = parser.parse<ast.Spec>(text);
      return result.lexerErrors.length === 0 && result.parserErrors.length === 0 ? result.value : undefined;
    };
    this.services = services;
  }

  async getCodeActions(document: LangiumDocument, params: CodeActionParams): Promise<Array<Command | CodeAction>> {
    const actions: CodeAction[] = [];
    for (const diagnostic of params.context.diagnostics) {
      const code = String(diagnostic.code ?? (diagnostic.data as QuickFixData | undefined)?.code ?? '');
      const fixer = QuickFixes[code];
      // A consequence of another diagnostic (a release after the overrun) is fixed there.
      if (!fixer || (diagnostic.data as { consequence?: boolean } | undefined)?.consequence) continue;
      try {
        actions.push(...(await fixer(fixContext(document, diagnostic, this.store, this.parse, this.fileSystem))));
      } catch {
        // A fix that cannot be computed (the data changed under it) is simply not offered.
      }
    }
    // Not a diagnostic's: what the latest preview of a release on these lines proposed.
    try {
      actions.push(...algorithmSwitches(this.services, document, params.range));
    } catch {
      // A switch the panel would refuse (the plan would overrun its budget) is not offered either.
    }
    return actions;
  }
}
