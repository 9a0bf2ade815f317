// Browser tests of the release-preview page (run with tsx, which also loads the typed fixtures): dist/webview.js served locally with a stub acquireVsCodeApi, driven by
// playwright-core in Debian chromium. Run by `npm run test:browser` (test/browser/run-browser.sh installs the tools).
// Screenshots in light, dark and high-contrast themes go to $PRIVSPEC_BROWSER_SHOTS (default artifacts/browser-screenshots).
import { strict as assert } from 'node:assert';
import { mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aggregateAt, generalize, grid, mode, pram, view } from './preview-fixtures.js';
import { startServer } from './browser-page.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(process.env.PW_REQUIRE_FROM || import.meta.url);
const { chromium } = require('playwright-core');
const shots = resolve(process.env.PRIVSPEC_BROWSER_SHOTS ?? join(root, 'artifacts/browser-screenshots'));
mkdirSync(shots, { recursive: true });
const bundle = join(root, 'dist/webview.js');
if (!existsSync(bundle)) throw new Error('dist/webview.js is missing: run npm run build first');

const { THEMES, base, server } = await startServer(bundle);
const log = (...a) => console.log('[browser]', ...a);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
let failed = 0;
async function test(name, body) {
  try {
    await body();
    log(`✔ ${name}`);
  } catch (e) {
    failed++;
    console.error(`✘ ${name}\n`, e);
  }
}

async function open(theme, width = 1100) {
  const p = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = [];
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  // The host's answer to a moved control: the fixture at the new ε or retention, as the server would compute it.
  await p.exposeFunction('__answer', (c) => (c.levels !== undefined ? generalize(60, c.levels) : c.retain !== undefined ? pram(c.retain) : aggregateAt(c.epsilon ?? 0.4)));
  await p.goto(`${base}/?theme=${theme}`);
  await p.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  return { p, errors };
}

async function show(p, preview) {
  await p.evaluate((m) => { delete window.__privspecRendered; window.postMessage({ type: 'preview', preview: m }, '*'); }, preview);
  await p.waitForFunction(() => window.__privspecRendered !== undefined);
  return p.evaluate(() => window.__privspecRendered.ms);
}

const posted = (p) => p.evaluate(() => window.__posted);

await test('moving the ε control updates the error bars and the budget meter', async () => {
  const { p, errors } = await open('dark');
  await show(p, aggregateAt(0.4));
  const meter = p.locator('#budget-text');
  assert.equal(await meter.innerText(), 'This release spends ε 0.4; the plan spends ε 0.4 of 1; ledger ε 0; ε 0.6 remains after the plan.');
  const bar = () => p.locator('svg.preview-chart line, figure.preview-chart line').first().evaluate((l) => Math.abs(Number(l.getAttribute('x2')) - Number(l.getAttribute('x1'))));
  const cellBound = () => p.locator('#cells tbody tr').first().locator('td').nth(2).innerText();
  const before = await cellBound();
  const firstDraw = aggregateAt(0.4).body.cells[0].draw;
  assert.equal(await p.locator('#cells tbody tr').first().locator('td').nth(3).innerText(), firstDraw.toLocaleString('en-US'), 'the example draw shows every integer digit: rounding 24,998 to 25,000 would hide the noise');
  await p.locator('#control-epsilon').focus();
  for (let i = 0; i < 20; i++) await p.keyboard.press('ArrowRight');
  // The answers come after the keys, each for the value of its moment: wait for the one of the value the slider ends
  // at (a CI run read the meter of an earlier answer, ε 0.55, while the slider stood at 0.8).
  await p.waitForFunction(() => {
    const v = Number(document.getElementById('control-epsilon-value')?.value);
    return v > 0.4 && (document.getElementById('budget-text')?.textContent ?? '').includes(`spends ε ${Number(v.toPrecision(3))};`);
  });
  const value = Number(await p.locator('#control-epsilon-value').evaluate((e) => e.value));
  assert.ok(value > 0.4, `ε moved up to ${value}`);
  assert.equal(await meter.innerText(), `This release spends ε ${Number(value.toPrecision(3))}; the plan spends ε ${Number(value.toPrecision(3))} of 1; ledger ε 0; ε ${Number(Math.max(0, 1 - value).toPrecision(3))} remains after the plan.`);
  const after = await cellBound();
  assert.ok(Number(after) < Number(before), `the 95 % bound shrank from ${before} to ${after}`);
  // The answers redrew the panel 20 times under the slider, and it kept the focus all along.
  assert.equal(await p.evaluate(() => document.activeElement?.id), 'control-epsilon');
  // A screen reader hears the budget sentence and the bound, from one polite live region (not the whole panel).
  assert.equal(await p.locator('#announce').textContent(), `${await meter.innerText()} ${aggregateAt(value).body.bound}`);
  assert.equal(await p.locator('[aria-live]').count(), 1);
  assert.ok((await bar()) >= 0);
  assert.deepEqual(errors, []);
  await p.close();
});

