/**
 * Connection settings are never echoed (issue 36): a password pasted by mistake into PGHOST or PGDATABASE, or a URL's
 * host, would otherwise be printed by every message that names the server. Messages name the setting instead, and a
 * server's own message (which may quote the database or user it was given) has each setting's value replaced by the
 * setting's name: a quoted value wherever it stands (PostgreSQL quotes every name it prints), and with `bare`
 * (ClickHouse does not quote them) one that follows the word "user" — not every occurrence, since the user "default"
 * and the database "default" share a name.
 */
export type NamedSettings = readonly (readonly [value: string | undefined, name: string])[];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function redactSettings(message: string, settings: NamedSettings, options: { bare?: boolean } = {}): string {
  let text = message;
  // Longest first, so that a value holding another is replaced whole.
  const values = settings
    .filter((s): s is readonly [string, string] => s[0] !== undefined && s[0] !== '')
    .sort((a, b) => b[0].length - a[0].length);
  for (const [value, name] of values) {
    text = text.replace(new RegExp(`(["'])${escape(value)}\\1`, 'g'), `(${name})`);
    // ClickHouse names a user unquoted ("Wrong password for user x", "Unknown user x").
    if (options.bare) text = text.replace(new RegExp(`(\\buser )${escape(value)}(?=$|[\\s.,:;])`, 'gi'), `$1(${name})`);
  }
  return text;
}
