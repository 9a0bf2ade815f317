import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The folder beside the data where earlier versions kept its ledgers; it now holds a pointer to the registry. */
export const LEDGER_FOLDER = '.privspec-ledger';

/**
 * The per-user registry of ledgers: `$PRIVSPEC_LEDGER_DIR` when set (a folder a team shares), else
 * `$XDG_DATA_HOME/privspec/ledgers`, else `~/.local/share/privspec/ledgers` (the XDG Base Directory default). Relative
 * settings are ignored, as the XDG specification asks: a registry that moved with the working folder would split one
 * budget into several.
 */
export function ledgerRegistry(): string {
  const team = process.env.PRIVSPEC_LEDGER_DIR;
  if (team && isAbsolute(team)) return team;
  const xdg = process.env.XDG_DATA_HOME;
  const data = xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.local', 'share');
  return join(data, 'privspec', 'ledgers');
}
