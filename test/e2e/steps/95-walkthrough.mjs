import fs from 'node:fs';
import path from 'node:path';

// Issue 41 in the real editor: the Get Started walkthrough opens from Welcome: Open Walkthrough…, its first button
// copies the example workspace into a folder chosen in the open dialog and opens it, the walkthrough comes back at its
// second step in the new window, that step's button opens patients.csv with its k-violations, and the third's opens the
// quick fixes on the first flagged row. Last of the steps:
// it leaves the test workspace, and goes back to it at the end.
export default async function walkthrough(t) {
  const { page, log, quickInput } = t;
  const home = page.url();
  const parent = path.join(path.dirname(t.workspace), 'walkthrough-parent');
  // A folder inside the parent, so that the open dialog's list shows when it has reached the parent.
  fs.mkdirSync(path.join(parent, 'already-here'), { recursive: true });
  const intended = path.join(parent, 'privspec-example');

  await t.runCommand('Welcome: Open Walkthrough...');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get Started with PrivSpec' }).first().click();
  const pane = page.locator('.gettingStartedContainer');
  const step = (title) => pane.locator('.getting-started-step', { hasText: title }).first();
  const button = (label) => pane.locator('.getting-started-step.expanded .monaco-button', { hasText: label }).first();
  await page.locator('.tabs-container .tab.active', { hasText: 'Walkthrough: PrivSpec' }).first().waitFor();
  await step('Open the example workspace').waitFor();
  log('walkthrough open: "Get Started with PrivSpec", steps:', (await pane.locator('.getting-started-step .step-title').filter({ visible: true }).allInnerTexts()).join(' · '));
  await t.shot('walkthrough');

  // Step 1: the button asks where to copy (code-server's open dialog is a quick input: type the folder, then OK).
  await step('Open the example workspace').click();
  await button('Open Example Workspace').click();
  await quickInput.waitFor({ state: 'visible' });
  // The dialog fills in its own starting folder asynchronously, and a fill that lands before it is appended to (seen:
  // "…/workspace/example//tmp/…"): type the parent until the box holds exactly it.
  for (let attempt = 1; ; attempt++) {
    await quickInput.fill(`${parent}/`);
    await page.waitForTimeout(500);
    if ((await quickInput.inputValue()) === `${parent}/` || attempt === 5) break;
  }
  // The dialog lists the typed folder asynchronously; OK before that accepts the folder it showed first (seen in a full
  // run: the last folder used). Wait for the parent's listing, then press OK until the dialog closes.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'already-here' }).first().waitFor();
  const ok = page.locator('.quick-input-widget .monaco-button', { hasText: 'Copy the Example Here' }).first();
  for (let attempt = 1; ; attempt++) {
    await ok.click();
    try {
      await quickInput.waitFor({ state: 'hidden', timeout: 5000 });
      break;
    } catch (e) {
      if (attempt === 5) throw e;
    }
  }
  const copied = page.locator('.notifications-toasts .notification-list-item', { hasText: 'copied the example workspace to' }).first();
  await copied.waitFor();
  // code-server's simple open dialog sometimes accepts the folder it listed first (the workspace) although the parent
  // was typed and listed: the copy is then checked where the notification says it went, a new privspec-example folder.
  const went = /copied the example workspace to (\S+)/.exec(await copied.innerText());
  if (!went) throw new Error('the notification does not say where the example workspace was copied');
  const copy = went[1].replace(/[.,]$/, '');
  if (!/\/privspec-example(-\d+)?$/.test(copy)) throw new Error(`the copy is not a new privspec-example folder: ${copy}`);
  if (copy !== intended) log(`the dialog accepted another folder than the typed one: the copy went to ${copy}`);
  if (fs.readdirSync(path.join(parent, 'already-here')).length !== 0) throw new Error('the copy wrote into a folder that was already there');
  for (const f of ['visits.privspec', 'data/patients.csv', 'hierarchies/zip.csv']) {
    if (!fs.existsSync(path.join(copy, f))) throw new Error(`the example workspace was not copied: no ${f} in ${copy}`);
  }
  log(`copied the example workspace to ${copy}`);
  await copied.locator('.monaco-button', { hasText: /^Open$/ }).first().click();

  // The window reloads into the copy; the extension, activated there, reopens the walkthrough at step 2.
  await page.waitForURL((u) => decodeURIComponent(u.toString()).includes(copy), { timeout: 60000 });
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'visits.privspec' }).waitFor({ timeout: 120000 });
  await step('See the k-violations in the CSV').waitFor({ timeout: 120000 });
  await button('Open patients.csv').waitFor({ timeout: 60000 });
  log('walkthrough resumed in the new window at "See the k-violations in the CSV"');
  await t.shot('walkthrough-resumed');

  // Step 2: the button opens data/patients.csv, whose k-violations (5 classes, 14 rows below k=3 patients at the levels
  // visits.privspec pins: examples/README.md) reach the Problems panel.
  await button('Open patients.csv').click();
  await page.locator('.tabs-container .tab.active[aria-label^="patients.csv"]').first().waitFor();
  await page.keyboard.press('Control+Shift+M');
  await t.showProblems();
  await t.filterProblems('below k=3');
  const summary = t.problems.filter({ hasText: '14 of 21062 rows in 5 classes below k=3 distinct patient_id' }).first();
  await summary.waitFor({ timeout: 120000 });
  log('step 2: patients.csv open,', (await summary.innerText()).replace(/\s+/g, ' '));
  await t.shot('walkthrough-step-2');

  // Step 3's button: back in the walkthrough, it goes to the first flagged row and opens the quick fixes there.
  // In a window just opened, the first request can come before the CSV's check has been kept for its quick fixes
  // ("No code actions available"), and on a loaded machine the new window's language server is still checking the
  // example's three specs on 21,062 rows when the fixes ask it for their edits: the button is pressed again, up to
  // eight times, and each retry is logged.
  const fix = page.locator('.action-widget .monaco-list-row', { hasText: /masked|generalize|Suppress|level/i }).first();
  for (let attempt = 1; ; attempt++) {
    await page.locator('.tabs-container .tab', { hasText: 'Walkthrough: PrivSpec' }).first().click();
    await step('Fix one with a quick fix').click();
    await button('Show the Quick Fixes').click();
    try {
      await fix.waitFor({ timeout: 15000 });
      break;
    } catch (e) {
      if (attempt === 8) throw e;
      log(`step 3: no quick fix offered on attempt ${attempt}; pressing the button again`);
      await page.keyboard.press('Escape');
    }
  }
  log('step 3: quick fixes on the first flagged row:', (await page.locator('.action-widget .monaco-list-row').allInnerTexts()).slice(0, 3).map((x) => x.replace(/\s+/g, ' ')).join(' | '));
  await t.shot('walkthrough-step-3');
  await page.keyboard.press('Escape');

  // Back to the test workspace for any later step. Its explorer may have folders open that push a given file out of
  // view, so the check is the address and the workbench, not one row.
  await page.goto(home);
  await page.waitForURL(home);
  await page.locator('.monaco-workbench .part.statusbar').waitFor();
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor();
}
