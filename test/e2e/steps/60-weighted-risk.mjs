// Issue 28 in the real editor: a CSV whose spec declares a survey `weight` gets a diagnostic on the key cells of every
// record whose individual re-identification risk exceeds privspec.risk.threshold (0.1), and the risk report shows the
// distribution of individual risk and the riskiest key combinations.
export default async function weightedRisk(t) {
  const { page, log } = t;
  await t.runCommand('View: Close All Editors');
  await t.openFile('weighted.csv', 'id,sex,region');
  await t.showProblems();
  await t.filterProblems('individual risk');
  // Hand-derived in test/engine/risk/weighted-risk.test.ts: (F,A) has f = 1 and F̂ = 4, so r = (1/3)·ln 4 = 0.462.
  // (M,C) stands for 400 people (p = 0.01): r = 0.01/3.01 ≈ 0.0033, below the threshold; the other 9 records are above it.
  await t.problems.filter({ hasText: 'line 2: individual risk 0.462 above 0.1: 1 record with {sex=F, region=A} stands for about 4 people' }).first().waitFor();
  await t.problems.filter({ hasText: "9 of 13 records have an individual risk above 0.1 (survey weight 'w'" }).first().waitFor();
  const flagged = await t.problems.filter({ hasText: 'row 10:' }).count();
  if (flagged !== 0) throw new Error('row 10 (risk 0.0033) is flagged although it is below the threshold');
  await page.locator('.editor-instance .monaco-editor .squiggly-warning').first().waitFor();
  log('weighted.csv: 9 of 13 records flagged above individual risk 0.1');
  await t.shot('weighted-csv-individual-risk');

  await t.runCommand('PrivSpec: Show Risk Report');
  await page.locator('.tabs-container .tab', { hasText: 'Risk Report: weighted.csv' }).waitFor();
  const report = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const distribution = report.locator('#individual-risk-distribution');
  // Bands (from, to]: 0.001–0.01 holds the 4 records of (M,C); 0.1–0.2 the 5 of (M,A), (M,B); 0.2–0.5 (F,A) and (F,C); 0.5–1 (F,B).
  await distribution.locator('tr', { hasText: '0.001–0.01' }).filter({ hasText: '4' }).first().waitFor();
  await distribution.locator('tr', { hasText: '0.5–1' }).first().waitFor();
  await report.locator('#individual-risk-riskiest tr', { hasText: '{sex=F, region=B}' }).first().waitFor();
  await report.locator('#individual-risk-figures', { hasText: 'Records above 0.1: 9' }).waitFor();
  const overflow = await report.locator('body').evaluate((b) => b.scrollWidth - b.clientWidth);
  if (overflow > 1) throw new Error(`the risk report overflows its panel by ${overflow} px`);
  log('risk report:', (await report.locator('#individual-risk-figures').innerText()).replace(/\s+/g, ' '));
  await report.locator('#individual-risk-distribution').scrollIntoViewIfNeeded();
  await t.shot('weighted-risk-report');
}
