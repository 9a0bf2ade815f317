import fs from 'node:fs';
import path from 'node:path';

// Issue 15 in the real editor: ▶ Preview opens the panel from the code lens; its chart and budget meter show; an edit of
// the release's line previews again; Release goes through ▶ Run's confirmation and writes the release.
export default async function preview(t) {
  const { page, log, workspace } = t;
  await t.runCommand('View: Close All Editors');
  await t.openFile('preview.privspec', 'by_region');
  // Timed from the click, not from opening the spec: the lens appears once the language server has checked the spec.
  const lens = page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Preview' }).first();
  await lens.waitFor();
  const clicked = Date.now();
  await lens.click();
  await page.locator('.tabs-container .tab', { hasText: 'Preview: by_region' }).waitFor();
  const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await panel.locator('svg.preview-chart, figure.preview-chart').first().waitFor();
  // The page stamps the wall clock when it has drawn, so the figure does not include Playwright's polling of nested frames.
  const drawnAt = async (frame) => frame.locator('body').evaluate(() => window.__privspecRendered?.firstAt);
  log(`▶ Preview → chart drawn in the panel: ${(await drawnAt(panel)) - clicked} ms (click on the lens to the page's own stamp, incl. creating the webview)`);
  const opened = t.logLines(/preview by_region: page ready/).at(-1);
  if (opened) log('extension log:', opened.replace(/^\S+ /, ''), breakdown(opened, clicked, await drawnAt(panel)));
  await panel.locator('#budget-text', { hasText: "This release spends ε 0.3; the plan spends ε 0.3 of 1; ledger ε 0; ε 0.7 remains after the plan." }).waitFor();
  await panel.locator('#cells tbody tr', { hasText: 'north' }).waitFor();
  log('preview panel:', (await panel.locator('#budget-text').innerText()).replace(/\s+/g, ' '));
  await t.shot('preview-panel');
  // The panel follows the spec: editing the release's ε in the editor previews again with the new value.
  await t.goTo(7, 200);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await panel.locator('#budget-text', { hasText: 'This release spends ε 0.2; the plan spends ε 0.2 of 1; ledger ε 0; ε 0.8 remains after the plan.' }).waitFor();
  log('after editing the spec to epsilon 0.2, the panel reads:', (await panel.locator('#budget-text').innerText()).replace(/\s+/g, ' '));
  await panel.locator('#release').click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.first().waitFor();
  await dialog.locator('.monaco-button', { hasText: 'Run Release' }).first().click();
  await page.locator('.notifications-toasts .notification-list-item-message', { hasText: '1 of 1 releases written to releases/preview' }).first().waitFor();
  const out = path.join(workspace, 'releases/preview/by_region.csv');
  if (!fs.existsSync(out)) throw new Error('the release from the panel wrote no releases/preview/by_region.csv');
  // The panel reports what the run did (the command's outcome), not a generic "done".
  await panel.locator('#status', { hasText: 'by_region: 1 of 1 releases written to releases/preview' }).waitFor();
  log('released from the panel: releases/preview/by_region.csv; the panel says:', (await panel.locator('#status').innerText()).replace(/\s+/g, ' '));
  await t.shot('preview-released');

  // A second open in the same window: the webview machinery is warm, so this is the open a user meets most often.
  const tab = page.locator('.tabs-container .tab', { hasText: 'Preview: by_region' });
  await tab.hover();
  await tab.locator('.tab-actions .codicon-close, .tab-actions .action-label').first().click();
  await page.locator('.tabs-container .tab', { hasText: 'Preview: by_region' }).waitFor({ state: 'detached' });
  await t.openFile('preview.privspec', 'by_region');
  await lens.waitFor();
  const again = Date.now();
  await lens.click();
  const second = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await second.locator('svg.preview-chart, figure.preview-chart').first().waitFor();
  log(`second ▶ Preview → chart drawn: ${(await drawnAt(second)) - again} ms`);
  const reopened = t.logLines(/preview by_region: page ready/).at(-1);
  if (reopened && reopened !== opened) log('extension log:', reopened.replace(/^\S+ /, ''), breakdown(reopened, again, await drawnAt(second)));
}

// The extension's log line is stamped when the first preview was posted: it splits the open into click → posted (the
// editor creating the webview and loading the page) and posted → drawn (the message's trip and our render).
function breakdown(line, clicked, drawn) {
  const posted = Date.parse(line.split(' ')[0]);
  return Number.isNaN(posted) || !drawn ? '' : `| click → first preview posted ${posted - clicked} ms, posted → drawn ${drawn - posted} ms`;
}
