// A module-resolve hook (node:module register) that appends every file URL it resolves to the file named by
// PRIVSPEC_MODULE_TRACE, one per line: what a child process loaded, for test/release/loaded-modules.test.ts.
import { appendFileSync } from 'node:fs';

const out = process.env.PRIVSPEC_MODULE_TRACE;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (out && resolved.url.startsWith('file:')) appendFileSync(out, `${resolved.url}\n`);
  return resolved;
}
