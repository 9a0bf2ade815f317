import type { CommandEntry } from '../commands/index.js';

/** What a completion script knows about one command: its summary, its subcommands and its flags. */
export interface CompletedCommand {
  readonly name: string;
  readonly summary: string;
  readonly subcommands: readonly string[];
  readonly flags: readonly string[];
  /** Whether an argument may be a file: its synopsis shows a placeholder such as `<csv>` (`completion` has none). */
  readonly takesFiles: boolean;
}

/** The words that may follow `privspec completion`. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/**
 * The flags a usage text offers, in order of first mention: those of its synopsis (the lines up to the first blank one)
 * and those that open an option line (`  --qi a,b,c   the quasi-identifiers`), not those that prose mentions in passing
 * (plan's help names release's `--aggregates`). A test checks that the parser accepts every flag read this way.
 */
export function flagsOfUsage(usage: string): string[] {
  const lines = usage.split('\n');
  const blank = lines.findIndex((l) => l.trim() === '');
  const synopsis = blank === -1 ? lines : lines.slice(0, blank);
  // An option line's flags come before the gap of two or more spaces that starts its description.
  const options = lines.filter((l) => /^\s+--[a-z]/.test(l)).map((l) => l.trim().split(/\s{2,}/)[0]);
  const flag = /(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g;
  return [...new Set([...synopsis, ...options].flatMap((l) => [...l.matchAll(flag)].map((m) => m[0])))];
}

/** The subcommands a usage text shows as `privspec <name> <word> …` (`budget raise`) or `privspec <name> a|b|c`. */
export function subcommandsOfUsage(name: string, usage: string): string[] {
  const line = new RegExp(`privspec ${name} ([a-z][a-z-]*(?:\\|[a-z][a-z-]*)*)(?![\\w.-])`, 'g');
  return [...new Set([...usage.matchAll(line)].flatMap((m) => m[1].split('|')))];
}

/** Every command of the table with what its usage says; loading each command is the price of an exact list. */
export async function completionTable(commands: Readonly<Record<string, CommandEntry>>): Promise<CompletedCommand[]> {
  return Promise.all(
    Object.entries(commands).map(async ([name, entry]) => {
      const { usage } = await entry.load();
      const synopsis = usage.split(/\n\s*\n/)[0];
      return {
        name,
        summary: entry.summary,
        subcommands: subcommandsOfUsage(name, usage),
        flags: [...flagsOfUsage(usage), '--help'],
        takesFiles: /<[^>]+>/.test(synopsis),
      };
    }),
  );
}
