import type { LangiumDocument } from 'langium';
import type { PrivspecServices } from './privspec-module.js';
import type { RunReleaseResult } from './protocol.js';

export interface RunOptions {
  only?: string;
  out?: string;
  dryRun: boolean;
  seed?: number;
}

/** Runs the releases of a parsed spec. (Being written.) */
export async function runReleasesForDocument(_services: PrivspecServices, _document: LangiumDocument, _options: RunOptions): Promise<RunReleaseResult> {
  return { releases: [], out: '' };
}
