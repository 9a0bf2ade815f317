// The layout test of every panel page (issue 24): each preview kind and the risk report, at 320, 500 and 1,200 px, on
// its hardest fixture. It fails when anything overflows the panel outside a designated scroll box (`.scroll`: a table
// scrolls sideways in its own box), when an element's content is wider than its box without a scroll bar or an
// ellipsis (`.trunc`, whose whole text must be in its tooltip), or when a number breaks over two lines.
// Run by `npm run test:browser`; screenshots of every page and width go to $PRIVSPEC_BROWSER_SHOTS.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './browser-page.mjs';
import { riskReport, wideAggregate, wideGeneralize, wideGrid, wideMode, widePram } from './layout-fixtures.js';
import { aggregateAt, generalize, grid, mode, pram, view } from './preview-fixtures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(process.env.PW_REQUIRE_FROM || import.meta.url);
const { chromium } = require('playwright-core');
const shots = resolve(process.env.PRIVSPEC_BROWSER_SHOTS ?? join(root, 'artifacts/browser-screenshots'));
mkdirSync(shots, { recursive: true });
// PRIVSPEC_WEBVIEW_BUNDLE runs the test against another build (e.g. the base commit's, to see it fail there).
const { base, server } = await startServer(process.env.PRIVSPEC_WEBVIEW_BUNDLE ?? join(root, 'dist/webview.js'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });

/** Runs in the page: every layout fault, as a sentence naming the element. */
function layoutProblems() {
  const problems = [];
  const doc = document.documentElement;
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  if (doc.scrollWidth > doc.clientWidth + 1) problems.push(`the page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth} px`);
  for (const el of document.querySelectorAll('body *')) {
    if (el.parentElement?.closest('.scroll, .trunc, .sr-only, svg') || el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    if (el.classList.contains('sr-only')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.display === 'inline' || style.visibility === 'hidden') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.right > doc.clientWidth + 1) problems.push(`${name(el)} runs past the panel's edge (right ${Math.round(box.right)} > ${doc.clientWidth} px)`);
    if (el.classList.contains('trunc')) {
      if (el.scrollWidth > el.clientWidth && el.getAttribute('title') !== el.textContent) problems.push(`${name(el)} is cut without its text in a tooltip`);
      continue;
    }
    if (el.scrollWidth > el.clientWidth + 1 && !['auto', 'scroll'].includes(style.overflowX) && el.tagName.toLowerCase() !== 'svg') problems.push(`${name(el)} overflows its box: content ${el.scrollWidth} > ${el.clientWidth} px`);
  }
  for (const el of document.querySelectorAll('td.n, .num')) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (lines.size > 1) problems.push(`the number ${name(el)} wraps over ${lines.size} lines`);
  }
  for (const el of document.querySelectorAll('th')) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (lines.size > 1) problems.push(`the table header ${name(el)} wraps over ${lines.size} lines`);
  }
  return problems;
}

const pages = [
  ['aggregate', 'preview', aggregateAt(0.4)], ['aggregate-wide', 'preview', wideAggregate()],
  ['mode', 'preview', mode()], ['mode-wide', 'preview', wideMode()],
  ['generalize', 'preview', generalize()], ['generalize-wide', 'preview', wideGeneralize()],
  ['pram', 'preview', pram()], ['pram-19', 'preview', widePram()],
  ['grid', 'preview', grid()], ['grid-512', 'preview', wideGrid()],
  ['view', 'preview', await view()],
  ['risk-report', 'risk-report', riskReport()],
];
let failed = 0;
for (const width of [320, 500, 1200]) {
  for (const [label, view, message] of pages) {
    const p = await browser.newPage({ viewport: { width, height: 800 } });
    const errors = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(`${base}/?theme=dark&view=${view}`);
    await p.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
    if (view === 'preview') {
      await p.evaluate((m) => window.postMessage({ type: 'preview', preview: m }, '*'), message);
      await p.waitForFunction(() => window.__privspecRendered !== undefined);
    } else {
      await p.evaluate((m) => window.postMessage({ type: 'report', report: m }, '*'), message);
      await p.waitForSelector('#rows');
    }
    // Open every disclosure: the tables behind them must hold the layout too.
    await p.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
    await p.waitForTimeout(50);
    const problems = [...errors.map((e) => `page error: ${e}`), ...(await p.evaluate(layoutProblems))];
    await p.screenshot({ path: join(shots, `layout-${label}-${width}.png`), fullPage: true });
    if (problems.length > 0) {
      failed++;
      console.error(`✘ ${label} at ${width} px:\n  ${problems.slice(0, 12).join('\n  ')}${problems.length > 12 ? `\n  … and ${problems.length - 12} more` : ''}`);
    } else console.log(`[layout] ✔ ${label} at ${width} px`);
    await p.close();
  }
}
await browser.close();
server.close();
assert.equal(failed, 0, `${failed} page layouts failed`);
console.log(`[layout] ALL LAYOUTS HOLD (screenshots in ${shots})`);
