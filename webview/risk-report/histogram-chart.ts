import * as Plot from '@observablehq/plot';
import { plural } from '../../engine/core/plural.js';
import { largest } from '../../engine/core/extremes.js';

/** Okabe & Ito's colour-blind-safe pair: vermillion for classes below k, blue for the rest. */
export const BELOW = 'below k';
export const ABOVE = 'k or more';
const COLORS = { domain: [BELOW, ABOVE], range: ['#D55E00', '#0072B2'] };

interface Bar {
  readonly label: string;
  readonly size: number;
  readonly classes: number;
  readonly group: string;
}

/** One bar per class size; sizes beyond the 40th pooled into one bar, so that the chart stays readable at any width. */
function bars(histogram: readonly (readonly [number, number])[], k: number): Bar[] {
  const out: Bar[] = histogram
    .slice(0, 40)
    .map(([size, classes]) => ({ label: String(size), size, classes, group: size < k ? BELOW : ABOVE }));
  if (histogram.length > 40) {
    const from = histogram[40][0];
    out.push({
      label: `≥${from}`,
      size: from,
      classes: histogram.slice(40).reduce((s, [, c]) => s + c, 0),
      group: from < k ? BELOW : ABOVE,
    });
  }
  return out;
}

/**
 * The class-size histogram with @observablehq/plot (SVG, no eval, so it runs under the webview's strict CSP): classes
 * per class size on a symmetric-log axis (one huge class beside thousands of uniques is typical), bars coloured below k
 * or not, labelled axes and a legend. `width` is the container's, so the chart never runs off the panel.
 */
export function histogramChart(
  histogram: readonly (readonly [number, number])[],
  k: number,
  width: number,
  title: string,
  unit = 'rows',
): HTMLElement {
  const data = bars(histogram, k);
  const figure = document.createElement('figure');
  figure.className = 'chart';
  figure.setAttribute(
    'aria-label',
    `${title}: number of classes per class size, ${data.filter((b) => b.group === BELOW).reduce((s, b) => s + b.classes, 0)} classes below k=${k}`,
  );
  const caption = document.createElement('figcaption');
  caption.textContent = title;
  const legend = Plot.legend({ color: { ...COLORS, type: 'categorical' }, className: 'legend' }) as HTMLElement;
  // Every label shown fits beside the others unturned: thinned to what the width holds (at most 20), every step-th.
  const w = Math.max(200, Math.floor(width));
  const longest = largest(data.map((b) => b.label.length));
  const shown = Math.max(2, Math.min(20, Math.floor((w - 60) / (longest * 7 + 8))));
  const step = Math.ceil(data.length / shown);
  // On a symmetric-log axis the powers of ten are evenly spaced; Plot's own ticks crowd at the top (10,000 and
  // 15,000 drawn into each other).
  const top = Math.max(1, largest(data.map((b) => b.classes)));
  const ticks = [0, ...Array.from({ length: Math.floor(Math.log10(top)) + 1 }, (_, i) => 10 ** i)];
  const svg = Plot.plot({
    width: w,
    height: 220,
    marginLeft: 48,
    marginBottom: 40,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    x: {
      type: 'band',
      domain: data.map((b) => b.label),
      label: `class size (${unit})`,
      labelAnchor: 'center',
      labelOffset: 34,
      tickFormat: (d: string, i: number) => (i % step === 0 ? d : ''),
    },
    y: { type: 'symlog', label: 'classes', grid: true, ticks, tickFormat: ',' },
    color: COLORS,
    marks: [
      Plot.barY(data, {
        x: 'label',
        y: 'classes',
        fill: 'group',
        title: (b: Bar) => `class size ${b.label}: ${plural(b.classes, 'class', 'classes')}`,
      }),
      Plot.ruleY([0]),
    ],
  }) as SVGSVGElement;
  svg.classList.add('histogram');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `${title}, symmetric log scale`);
  figure.append(caption, legend, svg);
  return figure;
}
