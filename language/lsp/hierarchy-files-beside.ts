/**
 * The hierarchy files beside the data for a column, as a quick fix offers them: ARX keeps its hierarchies next to the
 * data (`adult_hierarchy_age.csv` beside `adult.csv`), and so do the examples (`age.csv` beside `original.csv`). A file
 * of the data's folder is one for a column when its name, less the extension, is the column (`age.csv`), ends in
 * `hierarchy_<column>` (`adult_hierarchy_age.csv`, `hierarchy_age.csv`) or is `<column>_hierarchy`, case aside. The
 * completion of `hierarchy … from "` lists the same folder first (completion-files.ts); this is its narrower choice.
 */
import { URI, UriUtils, type FileSystemProvider } from 'langium';
import type { LangiumDocument } from 'langium';

const CSV = /\.(csv|tsv|txt)$/i;

/** Whether a file name is a hierarchy file for the column. */
export function namesHierarchyOf(file: string, column: string): boolean {
  if (!CSV.test(file)) return false;
  const stem = file.replace(CSV, '').toLowerCase();
  const c = column.toLowerCase();
  const prefix = stem.endsWith(c) ? stem.slice(0, stem.length - c.length) : undefined;
  return stem === c || /hierarchy[_-]$/.test(prefix ?? '') || stem === `${c}_hierarchy` || stem === `${c}-hierarchy`;
}

/**
 * The hierarchy files for a column beside the data file, each as the spec writes its path (the data's folder as the
 * dataset names it, and the file's name); none when the folder cannot be read or the data is a database table.
 */
export async function hierarchyFilesBeside(
  fs: FileSystemProvider,
  document: LangiumDocument,
  dataFile: string | undefined,
  column: string,
): Promise<string[]> {
  if (dataFile === undefined || /^[a-z]+:/i.test(dataFile)) return [];
  const cut = dataFile.lastIndexOf('/') + 1;
  const folder = dataFile.slice(0, cut);
  const dataName = dataFile.slice(cut);
  const uri = folder.startsWith('/')
    ? URI.file(folder)
    : UriUtils.joinPath(UriUtils.dirname(document.uri), ...folder.split('/').filter(Boolean));
  try {
    const nodes = await fs.readDirectory(uri);
    // A symbolic link is listed as neither a file nor a folder: data linked into a workspace (one copy of Adult for
    // several projects, as the newcomer tour had it) keeps its hierarchies as links too. Names are checked below.
    return nodes
      .filter((n) => !n.isDirectory)
      .map((n) => UriUtils.basename(n.uri))
      .filter((name) => name !== dataName && namesHierarchyOf(name, column))
      .sort()
      .map((name) => `${folder}${name}`);
  } catch {
    return [];
  }
}