await test('when the host resets the parameters (the spec was edited), the page drops the values it moved', async () => {
  const { p, errors } = await open('light');
  await show(p, aggregateAt(0.4));
  const field = p.locator('#control-epsilon-value input');
  await field.fill('0.7');
  await field.dispatchEvent('change');
  await p.waitForFunction(() => document.getElementById('budget-text')?.textContent?.includes('ε 0.7;'));
  // The host's reset starts a new generation: an answer to the moved ε still in flight is dropped, as the host drops it.
  await p.evaluate((m) => {
    window.__generation = (window.__generation ?? 0) + 1;
    window.postMessage({ type: 'preview', preview: m, reset: true }, '*');
  }, aggregateAt(0.4));
  await p.waitForFunction(() => document.getElementById('budget-text')?.textContent?.includes('ε 0.4;'));
  assert.equal(await p.locator('#control-epsilon-value').evaluate((e) => e.value), '0.4', 'the field shows the spec\'s ε again');
  await p.locator('#release').click();
  assert.deepEqual((await posted(p)).filter((x) => x.type === 'release').at(-1), { type: 'release', controls: {} }, 'Release… sends no stale ε');
  assert.deepEqual(errors, []);
  await p.close();
});

await test('"Release…" posts the release message with the controls; "Write parameters" posts them too', async () => {
  const { p } = await open('dark');
  await show(p, aggregateAt(0.4));
  // The value field is vscode-elements' textfield: its input sits in an open shadow root.
  const field = p.locator('#control-epsilon-value input');
  await field.fill('50');
  await field.dispatchEvent('change');
  assert.equal(await p.locator('.control-error').first().innerText(), 'ε must be between 0.01 and 10');
  assert.equal((await posted(p)).filter((x) => x.type === 'controls').length, 0, 'an out-of-range ε is not sent');
  const marked = () => p.locator('#control-epsilon-value').evaluate((e) => e.hasAttribute('invalid') || e.matches(':invalid'));
  assert.equal(await marked(), true, 'the out-of-range field is marked');
  await field.fill('0.5');
  await field.dispatchEvent('change');
  await p.waitForFunction(() => document.getElementById('budget-text')?.textContent?.includes('ε 0.5;'));
  assert.equal(await p.locator('#control-epsilon-value').evaluate((e) => e.hasAttribute('invalid') || e.matches(':invalid')), false, 'a valid ε (0.5, not a multiple of any step) is not marked');
  await p.locator('#release').click();
  await p.locator('#write').click();
  const m = await posted(p);
  const release = m.filter((x) => x.type === 'release').at(-1);
  assert.deepEqual(release, { type: 'release', controls: { epsilon: 0.5 } });
  assert.deepEqual(m.filter((x) => x.type === 'writeParameters').at(-1), { type: 'writeParameters', controls: { epsilon: 0.5 } });
  await p.close();
});

