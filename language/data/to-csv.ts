/** RFC 4180 CSV text: fields with a comma, quote or line break are quoted, quotes doubled; CRLF-free, `\n` endings. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\n') + '\n';
}
