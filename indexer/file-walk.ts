/**
 * @fileoverview Finds the source files of a workspace: by extension, outside
 * dependency, build and hidden folders, never through symlinks (a link could
 * lead outside the root or into a cycle), and never binary or huge files.
 */
import type { Stats } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { languageForPath, type LanguageId } from '../syntax/index.js';

/** A source file found by the walk. */
export interface SourceEntry {
  /** Workspace-relative POSIX path. */
  readonly relPath: string;
  readonly absPath: string;
  readonly language: LanguageId;
  readonly size: number;
  readonly mtimeMs: number;
}

/** Folders that hold dependencies, build output or tool state. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'dist', 'build', 'out', 'coverage']);

/** Default limit above which a file is not indexed: generated or bundled code. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

// Folders that vanish or deny access mid-walk are skipped, not fatal.
const SKIPPABLE_ERRORS = new Set(['ENOENT', 'EACCES', 'EPERM', 'ENOTDIR']);

/** Every source file under `root` (absolute), sorted by relative path. */
export async function walkSourceFiles(root: string, maxFileBytes = DEFAULT_MAX_FILE_BYTES): Promise<SourceEntry[]> {
  const out: SourceEntry[] = [];
  await walkDir(root, '', maxFileBytes, out);
  return out.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
}

/**
 * A source file's text, or undefined when it is binary (holds a NUL byte)
 * or no longer readable.
 */
export async function readSourceText(absPath: string): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(absPath);
  } catch (error) {
    if (isSkippable(error)) return undefined;
    throw error;
  }
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

async function walkDir(absDir: string, relDir: string, maxFileBytes: number, out: SourceEntry[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(absDir, { withFileTypes: true });
  } catch (error) {
    if (isSkippable(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const relPath = relDir ? `${relDir}/${entry.name}` : entry.name;
    const absPath = path.join(absDir, entry.name);
    // Dirents describe the link itself, so symlinks are neither directories nor files here.
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')) continue;
      await walkDir(absPath, relPath, maxFileBytes, out);
    } else if (entry.isFile()) {
      const found = await sourceEntry(absPath, relPath);
      if (found && found.size <= maxFileBytes) out.push(found);
    }
  }
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
