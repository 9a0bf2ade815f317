// The layout test of every panel page (issue 24): each preview kind and the risk report, at 240 (a narrow side panel),
// 320, 480, 800 and 1,200 px, on its hardest fixture and on Adult-sized ones (PRAM of Adult's 16 education values, a
// view over Adult's dimensions with their long category names, the 512² grid, the 720-node lattice). It fails when
// anything overflows the panel outside a designated scroll box (`.scroll`: a table scrolls sideways in its own box),
// when an element's content is wider than its box without a scroll bar or an ellipsis (`.trunc`, whose whole text
// must be in its tooltip), when a number breaks over two lines, when two pieces of text overlap (issue 37 item 10),
// when text shows smaller than 9 px (a chart shrunk by its viewBox shrinks its type), when a chart, legend or matrix
// or a piece of its text is cut off outside any box that scrolls to it, or when a lattice (Adult's 720 nodes among
// them) is not drawn dot by dot on a canvas (item 7).
// Run by `npm run test:browser`; screenshots of every page and width go to $PRIVSPEC_BROWSER_SHOTS.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './browser-page.mjs';
import { adultGeneralize, adultPram, adultView, riskReport, wideAggregate, wideGeneralize, wideGrid, wideMode, widePram } from './layout-fixtures.js';
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
  return problems.concat(overlappingText(), smallText(), cutOff());
}

/**
 * Runs in the page: text drawn smaller than 9 px on screen — its computed font size times the scale its SVG is drawn
 * at (a chart shrunk to the panel by its viewBox shrinks its type with it; the CTM's determinant gives the area scale,
 * turned or not).
 */
function smallText() {
  const out = [];
  const shown = (el) => {
    for (let a = el; a; a = a.parentElement) {
      if (a.classList?.contains('sr-only')) return false;
      const st = getComputedStyle(a);
      if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) === 0) return false;
    }
    return true;
  };
  for (const t of document.querySelectorAll('svg text')) {
    if (!(t.textContent ?? '').trim() || !shown(t)) continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    if (px < 9) out.push(`the chart text "${t.textContent.trim().slice(0, 30)}" is ${px.toFixed(1)} px on screen (under 9)`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !(n.textContent ?? '').trim() || el.closest('svg, style, script') || !shown(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 9) out.push(`the text "${n.textContent.trim().slice(0, 30)}" is ${px.toFixed(1)} px (under 9)`);
  }
  return out;
}

/**
 * Runs in the page: a chart, legend, matrix or canvas, or a piece of chart text, cut off with no way to see it — part
 * of it outside a box that clips it (an SVG's own box, an overflow: hidden box) or outside the panel, unless it lies
 * inside the scroll area of a box that scrolls that way.
 */
