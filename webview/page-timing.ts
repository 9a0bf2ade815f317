/**
 * When the bundle began to run, in ms since the page's navigation began. Imported first by `main.ts` so that it is
 * taken before the custom elements and views are evaluated: it splits a slow panel open into the webview's own loading
 * (outside our control) and our script's work.
 */
import type { PageTiming } from '../extension/preview/preview-protocol.js';

export const scriptStarted = performance.now();

export function pageTiming(): PageTiming {
  const bundle = performance.getEntriesByType('resource').find((e) => /\/webview\.js(\?|$)/.test(e.name)) as
    PerformanceResourceTiming | undefined;
  const frame = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    frameWorker: frame?.workerStart || undefined,
    frameLoaded: frame?.responseEnd,
    scriptLoaded: bundle?.responseEnd,
    scriptStarted,
    ready: performance.now(),
  };
}
