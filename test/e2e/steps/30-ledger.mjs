import fs from 'node:fs';
import path from 'node:path';

// Issue 16, item 5 in the real editor: ▶ Run states the cost, a second run warns and keeps both outputs, Show Ledger
// lists both entries.
export default async function ledger(t) {
  const { page, log, workspace } = t;
  await t.openFile('ledger.privspec', 'by_region');
  const lens = (text) => page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: text }).first();
  const dialog = page.locator('.monaco-dialog-box');

  // First run: the dialog states what it spends and what remains, in the budget's ε.
  await lens('▶ Run').click();
  await dialog.first().waitFor();
  const first = (await dialog.first().innerText()).replace(/\s+/g, ' ');
  log('first ▶ Run dialog:', first);
  if (!first.includes("It spends ε 0.25; ε 0.75 of the budget's ε 1 remains after it.")) throw new Error(`the dialog does not state the cost: ${first}`);
  await t.shot('ledger-run-dialog');
  await dialog.locator('.monaco-button', { hasText: 'Run Release' }).first().click();
  await page.locator('.notifications-toasts .notification-list-item-message', { hasText: '1 of 1 releases written to releases/ledger' }).first().waitFor();

  // The lens now says when it was spent; a second run warns before it spends again.
  await lens('spent ').waitFor();
  await lens('▶ Run').click();
  await dialog.first().waitFor();
  const second = (await dialog.first().innerText()).replace(/\s+/g, ' ');
  log('second ▶ Run dialog:', second);
  if (!/by_region was released on \d{4}-\d\d-\d\d \d\d:\d\d UTC; running again spends ε 0\.25 more\./.test(second)) throw new Error(`no already-spent warning: ${second}`);
  await t.shot('ledger-run-again-dialog');
  await dialog.locator('.monaco-button', { hasText: 'Run Release' }).first().click();
  const out = path.join(workspace, 'releases/ledger');
  for (let i = 0; i < 100 && !fs.existsSync(path.join(out, 'by_region-2.csv')); i++) await page.waitForTimeout(100);
  const files = fs.readdirSync(out).sort();
  if (files.join(',') !== 'by_region-2.csv,by_region-2.json,by_region.csv,by_region.json') throw new Error(`both runs' outputs expected, found ${files.join(', ')}`);
  log('both outputs kept:', files.join(', '));

  // Show Ledger: both entries and the total against the budget.
  await t.runCommand('PrivSpec: Show Ledger');
  await page.locator('.tabs-container .tab', { hasText: 'Ledger: ledger.privspec' }).waitFor();
  const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await view.locator('#total', { hasText: 'Spent ε 0.5 of 1' }).waitFor();
  const entries = await view.locator('#entries tbody tr').count();
  if (entries !== 2) throw new Error(`Show Ledger lists ${entries} entries, expected 2`);
  await view.locator('#entries tbody tr', { hasText: 'by_region-2.csv' }).waitFor();
  log('Show Ledger: 2 entries, total', await view.locator('#total').innerText());
  await t.shot('ledger-view');
}
