import type { Command } from '../command.js';

/**
 * The command table. Each command lives in its own file beside this one and is loaded only when it runs: a command that
 * needs no spec language (`risk`, `anonymize`, `budget`, `reid`, `leakage`) never loads Langium, and `--version` loads
 * no command at all (the build splits the bundle at these imports). The summary for `privspec --help` is kept here so
 * that listing the commands loads none of them; a test checks it against the command's own. Add a command with one
 * entry.
 */
export interface CommandEntry {
  readonly summary: string;
  load(): Promise<Command>;
}

export const commands: Record<string, CommandEntry> = {
  anonymize: {
    summary: 'generalize a table to k-anonymity, ℓ-diversity or t-closeness',
    load: async () => (await import('./anonymize.js')).anonymize,
  },
  attack: {
    summary: 'run a linkage attack on a release against its predicted risk',
    load: async () => (await import('./attack.js')).attack,
  },
  budget: {
    summary: 'convert between ε, (ε, δ) and zCDP ρ, or record a budget raise',
    load: async () => (await import('./budget.js')).budget,
  },
  check: {
    summary: 'check a .privspec file and the data it names, as the editor does',
    load: async () => (await import('./check.js')).check,
  },
  completion: {
    summary: 'print a shell completion script for bash, zsh or fish',
    load: async () => (await import('./completion.js')).makeCompletion(commands),
  },
  estimate: {
    summary: "estimate a local DP release's counts from its reports (no budget)",
    load: async () => (await import('./estimate.js')).estimate,
  },
  leakage: {
    summary: 'measure the Bayesian-DP leakage of a sum over correlated units',
    load: async () => (await import('./leakage.js')).leakage,
  },
  plan: {
    summary: 'print the SQL computing the aggregates a spec needs',
    load: async () => (await import('./plan.js')).plan,
  },
  preview: {
    summary: "show a release's preview figures, spending and writing nothing",
    load: async () => (await import('./preview.js')).preview,
  },
  query: {
    summary: 'answer counting queries from a released DP view (no budget)',
    load: async () => (await import('./query.js')).query,
  },
  reid: {
    summary: 'measure the identification risk of a PRAM release',
    load: async () => (await import('./reid.js')).reid,
  },
  release: {
    summary: 'run the releases of a .privspec file, recording each spend',
    load: async () => (await import('./release.js')).release,
  },
  risk: {
    summary: 'measure the re-identification risk of a table as it stands',
    load: async () => (await import('./risk.js')).risk,
  },
  synthesize: {
    summary: 'sample synthetic records from a released DP view (no budget)',
    load: async () => (await import('./synthesize.js')).synthesize,
  },
};
