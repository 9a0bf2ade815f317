import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 27 in the real editor: PrivSpec: Simulate Attack… on the attack demo (run-e2e.sh copies examples/attack-demo to
// attack/ and releases original.csv with Mondrian at k = 5 as attack/released.csv). The attack's section appears in the
// risk report with the figures `privspec attack` computes, and Save as Markdown writes it.
export default async function attack(t) {
  const { page, log, workspace, quickInput } = t;
  await t.runCommand('File: Save All');
  await t.runCommand('View: Close All Editors');
  // The attack runs in the language server: wait for it, by a spec's ▶ Run lens, when this step runs on its own.
  await t.openFile('visits.privspec', 'dataset');
  await page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Run' }).first().waitFor();
  await t.openFile('released.csv', 'age,sex,zip');
  await t.runCommand('PrivSpec: Simulate Attack…');
  const pick = async (filter, row) => {
    await quickInput.waitFor({ state: 'visible' });
    await quickInput.fill(filter);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first().click();
  };
  await pick('candidate', 'attack/candidate.csv');
  await pick('id', 'id');
  // Every column the two files share is preselected as a quasi-identifier: accept them.
  await quickInput.waitFor({ state: 'visible' });
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'zip' }).first().waitFor();
  await page.keyboard.press('Enter');
  await pick('Mondrian', 'Generalized or Mondrian');
  await pick('attack/original', 'attack/original.csv');

  const report = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await report.locator('#attack').waitFor({ timeout: 120000 });
  const text = (await report.locator('#attack').innerText()).replace(/\s+/g, ' ');
  log('attack section:', text);
  await report.locator('#attack').scrollIntoViewIfNeeded();
  await t.shot('attack-section');

  // The command line on the same files: the prediction (mean 1/class size) is deterministic, the rate depends on ties.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const dir = path.join(workspace, 'attack');
  const cli = spawnSync(process.execPath, [path.join(root, 'dist', 'cli.cjs'), 'attack', 'released.csv', 'candidate.csv', '--qi', 'age,sex,zip', '--truth', 'original.csv', '--id', 'id', '--json'], { cwd: dir, encoding: 'utf8' });
  const expected = JSON.parse(cli.stdout);
  const predicted = `${(100 * expected.predictedRate).toFixed(1)}% (1/class size)`;
  if (!text.includes('Linked one-to-one 100 of 100')) throw new Error(`the attack section does not say all 100 records were linked: ${text}`);
  if (!text.includes(predicted)) throw new Error(`the attack section's prediction differs from privspec attack's ${predicted}: ${text}`);
  if (!/Re-identified \(measured\) \d+ = [\d.]+%/.test(text)) throw new Error(`the attack section has no measured rate: ${text}`);
  if ((await report.locator('#attack-at-risk tbody tr').count()) !== 10) throw new Error('the attack section does not list the 10 records most at risk');

  await report.locator('#save-markdown').click();
  await report.locator('#status', { hasText: 'released.risk-report.md' }).waitFor();
  const markdown = fs.readFileSync(path.join(dir, 'released.risk-report.md'), 'utf8');
  if (!markdown.includes('## Simulated linkage attack') || !markdown.includes(predicted)) throw new Error('the saved Markdown lacks the attack section');
  log('saved attack/released.risk-report.md with the attack section; predicted', predicted);
}
