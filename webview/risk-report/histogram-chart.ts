const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The class-size histogram as an SVG bar chart: one bar per class size (sizes beyond the 59th pooled into one bar),
 * heights on a log scale of the class count, because one giant class and thousands of unique rows are typical.
 * Colours come from the editor theme, so the chart reads in light and dark themes.
 */
export function histogramChart(histogram: readonly (readonly [number, number])[], k: number): SVGSVGElement {
  const bars = histogram.slice(0, 59).map(([size, classes]) => ({ label: String(size), size, classes }));
  if (histogram.length > 59) {
    bars.push({ label: `≥${histogram[59][0]}`, size: histogram[59][0], classes: histogram.slice(59).reduce((s, [, c]) => s + c, 0) });
  }
  const width = 640;
  const height = 220;
  const barWidth = Math.max(4, Math.floor((width - 50) / Math.max(1, bars.length)) - 2);
  const top = Math.log10(1 + Math.max(1, ...bars.map((b) => b.classes)));
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': 'Number of classes per class size, log scale', class: 'histogram' });
  svg.append(el('text', { x: 0, y: 12, class: 'axis' }, 'classes (log scale) per class size'));
  bars.forEach((b, i) => {
    const h = Math.max(1, Math.round(((height - 50) * Math.log10(1 + b.classes)) / top));
    const x = 40 + i * (barWidth + 2);
    const rect = el('rect', { x, y: height - 24 - h, width: barWidth, height: h, class: b.size < k ? 'bar below-k' : 'bar' });
    rect.append(el('title', {}, `class size ${b.label}: ${b.classes} ${b.classes === 1 ? 'class' : 'classes'}, ${b.size * b.classes} rows`));
    svg.append(rect);
    if (bars.length <= 30 || i % 5 === 0) svg.append(el('text', { x, y: height - 8, class: 'axis' }, b.label));
  });
  return svg;
}
