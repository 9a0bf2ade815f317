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
  const rows = '.editor-widget.suggest-widget .monaco-list-row';
  // The client's log says how long each completion took from the extension to the language server and back (the
  // editor also asks while the keys are typed, for its quick suggestions: the last one logged is Ctrl+Space's).
  const served = () => t.logLines(/completion: the language server answered in/).map((l) => Number(/in (\d+) ms/.exec(l)[1]));
  const server = [];
  const complete = async (typed, { pause = 0, text = 'education', into } = {}) => {
    await t.goTo(13, 1);
    await page.keyboard.type(typed, { delay: 30 });
    if (pause) await page.waitForTimeout(pause);
    const logged = served().length;
    await armLatency(page, { key: ' ', ctrl: true, selector: rows, text });
    await page.keyboard.press('Control+Space');
    await page.locator(rows, text === undefined ? {} : { hasText: text }).first().waitFor({ timeout: 60000 });
    const ms = await readLatency(page);
    if (into) into.push(served().slice(logged).at(-1));
    // The line is emptied whole (Ctrl+G closes whatever list is still open), so that every round starts alike.
    await page.keyboard.press('Escape');
    await t.goTo(13, 1);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    return ms;
  };
  const completion = [];
  for (let i = 0; i < 6; i++) completion.push(await complete(`release r${i}: count by `, { into: server }));
  // PRIVSPEC_E2E_TRACE=FILE: one more round under Chrome's tracing, written to FILE (chrome://tracing, Perfetto), to see
  // where the page spends the time between the key and the list. Not part of the figures.
  if (process.env.PRIVSPEC_E2E_TRACE) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,blink.user_timing',
      transferMode: 'ReturnAsStream',
    });
    const ms = await complete('release rt: count by ');
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await done;
    const chunks = [];
    for (;;) {
      const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream });
      chunks.push(base64Encoded ? Buffer.from(data, 'base64').toString() : data);
      if (eof) break;
    }
    fs.writeFileSync(process.env.PRIVSPEC_E2E_TRACE, chunks.join(''));
    log(`traced one completion round (${ms} ms) to ${process.env.PRIVSPEC_E2E_TRACE}`);
  }
  const first = completion.shift();
  server.shift();
  // PRIVSPEC_E2E_VARIANTS=1: the same rounds with one editor feature off at a time (workspace settings), to see which of
  // the extension's contributions the editor pays for while the keys come. Not part of the figures.
  if (process.env.PRIVSPEC_E2E_VARIANTS) {
    const settingsFile = path.join(workspace, '.vscode', 'settings.json');
    const saved = fs.readFileSync(settingsFile, 'utf8');
    const variants = {
      'code lens off': { 'editor.codeLens': false },
      'semantic tokens off': { 'editor.semanticHighlighting.enabled': false },
      'quick suggestions off': { 'editor.quickSuggestions': { other: false, comments: false, strings: false } },
      'breadcrumbs and outline off': { 'breadcrumbs.enabled': false, 'outline.showVariables': false },
      'all four off': {
        'editor.codeLens': false,
        'editor.semanticHighlighting.enabled': false,
        'editor.quickSuggestions': { other: false, comments: false, strings: false },
        'breadcrumbs.enabled': false,
      },
    };
    for (const [name, settings] of Object.entries(variants)) {
      fs.writeFileSync(settingsFile, JSON.stringify({ ...JSON.parse(saved), ...settings }, null, 2));
      await page.waitForTimeout(1500);
      const xs = [];
      for (let i = 0; i < 5; i++) xs.push(await complete(`release v${i}: count by `));
      xs.shift();
      log(`VARIANT ${name}: completion right after typing median ${median(xs)} ms (${range(xs)})`);
    }
    fs.writeFileSync(settingsFile, saved);
    await page.waitForTimeout(1500);
    const xs = [];
    for (let i = 0; i < 5; i++) xs.push(await complete(`release w${i}: count by `));
    xs.shift();
    log(`VARIANT none off again: completion right after typing median ${median(xs)} ms (${range(xs)})`);
  }
  // The same keys after a second's pause: what typing just before costs.
  const idle = [];
  for (let i = 0; i < 3; i++) idle.push(await complete(`release s${i}: count by `, { pause: 1000 }));
  // The editor's own part: the same keys in the same text as plain text, where the editor completes words in the page
  // (no extension, no language server), timed until its list shows (its first rows are whatever words sort first).
  await t.openFile('completion-floor.txt', 'dataset adult');
  const floor = [];
  for (let i = 0; i < 6; i++) floor.push(await complete(`release r${i}: count by `, { text: undefined }));
  floor.shift();
  await t.openFile('adult-typing.privspec', 'dataset adult');
  const known = server.filter((x) => x !== undefined);
  log(
    `LATENCY Adult (30,162 rows) completion right after typing a release line: median ${median(completion)} ms (${range(completion)}; first ${first} ms; key press → list drawn, timed in the page; goal ≤ 100 ms; printed, not asserted); of which the language server's round trip from the extension: median ${known.length ? `${median(known)} ms (${range(known)})` : 'not logged'}; after a 1 s pause: median ${median(idle)} ms (${range(idle)}); the editor's own floor, the same keys in plain text (word completion, no extension): median ${median(floor)} ms (${range(floor)})`,
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
