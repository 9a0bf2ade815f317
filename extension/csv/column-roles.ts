import type { CsvModel, HierarchySource, SpecDatasetModel } from '../protocol.js';
import { pluralWord } from '../../engine/core/plural.js';

/**
 * What a CSV column is to the spec that names it, for the editor's colouring and the header hover. A column the spec
 * does not declare is treated as identifying — never written by a release — so it is shown as such ("undeclared").
 */
export type ColumnRole = 'identifying' | 'unit' | 'quasi' | 'sensitive' | 'undeclared';

export const roleTokenTypes: readonly ColumnRole[] = ['identifying', 'unit', 'quasi', 'sensitive', 'undeclared'];

/** The role of each column; undefined for columns whose role nobody stated (a model from the workspace settings). */
export function columnRoles(header: readonly string[], model: CsvModel, fromSpec: boolean): (ColumnRole | undefined)[] {
  return header.map((name) => {
    if (model.qi.includes(name)) return 'quasi';
    if (model.unit === name) return 'unit';
    // The survey weight is never written by a release: it is coloured as identifying, and its hover says what it is.
    if (model.identifying?.includes(name) || model.weight === name) return 'identifying';
    if (model.sensitive?.includes(name)) return 'sensitive';
    return fromSpec ? 'undeclared' : undefined;
  });
}

const ROLE_TEXT: Record<ColumnRole, string> = {
  identifying: 'identifying — never written by a release',
  unit: 'privacy unit — identifies a person across rows; k counts its distinct values, DP bounds its contributions',
  quasi: 'quasi-identifier — generalized and counted for k-anonymity',
  sensitive: 'sensitive — released, checked for ℓ-diversity within classes',
  undeclared: 'not declared in the spec — treated as identifying and never written by a release',
};

function hierarchyText(h: HierarchySource): string {
  switch (h.kind) {
    case 'arx':
      return `from ${h.path.replace(/^.*[\\/]/, '')} (ARX format)`;
    case 'intervals':
      return `intervals ${h.widths.join(', ')}${h.origin !== undefined && h.origin !== 0 ? ` from ${h.origin}` : ''}`;
    case 'mask':
      return `masking ${h.counts.join(', ')} trailing characters`;
    case 'date':
      return `dates truncated to ${h.units.join(', ')}`;
    case 'groups':
      return `${h.levels.length} listed ${pluralWord(h.levels.length, 'level')} of groups`;
  }
}

const ROLE_NAME: Record<ColumnRole, string> = {
  identifying: 'identifying',
  unit: 'privacy unit',
  quasi: 'quasi-identifiers',
  sensitive: 'sensitive',
  undeclared: 'undeclared (treated as identifying)',
};

/**
 * The legend of the colours: each role present in the file with its columns, in the order of the colouring's token
 * types (the theme picks the colours; the hover says which columns share one).
 */
export function roleLegend(header: readonly string[], roles: readonly (ColumnRole | undefined)[]): string {
  const parts = roleTokenTypes.flatMap((r) => {
    const columns = header.filter((_, i) => roles[i] === r);
    return columns.length ? [`${ROLE_NAME[r]}: ${columns.join(', ')}`] : [];
  });
  return parts.length ? `Colours by role — ${parts.join(' · ')}` : '';
}

/** The header hover: the column's role, its hierarchy and pinned level, and which spec says so. */
export function headerHover(
  name: string,
  role: ColumnRole | undefined,
  model: CsvModel,
  dataset: SpecDatasetModel | undefined,
  origin: string,
): string {
  const text =
    model.weight === name
      ? `survey weight — how many people each record stands for; gives each record's individual risk (${model.riskThreshold === undefined ? 'flagged above the default threshold' : `above ${model.riskThreshold} is flagged`}); never written by a release`
      : role
        ? ROLE_TEXT[role]
        : 'no role stated (the workspace settings name only the quasi-identifiers)';
  const lines = [`**${name}** — ${text}`];
  const h = model.hierarchies[name];
  if (role === 'quasi') {
    lines.push(h ? `hierarchy: ${hierarchyText(h)}` : 'no hierarchy: it can only be kept or suppressed whole');
    const level = model.levels[name];
    if (level) lines.push(`pinned at level ${level} by the anonymity block`);
    lines.push(model.unit ? `k = ${model.k}, counted in distinct ${model.unit}` : `k = ${model.k}`);
  }
  lines.push(`from ${dataset ? dataset.specName : origin}`);
  return lines.join('\n\n');
}