await test('keyboard only: Tab reaches every control, focus is visible, the arrow keys walk the lattice, Enter on a node previews it', async () => {
  const { p } = await open('light');
  await show(p, aggregateAt(0.4));
  // Tab from the top of the page; every control must be reached and look different focused than not (its pixels,
  // outline included, compared with the same spot after focus has left) — vscode-elements mark focus inside their shadow.
  const walk = async (ids) => {
    await p.locator('body').click({ position: { x: 5, y: 5 } });
    const reached = [];
    const focused = new Map();
    for (let i = 0; i < 12; i++) {
      await p.keyboard.press('Tab');
      const id = await p.evaluate(() => document.activeElement?.id ?? '');
      if (!id) continue;
      reached.push(id);
      if (ids.includes(id) && !focused.has(id)) {
        const box = await p.locator(`#${id}`).boundingBox();
        const clip = { x: Math.max(0, box.x - 6), y: Math.max(0, box.y - 6), width: box.width + 12, height: box.height + 12 };
        focused.set(id, { clip, shot: await p.screenshot({ clip }) });
      }
    }
    for (const id of ids) assert.ok(reached.includes(id), `Tab reaches #${id}: ${reached.join(', ')}`);
    await p.locator('body').click({ position: { x: 5, y: 5 } });
    for (const [id, { clip, shot }] of focused) assert.ok(!shot.equals(await p.screenshot({ clip })), `focus on #${id} is visible`);
  };
  await walk(['control-epsilon', 'control-epsilon-value', 'release', 'write']);
  await show(p, grid());
  await walk(['control-rho', 'control-rho-value', 'control-method', 'release', 'write']);
  // The method switch by keyboard alone: focus it, open it, move down one, choose.
  await p.locator('#control-method').focus();
  await p.keyboard.press('Enter');
  await p.keyboard.press('ArrowDown');
  await p.keyboard.press('Enter');
  await p.waitForFunction(() => window.__posted.some((m) => m.type === 'controls' && m.controls.method === 'quadtree'));
  await show(p, pram());
  await walk(['control-retain', 'control-retain-value', 'release', 'write']);
  await show(p, generalize());
  let node = false;
  for (let i = 0; i < 12 && !node; i++) {
    await p.keyboard.press('Tab');
    node = await p.evaluate(() => document.activeElement?.matches('canvas.lattice-canvas') ?? false);
  }
  assert.ok(node, 'Tab reaches the lattice');
  const label = await p.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  assert.match(label ?? '', /^age=\d, sex=\d, zip=\d: /);
  // One tab stop for the lattice, a canvas (no element per node); the arrow keys walk its edges.
  assert.equal(await p.locator('.lattice [tabindex]').count(), 1, 'the lattice is one tab stop');
  assert.equal(await p.locator('.lattice svg').count(), 0, 'the lattice is drawn on a canvas');
  const levels = async () => (await p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).match(/=(\d)/g).map((m) => Number(m.slice(1)));
  const height = (l) => l.reduce((a, b) => a + b, 0);
  const start = await levels();
  await p.keyboard.press('ArrowUp');
  const up = await levels();
  assert.equal(height(up), height(start) + 1, `ArrowUp: ${start} → ${up}`);
  assert.equal(up.filter((x, i) => x !== start[i]).length, 1, 'ArrowUp follows an edge: one level of one column more');
  await p.keyboard.press('ArrowDown');
  assert.equal(height(await levels()), height(start), 'ArrowDown comes back to the same height');
  await p.keyboard.press('End');
  const top = await levels();
  await p.keyboard.press('ArrowLeft');
  assert.deepEqual(await levels(), top, 'the top node has no neighbour within its height');
  await p.keyboard.press('Home');
  assert.equal(height(await levels()), 0, 'Home goes to the bottom node');
  await p.keyboard.press('ArrowUp');
  await p.keyboard.press('ArrowRight');
  assert.equal(height(await levels()), 1, 'ArrowRight stays within the height');
  const pressedKey = await p.evaluate(() => document.activeElement?.getAttribute('data-key'));
  await p.evaluate(() => { delete window.__privspecRendered; });
  await p.keyboard.press('Enter');
  await p.waitForFunction(() => window.__privspecRendered !== undefined);
  const last = (await posted(p)).filter((x) => x.type === 'controls').at(-1);
  assert.ok(last && Array.isArray(last.controls?.levels), 'Enter on a node posts its levels');
  assert.equal(await p.evaluate(() => document.activeElement?.getAttribute('data-key')), pressedKey, 'after the redraw the focus is back on the node Enter was pressed on');
  // Hover: the node under the pointer is named with its levels per column, found by hit-testing the canvas.
  const canvas = p.locator('canvas.lattice-canvas');
  const box = await canvas.boundingBox();
  let tip = '';
  // Rows of nodes are centred: a line down the middle of the canvas crosses a node of every odd-sized height.
  for (let y = 0; y < box.height && !tip; y += 2) {
    for (const x of [box.width / 2 + 14, box.width / 2]) {
      await p.mouse.move(box.x + x, box.y + y);
      tip ||= await p.evaluate(() => { const t = document.querySelector('.lattice-tip'); return t && !t.hidden ? t.textContent : ''; });
    }
  }
  assert.match(tip, /^age=\d, sex=\d, zip=\d: (anonymous|not anonymous|optimum|pruned)/, 'hovering a node shows its levels');
  await p.close();
});

