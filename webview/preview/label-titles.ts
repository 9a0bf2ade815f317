/**
 * The whole names of a chart's cut category labels (category-labels.ts) as SVG <title>s: the webview shows a text's
 * title on hover.
 */
/**
 * Gives every cut label of a chart (the texts `whole` knows) its whole name as an SVG <title>, which the webview shows
 * on hover; a screen reader reads the table beside the chart.
 */
export function titleCutLabels(chart: Element, whole: ReadonlyMap<string, string>): void {
  if (whole.size === 0) return;
  for (const text of chart.querySelectorAll('text')) {
    const name = whole.get(text.textContent ?? '');
    if (name === undefined || text.querySelector('title')) continue;
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = name;
    text.append(title);
  }
}
