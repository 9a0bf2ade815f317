import fs from 'node:fs';
import path from 'node:path';
import { armLatency, readLatency } from '../page-latency.mjs';

// Issue 37, item 3 in the real editor: typing in a spec naming Adult (30,162 rows). Completion requested right after
// typing a release line (while its validations run), and an edit of a release line until its diagnostic shows and goes,
// each timed in the page from the key's keydown to the frame that draws the answer (page-latency.mjs: a time taken
// around Playwright's waitFor snaps to its polling steps) and printed as a median with its range: measurements, not
// thresholds (the goals, completion ≤ 100 ms and edit → diagnostics ≤ 150 ms, are printed beside them).
export default async function adultTyping(t) {
  const { page, log, workspace } = t;
  // run-e2e.sh links the shared Adult folder into the workspace and writes the spec when the data is there.
  if (!fs.existsSync(path.join(workspace, 'adult-typing.privspec'))) {
    const why = 'Adult data not found: set PRIVSPEC_ADULT_DIR or put it at ../shared/data/adult';
    if (process.env.CI) throw new Error(`${why} (CI=${process.env.CI}: this step must run, not skip)`);
    log(`skipped the Adult typing step: ${why}`);
    return;
  }
  await t.runCommand('View: Close All Editors');
  await t.openFile('adult-typing.privspec', 'dataset adult');
  const editor = page.locator('.editor-instance .monaco-editor').first();
  // The first validation reads and scans the 30,162 rows: its k warning says the checks are done.
  await editor.locator('.squiggly-warning').first().waitFor({ timeout: 180000 });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;

  // Completion while typing: a new release line typed key by key on line 13, then Ctrl+Space at once; timed until the
  // list shows Adult's columns (`education` among them). The first round also builds the editor's suggest widget (and,
  // when this step runs alone, meets the checks of the workspace's other specs): printed apart from the median.
  const completion = [];
  const rows = '.editor-widget.suggest-widget .monaco-list-row';
  const suggestion = page.locator(rows, { hasText: 'education' }).first();
  for (let i = 0; i < 6; i++) {
    await t.goTo(13, 1);
    await page.keyboard.type(`release r${i}: count by `, { delay: 30 });
    await armLatency(page, { key: ' ', ctrl: true, selector: rows, text: 'education' });
    await page.keyboard.press('Control+Space');
    await suggestion.waitFor({ timeout: 60000 });
    completion.push(await readLatency(page));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Delete');
  }
  const first = completion.shift();
  log(
    `LATENCY Adult (30,162 rows) completion right after typing a release line: median ${median(completion)} ms (${range(completion)}; first ${first} ms; key press → list drawn, timed in the page; goal ≤ 100 ms; printed, not asserted)`,
  );
  await t.shot('adult-typing-completion');

  // Edit → diagnostics: ε 0.1 → 9 in the release line (over the budget of 1: an error) and back (no error), timed from
  // the last key until the error's squiggle shows, and until it goes.
  const squiggle = '.editor-instance .monaco-editor .squiggly-error';
  const error = editor.locator('.squiggly-error').first();
  const edits = [];
  for (let i = 0; i < 4; i++) {
    await t.goTo(12, 1);
    await page.keyboard.press('End');
    for (let j = 0; j < 3; j++) await page.keyboard.press('Backspace');
    await armLatency(page, { key: '9', selector: squiggle });
    await page.keyboard.type('9');
    await error.waitFor({ timeout: 60000 });
    edits.push(await readLatency(page));
    await page.keyboard.press('Backspace');
    await page.keyboard.type('0.');
    await armLatency(page, { key: '1', selector: squiggle, present: false });
    await page.keyboard.type('1');
    await error.waitFor({ state: 'detached', timeout: 60000 });
    edits.push(await readLatency(page));
  }
  log(
    `LATENCY Adult (30,162 rows) edit of a release line → diagnostics: median ${median(edits)} ms (${range(edits)}; ${edits.length} edits; key press → squiggle drawn or gone, timed in the page; goal ≤ 150 ms; printed, not asserted)`,
  );
  await t.shot('adult-typing-diagnostics');
  await t.runCommand('File: Revert File');
}
