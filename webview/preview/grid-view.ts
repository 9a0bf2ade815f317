import * as Plot from '@observablehq/plot';
import type { PreviewBody } from '../../extension/preview/preview-protocol.js';
import { PALETTE, h, table, value, widthOf } from './dom.js';
import { noiseHint, robustTop } from './grid-scale.js';
import { pluralWord } from '../../engine/core/plural.js';

type GridBody = Extract<PreviewBody, { kind: 'grid' }>;

/** Shades of the colour scale a heat map is painted with: finer than the eye separates on viridis. */
const SHADES = 256;

/** The scale's colours at SHADES evenly spaced values in [0, max], as RGB triples: computed once per preview. */
function shadeTable(color: (v: number) => string, max: number): Uint8Array {
  const lut = new Uint8Array(SHADES * 3);
  for (let i = 0; i < SHADES; i++) {
    const css = color((max * i) / (SHADES - 1));
    const m = /rgb\((\d+), ?(\d+), ?(\d+)\)/.exec(css) ?? /#(..)(..)(..)/.exec(css);
    const rgb = m
      ? css.startsWith('#')
        ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)]
        : [Number(m[1]), Number(m[2]), Number(m[3])]
      : [0, 0, 0];
    lut.set(rgb, i * 3);
  }
  return lut;
}

/**
 * One heat map on a canvas as wide as the panel allows (a 512² grid is 262,144 cells: too many SVG nodes), coloured
 * from its own scale's shade table: a lookup per cell, not a colour string parsed per cell.
 */
function heatmap(
  values: readonly number[],
  size: number,
  lut: Uint8Array,
  max: number,
  label: string,
  px: number,
): HTMLElement {
  const canvas = h('canvas', {
    width: String(size),
    height: String(size),
    role: 'img',
    'aria-label': `${label}: ${summary(values, size)}`,
  });
  canvas.style.width = `${px}px`;
  canvas.style.height = 'auto';
  canvas.style.imageRendering = 'pixelated';
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const image = ctx.createImageData(size, size);
    const step = (SHADES - 1) / max;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        // Negative noisy cells clamp to the scale's low end, as the legend shows.
        const shade = Math.min(SHADES - 1, Math.max(0, Math.round(values[r * size + c] * step))) * 3;
        // Row 0 is the grid's lowest y: drawn at the bottom, as on a map.
        const o = ((size - 1 - r) * size + c) * 4;
        image.data[o] = lut[shade];
        image.data[o + 1] = lut[shade + 1];
        image.data[o + 2] = lut[shade + 2];
        image.data[o + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
  }
  return h('figure', { class: 'heatmap', style: `max-width: ${px}px` }, h('figcaption', {}, label), canvas);
}

/** What a screen reader hears for a heat map: the grid's size, its total and its largest cell. */
function summary(values: readonly number[], size: number): string {
  let total = 0;
  let top = 0;
  for (let i = 0; i < values.length; i++) {
    total += values[i];
    if (values[i] > values[top]) top = i;
  }
  return `${size} × ${size} cells, total ${value(total)}, largest ${value(values[top] ?? 0)} in row ${Math.floor(top / size) + 1}, column ${(top % size) + 1} (row 1 at the bottom)`;
}

/** A heat map with its own colour scale and legend, clipped at its 99.9th percentile (the legend says so). */
function scaledMap(
  values: readonly number[],
  size: number,
  label: string,
  px: number,
  legendWidth: number,
): HTMLElement {
  const { top: max, above } = robustTop(values);
  const scale = Plot.scale({ color: { type: 'linear', scheme: 'viridis', domain: [0, max], clamp: true } });
  const lut = shadeTable((v: number) => String(scale.apply(v)), max);
  const figure = heatmap(values, size, lut, max, label, px);
  const clipped =
    above > 0 ? `; ${value(above)} ${pluralWord(above, 'cell')} above ${value(max)} drawn as ${value(max)}` : '';
  figure.append(
    Plot.legend({
      color: { type: 'linear', scheme: 'viridis', domain: [0, max], label: 'rows per cell' },
      width: Math.min(240, legendWidth),
      // Room for the end labels, centred on the ramp's ends, inside the legend's own box.
      marginLeft: 12,
      marginRight: 12,
    }),
    h('p', { class: 'scale-note meta' }, `Below 0 drawn as 0${clipped}.`),
  );
  return figure;
}