function cutOff() {
  const out = [];
  const doc = document.documentElement;
  const label = (el) => `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
  const hiddenByStyle = (el) => {
    for (let a = el; a; a = a.parentElement) {
      if (a.classList?.contains('sr-only')) return true;
      const st = getComputedStyle(a);
      if (st.display === 'none' || st.visibility === 'hidden') return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('svg, svg text, canvas')) {
    if (hiddenByStyle(el) || (el.tagName.toLowerCase() === 'text' && !(el.textContent ?? '').trim())) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    let scrolls = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      const inScroll = (lo, hi, start, scrollPos, scrollSize) => lo >= start - scrollPos - 1 && hi <= start - scrollPos + scrollSize + 1;
      const xScrolls = ['auto', 'scroll'].includes(st.overflowX);
      const yScrolls = ['auto', 'scroll'].includes(st.overflowY);
      const xOk = xScrolls ? inScroll(r.left, r.right, c.left + a.clientLeft, a.scrollLeft, a.scrollWidth) : r.left >= c.left - 1 && r.right <= c.right + 1;
      const yOk = yScrolls ? inScroll(r.top, r.bottom, c.top + a.clientTop, a.scrollTop, a.scrollHeight) : r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
      if (!xOk || !yOk) {
        out.push(`${label(el)} is cut off by ${label(a).slice(0, 40)} (${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)} outside ${Math.round(c.left)}–${Math.round(c.right)} × ${Math.round(c.top)}–${Math.round(c.bottom)})`);
        break;
      }
      if (xScrolls) scrolls = true;
    }
    if (!scrolls && (r.left < -1 || r.right > doc.clientWidth + 1)) out.push(`${label(el)} runs past the panel (${Math.round(r.left)}–${Math.round(r.right)} of ${doc.clientWidth} px) with no scroll box to reach it`);
  }
  return out;
}

/**
 * Runs in the page: pairs of text that overlap — every SVG <text> (a chart's tick, axis label or legend, turned or
 * not: its own box mapped to the screen, four corners) and every line of HTML text, cut to what the boxes that clip it
 * show (a table's scroll box, an ellipsis). Two boxes overlap when they cross by more than 2 px along every axis that
 * could separate them (the separating axis theorem for convex shapes): line boxes of stacked labels may touch, their
 * text may not cross.
 */
function overlappingText() {
  const boxes = [];
  const visible = (el) => {
    for (let a = el; a; a = a.parentElement) {
      if (a.classList?.contains('sr-only')) return false;
      const st = getComputedStyle(a);
      if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) === 0) return false;
    }
    return true;
  };
  const corners = (r) => [[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]];
  for (const t of document.querySelectorAll('svg text')) {
    if (!(t.textContent ?? '').trim() || !visible(t)) continue;
    const b = t.getBBox();
    const m = t.getScreenCTM();
    if (!m || b.width === 0) continue;
    const at = (x, y) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
    boxes.push({ el: t, q: [at(b.x, b.y), at(b.x + b.width, b.y), at(b.x + b.width, b.y + b.height), at(b.x, b.y + b.height)], text: t.textContent });
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !(n.textContent ?? '').trim() || el.closest('svg, style, script') || !visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const rect of range.getClientRects()) {
      let r = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        r = { left: Math.max(r.left, c.left), right: Math.min(r.right, c.right), top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) };
      }
      if (r.right - r.left > 0.5 && r.bottom - r.top > 0.5) boxes.push({ el, q: corners(r), text: n.textContent });
    }
  }
  // How far two convex quadrilaterals cross: the least overlap of their projections over each one's edge normals.
  const depth = (p, q) => {
    let least = Infinity;
    for (const shape of [p, q]) {
      for (let i = 0; i < 4; i++) {
        const [x1, y1] = shape[i];
        const [x2, y2] = shape[(i + 1) % 4];
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const nx = (y1 - y2) / len;
        const ny = (x2 - x1) / len;
        const proj = (s) => s.map(([x, y]) => x * nx + y * ny);
        const a = proj(p);
        const b = proj(q);
        least = Math.min(least, Math.min(Math.max(...a), Math.max(...b)) - Math.max(Math.min(...a), Math.min(...b)));
      }
    }
    return least;
  };
  const out = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxes[i].el === boxes[j].el) continue;
      const d = depth(boxes[i].q, boxes[j].q);
      if (d > 2) out.push(`the text "${boxes[i].text.trim().slice(0, 30)}" overlaps "${boxes[j].text.trim().slice(0, 30)}" by ${Math.round(d)} px near (${Math.round(boxes[i].q[0][0])}, ${Math.round(boxes[i].q[0][1])})`);
    }
  }
  return out;
}

/**
 * Runs in the page: the dots the lattice's canvas shows, counted from its pixels — 4-connected regions of a node
 * colour (anonymous, not anonymous, pruned, optimum), so that two dots drawn into each other count as one — and how
 * many SVG shapes a lattice holds (none: thousands of nodes go on a canvas).
 */
function latticeDots() {
  const canvas = document.querySelector('canvas.lattice-canvas');
  const svgNodes = document.querySelectorAll('.lattice svg circle, .lattice svg path, .lattice svg rect').length;
  if (!canvas) return { dots: 0, svgNodes };
  const { width, height } = canvas;
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const colours = ['#0072B2', '#D55E00', '#8c8c8c', '#009E73'].map((c) => [1, 3, 5].map((k) => parseInt(c.slice(k, k + 2), 16)));
  const kind = new Int8Array(width * height).fill(-1);
  for (let i = 0; i < width * height; i++) {
    if (data[i * 4 + 3] < 250) continue;
    kind[i] = colours.findIndex((c) => Math.abs(c[0] - data[i * 4]) + Math.abs(c[1] - data[i * 4 + 1]) + Math.abs(c[2] - data[i * 4 + 2]) < 24);
  }
  const seen = new Uint8Array(width * height);
  let dots = 0;
  for (let i = 0; i < width * height; i++) {
    if (kind[i] < 0 || seen[i]) continue;
    let size = 0;
    const stack = [i];
    seen[i] = 1;
    while (stack.length) {
      const j = stack.pop();
      size++;
      const x = j % width;
      for (const k of [x > 0 ? j - 1 : -1, x < width - 1 ? j + 1 : -1, j - width, j + width]) {
        if (k >= 0 && k < width * height && !seen[k] && kind[k] === kind[i]) {
          seen[k] = 1;
          stack.push(k);
        }
      }
    }
    if (size >= 4) dots++;
  }
  return { dots, svgNodes };
}

// PRIVSPEC_LAYOUT_ONLY=pram-19,view checks only those pages (while working on one).
const only = process.env.PRIVSPEC_LAYOUT_ONLY?.split(',');
const allPages = [
  ['aggregate', 'preview', aggregateAt(0.4)], ['aggregate-wide', 'preview', wideAggregate()],
  ['mode', 'preview', mode()], ['mode-wide', 'preview', wideMode()],
  ['generalize', 'preview', generalize()], ['generalize-wide', 'preview', wideGeneralize()],
  ['generalize-adult', 'preview', adultGeneralize()],
  ['pram', 'preview', pram()], ['pram-19', 'preview', widePram()], ['pram-adult', 'preview', adultPram()],
  ['grid', 'preview', grid()], ['grid-512', 'preview', wideGrid()],
  ['view', 'preview', await view()], ['view-adult', 'preview', await adultView()],
  ['risk-report', 'risk-report', riskReport()],
];
const pages = only ? allPages.filter(([label]) => only.includes(label)) : allPages;
let failed = 0;
for (const width of [240, 320, 480, 800, 1200]) {
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
    const problems = [...errors.map((e) => `page error: ${e}`), ...(await p.evaluate(`(() => { ${overlappingText}; ${smallText}; ${cutOff}; return (${layoutProblems})(); })()`))];
    if (label.startsWith('generalize')) {
      const drawn = await p.evaluate(latticeDots);
      const nodes = message.body.lattice.length;
      if (drawn.svgNodes > 0) problems.push(`the lattice draws ${drawn.svgNodes} SVG elements: it belongs on a canvas`);
      if (drawn.dots !== nodes) problems.push(`the lattice canvas shows ${drawn.dots} separate dots for ${nodes} nodes`);
    }
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
