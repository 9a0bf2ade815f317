import fs from 'node:fs';
import path from 'node:path';

// Issue 29 in the real editor: ▶ Preview on a view release (examples/views.privspec, copied as explore-view.privspec)
// shows the partition — the blocks' outlines over the rows' density on 2-D projections — and the comparison of
// HDPView, PrivTree and identity on a random range-count workload, with example answers.
export default async function views(t) {
  const { page, log } = t;
  await t.runCommand('File: Save All');
  await t.runCommand('View: Close All Editors');
  await t.openFile('explore-view.privspec', 'dataset visits');
  const spec = fs.readFileSync(path.join(t.workspace, 'example', 'explore-view.privspec'), 'utf8').split('\n');
  await t.goTo(spec.findIndex((l) => l.startsWith('release explore:')) + 1, 1);
  const lens = page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Preview' }).filter({ visible: true }).first();
  await lens.waitFor({ timeout: 120000 });
  const clicked = Date.now();
  await lens.click();
  await page.locator('.tabs-container .tab', { hasText: 'Preview: explore' }).waitFor();
  const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  // The partition: one figure per projection, each with the density's bins and the example draw's block outlines.
  const projections = panel.locator('#view-partition figure.view-projection');
  await projections.first().waitFor({ timeout: 120000 });
  const count = await projections.count();
  if (count < 1) throw new Error('the view preview shows no projection of the partition');
  const rects = await projections.first().locator('rect').count();
  if (rects < 10) throw new Error(`the first projection draws only ${rects} rectangles: no density or no partition`);
  const caption = await projections.first().locator('figcaption').innerText();
  log(`▶ Preview on a view → partition drawn in ${Date.now() - clicked} ms: ${count} projections, the first "${caption}" with ${rects} rectangles`);
  // The comparison of the three algorithms at the release's ε: a row each, HDPView at 1 (the normalisation).
  const rows = await panel.locator('#view-arr-table tbody tr').allInnerTexts();
  if (rows.length !== 3 || !/^hdpview \(chosen\)\s+[\d,.]+\s+1\s/.test(rows[0]) || !rows[1].startsWith('privtree') || !rows[2].startsWith('identity')) {
    throw new Error(`the view preview's ARR comparison is not HDPView, PrivTree, identity: ${JSON.stringify(rows)}`);
  }
  for (const r of rows) log('ARR comparison:', r.replace(/\s+/g, ' '));
  const examples = await panel.locator('#view-examples tbody tr').count();
  if (examples < 1) throw new Error('the view preview shows no example answers');
  log(`example answers: ${examples}; budget: ${(await panel.locator('#budget-text').innerText()).replace(/\s+/g, ' ')}`);
  await t.shot('view-preview');
}
