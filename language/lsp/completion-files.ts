/**
 * File names in `from "…"`: the data files for a dataset, the CSVs for a hierarchy or a correlation — for a hierarchy,
 * those beside the data first and, among them, those that name the hierarchy's column (`adult_hierarchy_education.csv`
 * for `hierarchy education`), as ARX's hierarchies sit beside their data. Paths are written relative to the spec, as
 * the spec resolves them; the folder typed so far is listed, so `"hierarchies/` lists that folder.
 */
import { URI, UriUtils, type FileSystemProvider } from 'langium';
import { CompletionItemKind, type CompletionItem, type Range } from 'vscode-languageserver';

const DATA = /\.(csv|tsv|txt|parquet)$/i;
const CSV = /\.(csv|tsv|txt)$/i;

export interface FileSlot {
  /** What the file is for: the statement that names it. */
  readonly statement: 'dataset' | 'hierarchy' | 'correlation';
  /** The text typed inside the quotes so far. */
  readonly typed: string;
  /** The spec's own URI (paths are relative to its folder). */
  readonly spec: URI;
  /** The dataset's file as the spec writes it, for a hierarchy's "beside the data first". */
  readonly dataFile?: string;
  /** The hierarchy's column, for "names the column first". */
  readonly column?: string;
  /** Whether the string is closed after the cursor (else the completion closes it). */
  readonly closed: boolean;
}

/** The completion items for a file slot; none when the folder cannot be read. */
export async function fileItems(fs: FileSystemProvider, slot: FileSlot, range: Range): Promise<CompletionItem[]> {
  const folderTyped = slot.typed.slice(0, slot.typed.lastIndexOf('/') + 1);
  const specFolder = UriUtils.dirname(slot.spec);
  const wanted = slot.statement === 'dataset' ? DATA : CSV;
  const entries: { path: string; isFile: boolean; rank: number }[] = [];
  const list = async (folder: string, rank: number) => {
    let nodes;
    try {
      nodes = await fs.readDirectory(UriUtils.joinPath(specFolder, ...folder.split('/').filter(Boolean)));
    } catch {
      return;
    }
    for (const node of nodes) {
      const name = UriUtils.basename(node.uri);
      if (name.startsWith('.')) continue;
      // A symbolic link is listed as neither file nor folder: data linked into the workspace is files (newcomer tour).
      const isFile = !node.isDirectory;
      if (isFile && !wanted.test(name)) continue;
      const path = `${folder}${name}${node.isDirectory ? '/' : ''}`;
      if (!entries.some((e) => e.path === path)) entries.push({ path, isFile, rank });
    }
  };
  const dataFolder =
    slot.dataFile && slot.dataFile.includes('/') ? slot.dataFile.slice(0, slot.dataFile.lastIndexOf('/') + 1) : '';
  // A hierarchy: the data's folder first (when nothing else is typed), then the folder typed.
  if (slot.statement === 'hierarchy' && folderTyped === '' && dataFolder !== '') await list(dataFolder, 0);
  await list(folderTyped, 1);
  const column = slot.column?.toLowerCase();
  const score = (e: (typeof entries)[number]) =>
    (e.isFile ? 0 : 4) + e.rank * 2 + (column && e.isFile && !e.path.toLowerCase().includes(column) ? 1 : 0);
  entries.sort((a, b) => score(a) - score(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return entries.map((e, i) => ({
    label: e.path,
    kind: e.isFile ? CompletionItemKind.File : CompletionItemKind.Folder,
    sortText: String(i).padStart(4, '0'),
    // A folder is a step: completing it asks again inside it.
    ...(e.isFile ? {} : { command: { title: 'list the folder', command: 'editor.action.triggerSuggest' } }),
    textEdit: { range, newText: e.isFile && !slot.closed ? `${e.path}"` : e.path },
  }));
}

export { URI };
