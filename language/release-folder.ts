import { resolveSpecPath } from './privspec-text.js';

/** Where releases go when no folder is given: `releases/<spec name>/` beside the spec, never beside the data. */
export function defaultReleaseFolder(specFile: string): string {
  const name = specFile.replace(/^.*[\\/]/, '').replace(/\.privspec$/, '');
  return resolveSpecPath(specFile, `releases/${name}`);
}
