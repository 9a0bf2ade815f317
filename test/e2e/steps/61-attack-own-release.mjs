import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Issue 34 in the real editor: ▶ Run the attack demo's PRAM release (run-e2e.sh copies examples/attack-demo/pram.privspec
// to attack/attack-pram.privspec), then PrivSpec: Simulate Attack… on the file it wrote. The file is shuffled; the
// editor finds its original and private row key without asking about record order, and the attack section shows a
// measured rate above 0 — by position it read 0 — consistent with `privspec attack --json` on the same file.
export default async function attackOwnRelease(t) {
  const { page, log, workspace, quickInput } = t;
  await t.runCommand('File: Save All');
  await t.runCommand('View: Close All Editors');
  await t.openFile('attack-pram.privspec', 'pram_06');
  const lens = page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Run' }).first();
  await lens.waitFor();
  await lens.click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.first().waitFor();
  log('▶ Run dialog:', (await dialog.first().innerText()).replace(/\s+/g, ' '));
  await dialog.locator('.monaco-button', { hasText: 'Run Release' }).first().click();
  const dir = path.join(workspace, 'attack');
  const released = path.join(dir, 'releases', 'attack-pram', 'pram_06.csv');
  for (let i = 0; i < 600 && !fs.existsSync(released); i++) await page.waitForTimeout(100);
  if (!fs.existsSync(released)) throw new Error(`▶ Run wrote no ${released}`);
  // The row key lies beside the data's ledger, in the per-user registry (run-e2e.sh sets XDG_DATA_HOME for the editor).
  const registry =
    process.env.PRIVSPEC_LEDGER_DIR || path.join(process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share'), 'privspec', 'ledgers');
  const keys = path.join(registry, 'row-keys');
  if (!fs.existsSync(keys) || fs.readdirSync(keys).length === 0) throw new Error(`▶ Run kept no row key beside the data's ledger (${keys})`);
  // The writer links each file into place and then removes its temporary: wait for those to go before looking.
  const extra = () => fs.readdirSync(path.dirname(released)).filter((f) => !/^pram_06\.(csv|json)$/.test(f));
  for (let i = 0; i < 100 && extra().length > 0; i++) await page.waitForTimeout(100);
  if (extra().length > 0) throw new Error(`the output folder holds more than the release: ${fs.readdirSync(path.dirname(released))}`);

  await t.runCommand('View: Close All Editors');
  await t.openFile('pram_06.csv', 'age,sex,zip');
  await t.runCommand('PrivSpec: Simulate Attack…');
  const pick = async (filter, row) => {
    await quickInput.waitFor({ state: 'visible' });
    await quickInput.fill(filter);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first().click();
  };
  await pick('candidate', 'attack/candidate.csv');
  await pick('id', 'id');
  await quickInput.waitFor({ state: 'visible' });
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'zip' }).first().waitFor();
  await page.keyboard.press('Enter');
  await pick('PRAM', 'PRAM…');
  // The retention box offers 0.6, the release's: accept it. No question about the original follows.
  await quickInput.waitFor({ state: 'visible' });
  await quickInput.fill('0.6');
  await page.keyboard.press('Enter');

  const report = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await report.locator('#attack').waitFor({ timeout: 180000 });
  const text = (await report.locator('#attack').innerText()).replace(/\s+/g, ' ');
  log('attack section:', text);
  await report.locator('#attack').scrollIntoViewIfNeeded();
  await t.shot('attack-own-release');
  if (!text.includes('by the private row key privspec kept when it wrote the file')) throw new Error(`the attack was not aligned by the row key: ${text}`);
  const measured = /Re-identified \(measured\) (\d+) = ([\d.]+)%/.exec(text);
  if (!measured) throw new Error(`the attack section has no measured rate: ${text}`);
  const rate = Number(measured[2]) / 100;

  // The command line on the same file: its rate and the panel's are two draws of one attack (ties are drawn at random),
  // both around the same expectation.
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const pram = ['age', 'sex', 'zip'].flatMap((c) => ['--pram', `${c}=0.6`]);
  const cli = spawnSync(process.execPath, [path.join(root, 'dist', 'cli.cjs'), 'attack', path.join('releases', 'attack-pram', 'pram_06.csv'), 'candidate.csv', '--qi', 'age,sex,zip', ...pram, '--truth', 'original.csv', '--id', 'id', '--json'], { cwd: dir, encoding: 'utf8' });
  const expected = JSON.parse(cli.stdout);
  log('privspec attack --json:', JSON.stringify({ alignment: expected.alignment, correct: expected.correct, rate: expected.rate, predictedRate: expected.predictedRate, tolerance: expected.tolerance }));
  if (expected.alignment !== 'row key') throw new Error(`privspec attack did not align by the row key: ${cli.stdout}${cli.stderr}`);
  if (!(rate > 0) || !(expected.rate > 0)) throw new Error(`a measured rate of 0: panel ${rate}, command line ${expected.rate}`);
  // The tolerance is 3σ of one attack's rate around its expectation; two draws differ by at most twice that.
  if (Math.abs(rate - expected.rate) > 2 * expected.tolerance) throw new Error(`the panel's rate ${rate} and the command line's ${expected.rate} differ by more than 2 × ${expected.tolerance}`);
  if (!text.includes('(η of the PRAM matrices)')) throw new Error(`the panel shows no η prediction: ${text}`);
  log(`Simulate Attack on the ▶ Run PRAM release: ${measured[1]} re-identified (${measured[2]} %), privspec attack ${expected.correct}`);
}