await test('a grid reads without the picture: heat maps summarised for screen readers, the RMSE chart as a table', async () => {
  const { p, errors } = await open('light');
  const g = grid();
  await show(p, g);
  let total = 0;
  let top = 0;
  g.body.draw.forEach((v, i) => { total += v; if (v > g.body.draw[top]) top = i; });
  const label = await p.locator('canvas').nth(1).getAttribute('aria-label');
  assert.ok(label.includes(`${g.body.size} × ${g.body.size} cells, total ${total.toLocaleString('en-US')}, largest ${g.body.draw[top]} in row ${Math.floor(top / g.body.size) + 1}, column ${(top % g.body.size) + 1}`), label);
  const first = g.body.rmse.filter((r) => r.side === 1);
  const cells = await p.locator('#rmse tbody tr').first().locator('td').allInnerTexts();
  assert.equal(cells[0], '1');
  assert.equal(cells.length, 1 + first.length);
  assert.equal(await p.locator('#rmse thead th', { hasText: '(chosen)' }).innerText(), `${g.body.method} (chosen)`);
  assert.deepEqual(errors, []);
  await p.close();
});

await test('a view shows the partition over the density and the error comparison, each readable as text', async () => {
  const { p, errors } = await open('light');
  const v = await view();
  await show(p, v);
  // One chart per projection: the example draw's blocks as a heat map, each block one shaded rectangle (issue 37
  // item 10: no outlines over the density, which at 163 blocks were a wall of lines).
  assert.equal(await p.locator('#view-partition figure.view-projection').count(), v.body.projections.length);
  const first = v.body.projections[0];
  const chart = p.locator('#view-partition figure.view-projection').first();
  assert.ok(await chart.locator('g[aria-label="rect"] rect').count() >= first.blocks.length);
  assert.equal(await chart.locator('rect[stroke]').count(), 0, 'no block outlines');
  assert.match(await chart.locator('[role="img"]').getAttribute('aria-label'), /Partition on age × sex: \d+ distinct blocks, shaded by their rows' density/);
  // The comparison: a bar per algorithm built, and the table with HDPView at 1 and the chosen algorithm marked.
  const rows = await p.locator('#view-arr-table tbody tr').allInnerTexts();
  assert.equal(rows.length, 3);
  assert.match(rows[0], /^hdpview \(chosen\)\t[\d,.]+\t1\t2\t/);
  assert.match(await p.locator('#view-arr [role="img"]').getAttribute('aria-label'), /Relative RMSE against HDPView: hdpview 1, privtree [\d.]+, identity [\d.]+/);
  assert.equal(await p.locator('#view-examples tbody tr').count(), v.body.examples.length);
  assert.match(await p.locator('section.view').innerText(), /An estimate, not a guarantee/);
  assert.deepEqual(errors, []);
  await p.close();
});

await test("the first preview's phases are stamped for the real-editor test, and the state is saved only after the figures are drawn", async () => {
  const { p, errors } = await open('dark');
  const preview = grid(256);
  const timing = { openedAt: 1000, readyAt: 1500, requestedAt: 1010, answeredAt: 1800, postedAt: 1810 };
  await p.evaluate((m) => window.postMessage(m, '*'), { type: 'preview', preview, timing });
  await p.waitForFunction(() => window.__privspecRendered !== undefined && (window.__states ?? []).length > 0);
  const { first, states } = await p.evaluate(() => ({
    first: window.__privspecRendered.first,
    states: window.__states.map((s) => ({ drawn: s.drawn, release: s.state.preview.release })),
  }));
  assert.equal(await p.locator('figure.heatmap canvas').count(), 2);
  assert.match(await p.locator('figure.heatmap canvas').first().getAttribute('aria-label'), /^Exact counts: 256 × 256 cells, total /);
  // The host's stamps come through as sent; the page adds its own (message in, drawn) and the server's compute time.
  for (const [k, v] of Object.entries(timing)) assert.equal(first[k], v, k);
  assert.equal(first.serverMs, preview.elapsedMs);
  assert.ok(first.drawnAt >= first.receivedAt && first.receivedAt > 0 && first.pageReadyAt > 0, JSON.stringify(first));
  // Saved after the draw (the editor serializes the state whole: a 512² grid's half a million numbers).
  assert.deepEqual(states, [{ drawn: true, release: 'population' }]);
  // A second preview keeps the first's phases (they time the panel's opening).
  await p.evaluate((m) => window.postMessage(m, '*'), { type: 'preview', preview, timing: { ...timing, postedAt: 9999 } });
  await p.waitForFunction(() => window.__states.length > 1);
  assert.equal(await p.evaluate(() => window.__privspecRendered.first.postedAt), 1810);
  assert.deepEqual(errors, []);
  await p.close();
});

await test('a grid whose maps arrive as Float64Arrays (how the editor delivers a packed message) draws as from plain arrays, and is saved as plain arrays', async () => {
  const { p, errors } = await open('dark');
  const preview = grid(128);
  const pixels = () => p.locator('figure.heatmap canvas').evaluateAll((cs) => cs.map((c) => [c.getAttribute('aria-label'), c.toDataURL()]));
  await show(p, preview);
  const plain = await pixels();
  await p.evaluate((m) => {
    delete window.__privspecRendered;
    const body = { ...m.body, truth: Float64Array.from(m.body.truth), draw: Float64Array.from(m.body.draw) };
    window.postMessage({ type: 'preview', preview: { ...m, body } }, '*');
  }, preview);
  await p.waitForFunction(() => window.__privspecRendered !== undefined && (window.__states ?? []).length > 1);
  assert.deepEqual(await pixels(), plain);
  const saved = await p.evaluate(() => {
    const b = window.__states.at(-1).state.preview.body;
    return { truth: Array.isArray(b.truth), draw: Array.isArray(b.draw), n: b.draw.length };
  });
  assert.deepEqual(saved, { truth: true, draw: true, n: 128 * 128 });
  assert.deepEqual(errors, []);
  await p.close();
});

await test('screenshots of every kind in light, dark and high-contrast themes', async () => {
  for (const theme of Object.keys(THEMES)) {
    const { p, errors } = await open(theme);
    for (const [name, preview] of [['aggregate', aggregateAt(0.4)], ['mode', mode()], ['generalize', generalize()], ['pram', pram()], ['grid', grid()], ['view', await view()]]) {
      await show(p, preview);
      await p.screenshot({ path: join(shots, `preview-${name}-${theme}.png`), fullPage: true });
    }
    assert.deepEqual(errors, [], `no page errors in ${theme}`);
    await p.close();
  }
  log(`screenshots in ${shots}`);
});

await test('render time at 100,000-row scale (message in → charts drawn)', async () => {
  const { p } = await open('dark');
  const figures = [];
  for (const [name, preview] of [['aggregate, 200 cells', aggregateAt(0.4, 200)], ['generalize, 400-node lattice', generalize(400)], ['grid 256×256', grid(256)]]) {
    const times = [];
    for (let i = 0; i < 5; i++) times.push(await show(p, preview));
    times.sort((a, b) => a - b);
    figures.push(`${name}: median ${times[2].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)})`);
  }
  for (const f of figures) log(`render ${f}`);
  await p.close();
});

await browser.close();
server.close();
if (failed > 0) {
  console.error(`[browser] ${failed} failed`);
  process.exit(1);
}
log('ALL BROWSER TESTS PASSED');
