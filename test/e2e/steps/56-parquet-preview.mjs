import fs from 'node:fs';
import path from 'node:path';

// Issue 26 item 6 in the real editor: ▶ Preview of a release whose dataset is a Parquet file (data/preview-demo.parquet,
// written from preview-demo.csv by run-e2e.sh, with DuckDB placed beside the installed extension as a user who reads
// Parquet installs it). The language server asks DuckDB for the release's own aggregate and shows its exact counts —
// north 3, south 3, east 3, west 2, tallied by hand in preview-demo.csv — with the budget meter of the CSV's spec.
export default async function parquetPreview(t) {
  const { page, log, workspace } = t;
  if (!fs.existsSync(path.join(workspace, 'data', 'preview-demo.parquet'))) throw new Error('run-e2e.sh did not write data/preview-demo.parquet');
  await t.runCommand('View: Close All Editors');
  await t.openFile('columnar.privspec', 'by_region');
  const lens = page.locator('.editor-instance .monaco-editor .codelens-decoration a', { hasText: '▶ Preview' }).first();
  await lens.waitFor({ timeout: 120000 });
  await lens.click();
  await page.locator('.tabs-container .tab', { hasText: 'Preview: by_region' }).waitFor();
  const panel = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  await panel.locator('svg.preview-chart, figure.preview-chart').first().waitFor({ timeout: 120000 });
  await panel.locator('#budget-text', { hasText: 'This release spends ε 0.3; the plan spends ε 0.3 of 1' }).waitFor();
  const truths = {};
  for (const [region, expected] of [['north', 3], ['south', 3], ['east', 3], ['west', 2]]) {
    const cells = await panel.locator('#cells tbody tr', { hasText: region }).first().locator('td').allInnerTexts();
    truths[region] = cells[1];
    if (Number(cells[1]) !== expected) throw new Error(`the Parquet preview shows ${region} ${cells.join(' | ')}, expected the true count ${expected}`);
  }
  log('Parquet preview: true counts', JSON.stringify(truths));
  await t.shot('parquet-preview');
}
