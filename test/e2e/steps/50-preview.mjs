import fs from 'node:fs';
import path from 'node:path';

// Issue 15 in the real editor: ▶ Preview opens the panel from the code lens; its chart and budget meter show; Release
// goes through ▶ Run's confirmation and writes the release.
export default async function preview(t) {
  const { page, log, workspace } = t;
  await t.runCommand('View: Close All Editors');
  await t.openFile('preview.privspec', 'by_region');
  const clicked = Date.now();
  await page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Preview' }).first().click();
  await page.locator('.tabs-container .tab', { hasText: 'Preview: by_region' }).waitFor();
  const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await panel.locator('svg.preview-chart, figure.preview-chart').first().waitFor();
  log(`▶ Preview → chart drawn in the panel: ${Date.now() - clicked} ms (UI, incl. creating the webview)`);
  const opened = t.logLines(/preview by_region: page ready/).at(-1);
  if (opened) log('extension log:', opened.replace(/^\S+ /, ''));
  await panel.locator('#budget-text', { hasText: "This release spends ε 0.3; ε 0.7 of the budget remains after it." }).waitFor();
  await panel.locator('#cells tbody tr', { hasText: 'north' }).waitFor();
  log('preview panel:', (await panel.locator('#budget-text').innerText()).replace(/\s+/g, ' '));
  await t.shot('preview-panel');
  await panel.locator('#release').click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.first().waitFor();
  await dialog.locator('.monaco-button', { hasText: 'Run Release' }).first().click();
  await page.locator('.notifications-toasts .notification-list-item-message', { hasText: '1 of 1 releases written to releases/preview' }).first().waitFor();
  const out = path.join(workspace, 'releases/preview/by_region.csv');
  if (!fs.existsSync(out)) throw new Error('the release from the panel wrote no releases/preview/by_region.csv');
  log('released from the panel: releases/preview/by_region.csv');
  await t.shot('preview-released');
}
