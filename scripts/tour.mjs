// The README tour, in the real editor: code-server on a copy of examples/, each step a screenshot in docs/images.
// Usage (through scripts/tour-screenshots.sh): node tour.mjs <code-server-url> <workspace-dir> <shots-dir>
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(process.env.PW_REQUIRE_FROM || import.meta.url);
const { chromium } = require('playwright-core');
const [url, workspace, shots] = process.argv.slice(2);
const log = (...a) => console.log('[tour]', ...a);
const profile = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), 'chromium-profile-'));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  viewport: { width: 1280, height: 800 },
});
const page = ctx.pages()[0] || (await ctx.newPage());
page.setDefaultTimeout(60000);
const shot = (name) => page.screenshot({ path: path.join(shots, `tour-${name}.png`) });
const quickInput = page.locator('.quick-input-widget input');
async function quickInputFor(keys, text) {
  for (let attempt = 1; ; attempt++) {
    const editor = page.locator('.editor-instance .monaco-editor .view-lines').first();
    if (await editor.isVisible()) await editor.click();
    await page.keyboard.press(keys);
    try {
      await quickInput.waitFor({ state: 'visible', timeout: 5000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  await quickInput.fill(text);
}
async function openFile(name, text) {
  await quickInputFor('Control+P', name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().click();
  await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: text }).first().waitFor();
}
async function runCommand(title) {
  await quickInputFor('F1', `>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click();
}
async function goTo(line, column) {
  await quickInputFor('Control+G', `:${line}:${column}`);
  await page.keyboard.press('Enter');
  await quickInput.waitFor({ state: 'hidden' });
}

let failed = false;
try {
  await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`);
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'visits.privspec' }).waitFor();

  // 1. The CSV: columns coloured by role, the classes of fewer than 3 patients flagged, a summary on the header.
  await openFile('patients.csv', 'patient_id');
  await page.keyboard.press('Control+Shift+M');
  const problems = page.locator('.markers-panel .monaco-list-row');
  await problems.filter({ hasText: 'below k=3 distinct patient_id' }).first().waitFor();
  await shot('1-csv');
  log('1: CSV diagnostics');

  // 2. The quick fix on a flagged row: generalize a column in the spec, or show the rows of the class.
  await problems.filter({ hasText: /^row \d+: class/ }).first().click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+.');
  await page.locator('.action-widget .monaco-list-row').first().waitFor();
  await shot('2-quick-fix');
  await page.keyboard.press('Escape');
  log('2: quick fix menu');

  // 3. The spec: code lenses with each release's cost and the budget; a hover on a release.
  await openFile('visits.privspec', 'dataset visits');
  await goTo(26, 12);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  await page.locator('.monaco-hover', { hasText: 'Budget' }).first().waitFor();
  await shot('3-hover');
  await page.keyboard.press('Escape');
  log('3: hover');

  // 4a. ▶ Preview: the release before anything is spent — true values, 95 % error bars, one example draw, the meter.
  await page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Preview' }).first().click();
  const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await panel.locator('svg.preview-chart, figure.preview-chart').first().waitFor();
  await shot('4a-preview');
  await runCommand('View: Close All Editors');
  await openFile('visits.privspec', '');
  await goTo(25, 1);
  await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'visits_by_sex' }).first().waitFor();
  log('4a: preview');

  // 4. ▶ Run: the confirmation states the cost and what remains.
  await page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Run' }).first().click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.first().waitFor();
  await shot('4-run');
  await dialog.locator('.monaco-button', { hasText: 'Run Release' }).first().click();
  await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'releases written to' }).first().waitFor();
  log('4: run');

  // 5. The ledger.
  await runCommand('Notifications: Clear All Notifications');
  await runCommand('PrivSpec: Show Ledger');
  const ledger = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await ledger.locator('#entries').waitFor();
  await shot('5-ledger');
  log('5: ledger');

  // 6. The risk report of the CSV, with the spec's requirements and the optimal transformation.
  await runCommand('View: Close All Editors');
  await openFile('patients.csv', 'P10');
  await runCommand('PrivSpec: Show Risk Report');
  const report = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await report.locator('svg.histogram').first().waitFor();
  await report.locator('#after, #after-unavailable').first().waitFor();
  await runCommand('Notifications: Clear All Notifications');
  await runCommand('View: Hide Panel');
  await report.locator('#requirements').scrollIntoViewIfNeeded();
  await shot('6-risk-report');
  log('6: risk report');
} catch (e) {
  failed = true;
  console.error('TOUR FAILED:', e);
  await page.screenshot({ path: path.join(shots, 'tour-99-failure.png') }).catch(() => undefined);
} finally {
  await ctx.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