export function gridView(body: GridBody, container: HTMLElement): HTMLElement {
  const width = widthOf(container);
  // Side by side when each map still gets 240 px; one above the other in a narrow panel, each the panel's width.
  const two = width >= 2 * 240 + 16;
  const px = Math.max(120, Math.min(640, two ? Math.floor((width - 16) / 2) : width));
  const hint = noiseHint(body);
  const rmse = Plot.plot({
    width,
    height: 240,
    style: { background: 'transparent', color: 'var(--vscode-foreground)', fontSize: '11px' },
    x: { type: 'log', label: 'range side (cells)', labelOffset: 38, grid: true },
    // A short label: a long one above the axis ran into the tick labels and the heading in a narrow panel; the
    // heading says what is measured. The x axis's label goes below its tick labels, not beside the last of them, and
    // the last tick label keeps room on the right.
    marginLeft: 50,
    marginRight: 16,
    marginBottom: 44,
    y: { type: 'log', label: '↑ RMSE', grid: true },
    color: {
      legend: true,
      range: [PALETTE.blue, PALETTE.orange, PALETTE.green, PALETTE.vermillion, PALETTE.sky, PALETTE.purple],
    },
    marks: [
      Plot.line(body.rmse, {
        x: 'side',
        y: 'rmse',
        stroke: 'method',
        strokeWidth: (d: GridBody['rmse'][number]) => (d.method === body.method ? 3 : 1.5),
      }),
      Plot.dot(body.rmse, {
        x: 'side',
        y: 'rmse',
        stroke: 'method',
        title: (d: GridBody['rmse'][number]) => `${d.method}, side ${d.side}: RMSE ${d.rmse.toPrecision(3)}`,
      }),
    ],
  }) as HTMLElement;
  rmse.classList.add('preview-chart');
  rmse.setAttribute('role', 'img');
  rmse.setAttribute('aria-label', `Expected RMSE by range size for ${body.method} and its baselines`);
  return h(
    'section',
    { class: 'kind grid' },
    hint
      ? h(
          'p',
          { id: 'noise-hint', class: 'hint' },
          `Mostly noise: a cell's expected error (±${value(hint.cellError)}) exceeds a typical occupied cell's count (${value(hint.typical)})${hint.coarser ? ` — a coarser grid answers better (size ${hint.coarser})` : ''}.`,
        )
      : '',
    h(
      'div',
      { class: 'heatmaps' },
      scaledMap(body.truth, body.size, 'Exact counts', px, width),
      scaledMap(body.draw, body.size, `Example draw (${body.method}) — not a release, nothing spent`, px, width),
    ),
    h('p', { class: 'meta' }, 'Each map has its own colour scale.'),
    h('h3', {}, 'Error by range size: expected RMSE of a square range count'),
    rmse,
    rmseTable(body),
  );
}

/** The chart's figures as a table: readable without the chart, and by a screen reader. */
function rmseTable(body: GridBody): HTMLElement {
  const methods = [...new Set(body.rmse.map((r) => r.method))];
  const sides = [...new Set(body.rmse.map((r) => r.side))].sort((a, b) => a - b);
  const at = new Map(body.rmse.map((r) => [`${r.method}|${r.side}`, r.rmse]));
  return table(
    'Expected RMSE of a square range count, by range side (cells)',
    ['Side', ...methods.map((m) => (m === body.method ? `${m} (chosen)` : m))],
    sides.map((side) => [side, ...methods.map((m) => at.get(`${m}|${side}`) ?? '—')]),
    'rmse',
  );
}
