// Issue 16, item 6 in the real editor: with `unit patient_id` a class of 5 visits of one patient is flagged, only the
// quasi-identifier cells are underlined, the columns are coloured by role and the header explains each role.
export default async function units(t) {
  const { page, log } = t;
  await t.openFile('units.csv', 'patient_id');
  await t.showProblems();
  await t.filterProblems('patient_id');
  // Hand-counted in test/cli/check-unit.test.ts: {34,F} is 5 rows of P01 — one patient, below k=3.
  await t.problems.filter({ hasText: 'line 2: class {age=34, sex=F} has 5 rows from 1 patient_id, below k=3' }).first().waitFor();
  await t.problems.filter({ hasText: '5 of 12 rows in 1 class below k=3 distinct patient_id' }).first().waitFor();
  log('units.csv: the class of 5 visits of patient P01 is flagged below k=3');
  // The squiggle covers `34,F` (characters 4–8 of `P01,34,F,…`), not the patient id or the diagnosis.
  await page.locator('.editor-instance .monaco-editor .squiggly-warning').first().waitFor();
  await t.shot('units-csv');
  // Hover on the header's `age`.
  await page.locator('.editor-instance .monaco-editor .view-line', { hasText: 'patient_id,age' }).first().locator('span', { hasText: /^age$/ }).first().hover().catch(async () => {
    await t.goTo(1, 13);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
  });
  const hover = page.locator('.monaco-hover', { hasText: 'quasi-identifier' });
  await hover.first().waitFor();
  log('header hover:', (await hover.first().innerText()).replace(/\s+/g, ' '));
  await t.shot('units-header-hover');
}
