import '../../language/object-group-by.js';
import { createDefaultCoreModule, createDefaultSharedCoreModule, EmptyFileSystem, inject, type LangiumCoreServices } from 'langium';
import type * as ast from '../../language/generated/ast.js';
import { PrivspecGeneratedModule, PrivspecGeneratedSharedModule } from '../../language/generated/module.js';
import { datasetPlan, groupingLevels, resolveSpecPath, specParts, unescape } from '../../language/privspec-to-engine.js';
import type { CsvModel, HierarchySource, SpecDataset, SpecText } from '../protocol.js';

let services: LangiumCoreServices | undefined;

/** The parser alone: the worker reads specs for their dataset, roles, hierarchies and k; checking them is the server's job. */
function parser(): LangiumCoreServices['parser']['LangiumParser'] {
  if (!services) {
    const shared = inject(createDefaultSharedCoreModule(EmptyFileSystem), PrivspecGeneratedSharedModule);
    services = inject(createDefaultCoreModule({ shared }), PrivspecGeneratedModule);
    shared.ServiceRegistry.register(services);
  }
  return services.parser.LangiumParser;
}

/**
 * The CSV model of every dataset a spec declares: its quasi-identifiers, k (from the anonymity block, else `defaultK`),
 * sensitive columns, sampling fraction and hierarchies. A spec that does not parse still yields what its parsed part
 * declares; the language server reports the syntax errors.
 */
export function specModels(specs: readonly SpecText[], defaultK = 5): SpecDataset[] {
  const result: SpecDataset[] = [];
  for (const spec of specs) {
    const parsed = parser().parse<ast.Spec>(spec.text);
    const root = parsed.value;
    const parts = specParts(root);
    const k = kOf(parts.anonymity) ?? defaultK;
    const hierarchies: Record<string, HierarchySource> = {};
    for (const [name, h] of parts.hierarchies) {
      const source = hierarchySource(h, spec.path);
      if (source) hierarchies[name] = source;
    }
    const levels = levelsOf(parts.anonymity);
    const specName = spec.path.split(/[\\/]/).pop() ?? spec.path;
    for (const dataset of root.datasets ?? []) {
      if (!dataset.name || dataset.file === undefined) continue;
      const plan = datasetPlan(dataset, spec.path);
      const model: CsvModel = {
        qi: plan.quasi,
        k,
        identifying: plan.identifying,
        sensitive: plan.sensitive,
        samplingFraction: plan.sampling,
        hierarchies,
        levels,
        spec: { uri: spec.path, name: specName },
      };
      result.push({ specPath: spec.path, csvPath: plan.file, delimiter: plan.delimiter, model });
    }
  }
  return result;
}

function kOf(block: ast.Anonymity | undefined): number | undefined {
  const clause = block?.clauses.find((c): c is ast.KClause => c.$type === 'KClause');
  return clause && Number.isInteger(clause.k) && clause.k >= 1 ? clause.k : undefined;
}

/** Levels the spec pins columns to (`generalize zip 1` in the anonymity block); a later pin of a column wins. */
function levelsOf(block: ast.Anonymity | undefined): Record<string, number> {
  const levels: Record<string, number> = {};
  for (const c of block?.clauses ?? []) {
    if (c.$type === 'LevelClause' && c.column?.name && Number.isInteger(c.level) && c.level >= 0) levels[c.column.name] = c.level;
  }
  return levels;
}

function hierarchySource(node: ast.Hierarchy, specPath: string): HierarchySource | undefined {
  if (node.file !== undefined) return { kind: 'arx', path: resolveSpecPath(specPath, unescape(node.file)) };
  const b = node.builder;
  if (b?.$type === 'IntervalsBuilder') return { kind: 'intervals', widths: b.widths, origin: b.origin ?? 0 };
  if (b?.$type === 'MaskBuilder') return { kind: 'mask', counts: b.counts };
  if (b?.$type === 'DateBuilder') return { kind: 'date', units: b.units };
  if (node.groups.length > 0) {
    const levels = groupingLevels(node.groups);
    // Re-expressed as one chain per original value, which is what the worker's grouping builder takes.
    const groups = [...levels[0]?.keys() ?? []].map((value) => {
      const chain: string[] = [];
      let v = value;
      for (const level of levels) chain.push((v = level.get(v) ?? v));
      return { values: [value], levels: chain };
    });
    return { kind: 'groups', groups };
  }
  return undefined;
}
