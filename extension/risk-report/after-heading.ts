import type { RiskAfter } from '../protocol.js';

/**
 * The risk report's "after" heading, one wording for the panel, Markdown and HTML: the levels the generalize release
 * applies — the spec's pins when it pins every quasi-identifier, else the search's optimum. Pure: the webview imports
 * it.
 */
export function afterHeading(after: RiskAfter): string {
  if ('unavailable' in after) return 'After the generalize release';
  return after.basis === 'pinned' ? 'After the pinned levels' : 'After the optimal transformation';
}
