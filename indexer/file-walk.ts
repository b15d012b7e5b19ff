/**
 * @fileoverview Finds the source files of a workspace: by extension, as the
 * path filter allows (no dependency, build or hidden folders, no generated
 * names, `.gitignore` and the caller's include/exclude globs respected; see
 * path-filter.ts), never through symlinks (a link could lead outside the
 * root or into a cycle), and never binary or huge files. Generated-code
 * markers inside files are checked where files are read (generated.ts), so
 * that unchanged files are not opened on every refresh.
 *
 * The walk is synchronous (readdir with file types, one lstat per source
 * file): on a 3,500-file workspace it takes ~50 ms against ~170 ms for the
 * same walk through the promise API, whose per-call overhead dominates; a
 * folder's `.gitignore` is only read when its listing holds one.
 */
import { lstatSync, readdirSync, readFileSync, type Dirent, type Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { languageForPath, type LanguageId } from '../syntax/index.js';
import { PathFilter, type FileSelection } from './path-filter.js';

export { SKIPPED_FOLDERS, type FileSelection } from './path-filter.js';

/** A source file found by the walk. */
export interface SourceEntry {
  /** Workspace-relative POSIX path. */
  readonly relPath: string;
  readonly absPath: string;
  readonly language: LanguageId;
  readonly size: number;
  readonly mtimeMs: number;
}

/** Default limit above which a file is not indexed: generated or bundled code. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

// Folders that vanish or deny access mid-walk are skipped, not fatal.
const SKIPPABLE_ERRORS = new Set(['ENOENT', 'EACCES', 'EPERM', 'ENOTDIR']);

/** How to walk: the size limit and which files to take. */
export interface WalkOptions extends FileSelection {
  /** Larger files are left out (default DEFAULT_MAX_FILE_BYTES). */
  readonly maxFileBytes?: number;
}

/**
 * Every source file under `root` (absolute), sorted by relative path. A
 * number for `options` is the size limit (the earlier signature).
 */
export async function walkSourceFiles(root: string, options: number | WalkOptions = {}): Promise<SourceEntry[]> {
  return (await walkSourceTree(root, options)).files;
}

/** What a walk found: the source files, and the folders it entered ('' for the root). */
export interface SourceTree {
  readonly files: SourceEntry[];
  readonly folders: string[];
}

/** `walkSourceFiles`, also listing the folders entered (to watch them; see workspace-watch.ts). */
export async function walkSourceTree(root: string, options: number | WalkOptions = {}): Promise<SourceTree> {
  const { maxFileBytes = DEFAULT_MAX_FILE_BYTES, ...selection } = typeof options === 'number' ? { maxFileBytes: options } : options;
  const tree = { files: [] as SourceEntry[], folders: [] as string[] };
  walkDir(root, '', await PathFilter.forRoot(root, selection), maxFileBytes, tree);
  tree.files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return tree;
}

/**
 * A source file's text, or undefined when it is binary (holds a NUL byte)
 * or no longer readable. Synchronous for the same reason as the walk: a
 * build reads thousands of small files, and the promise API's open, stat,
 * read and close round trips cost more than the reads.
 */
export function readSourceText(absPath: string): string | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (error) {
    if (isSkippable(error)) return undefined;
    throw error;
  }
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

/** `filter` is the parent folder's (the root's own for the root); this folder's `.gitignore` is added from the listing. */
function walkDir(absDir: string, relDir: string, filter: PathFilter, maxFileBytes: number, out: SourceTree): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(absDir, { withFileTypes: true });
  } catch (error) {
    if (isSkippable(error)) return;
    throw error;
  }
  out.folders.push(relDir);
  const here = relDir === '' ? filter : filter.enterSync(relDir, entries.some((e) => e.name === '.gitignore' && !e.isDirectory()));
  for (const entry of entries) {
    const relPath = relDir ? `${relDir}/${entry.name}` : entry.name;
    // Dirents describe the link itself, so symlinks are neither directories nor files here.
    if (entry.isDirectory()) {
      if (!here.skipsDirectory(relPath)) walkDir(path.join(absDir, entry.name), relPath, here, maxFileBytes, out);
    } else if (entry.isFile() && !here.skipsFile(relPath)) {
      const found = sourceEntrySync(path.join(absDir, entry.name), relPath);
      if (found && found.size <= maxFileBytes) out.files.push(found);
    }
  }
}

function sourceEntrySync(absPath: string, relPath: string): SourceEntry | undefined {
  const language = languageForPath(relPath);
  if (!language) return undefined;
  let stats: Stats;
  try {
    stats = lstatSync(absPath);
  } catch (error) {
    if (isSkippable(error)) return undefined;
    throw error;
  }
  return stats.isFile() ? { relPath, absPath, language, size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
}

/**
 * The entry of one file if it is a regular (non-link) source file, without
 * a size limit: for files indexed one at a time.
 */
export async function sourceEntry(absPath: string, relPath: string): Promise<SourceEntry | undefined> {
  const language = languageForPath(relPath);
  if (!language) return undefined;
  let stats: Stats;
  try {
    stats = await lstat(absPath);
  } catch (error) {
    if (isSkippable(error)) return undefined;
    throw error;
  }
  return stats.isFile() ? { relPath, absPath, language, size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
}

/**
 * `relPath` as the index keys files: POSIX separators, normalised. Throws for
 * paths that are absolute or leave the workspace.
 */
export function toWorkspacePath(relPath: string): string {
  const rel = path.posix.normalize(relPath.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(rel) || /^[A-Za-z]:/.test(rel) || rel === '..' || rel.startsWith('../') || rel === '.') {
    throw new Error(`expected a file path relative to the workspace root, got "${relPath}"`);
  }
  return rel;
}

function isSkippable(error: unknown): boolean {
  return SKIPPABLE_ERRORS.has((error as NodeJS.ErrnoException).code ?? '');
}
