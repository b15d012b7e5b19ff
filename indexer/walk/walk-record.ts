/**
 * @fileoverview What a walk of the workspace saw in each folder, kept so the
 * next walk can skip listing folders that did not change. Adding, removing or
 * renaming an entry changes its folder's modification time, so while that
 * stays the same the folder holds the same names; a file's own edits still
 * show in its stat, which the walk takes every time. What the listing's
 * filter depended on is checked too: the selection options, and each ignore
 * file by its size and modification time (an in-place edit leaves the folder's
 * time alone).
 *
 * A listing is only recorded when its folder was last modified more than
 * RACY_MS before the walk began: a change made within the timestamp
 * granularity of the previous one (up to 2 s on some file systems) could
 * leave the folder's time unchanged, as git's "racily clean" entries.
 *
 * The record is a cache: one that is missing, unreadable or made for another
 * root or selection is ignored, and the walk lists everything.
 */
import { SOURCE_EXTENSIONS } from '../../syntax/index.js';
import type { FileStat } from '../code-index-types.js';
import { GENERATED_NAME } from './generated.js';
import { SKIPPED_FOLDERS, type FileSelection } from './path-filter.js';

/** One folder as the walk listed it. */
export interface FolderListing {
  readonly mtimeMs: number;
  /** Its `.gitignore`, when it has one. */
  readonly ignoreFile?: FileStat;
  /** Subfolders the walk entered. */
  readonly folders: readonly string[];
  /** Source files the filter took, whatever their size. */
  readonly files: readonly string[];
}

/** Listings by workspace-relative folder ('' for the root), valid for `key`. */
export interface WalkRecord {
  /** The root and selection the listings were filtered for; see `walkKey`. */
  readonly key: string;
  /** `.git/info/exclude`, when there is one: its rules apply everywhere. */
  readonly excludeFile?: FileStat;
  readonly folders: ReadonlyMap<string, FolderListing>;
}

/** Folders modified less than this before a walk are listed again by the next one. */
export const RACY_MS = 2_000;

/**
 * The key of listings of `root` filtered with `selection` (gitignore-style
 * globs and the `.gitignore` switch) and with this version's built-in choices
 * (source extensions, skipped folders, generated names), which an upgrade may
 * change while the folders stay as they were.
 */
export function walkKey(root: string, selection: FileSelection): string {
  const builtIn = [SOURCE_EXTENSIONS, [...SKIPPED_FOLDERS], GENERATED_NAME.source];
  return JSON.stringify([root, selection.include ?? [], selection.exclude ?? [], selection.gitignore ?? true, builtIn]);
}

/** Whether two stamps (either possibly missing) describe the same file state. */
export function sameStamp(a: FileStat | undefined, b: FileStat | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.size === b.size && a.mtimeMs === b.mtimeMs;
}

/** The record as JSON text (arrays, not objects, per folder: thousands of them). */
export function serializeWalkRecord(record: WalkRecord): string {
  const folders: Record<string, unknown[]> = {};
  for (const [dir, listing] of record.folders) {
    const stamp = listing.ignoreFile ? [listing.ignoreFile.size, listing.ignoreFile.mtimeMs] : null;
    folders[dir] = [listing.mtimeMs, stamp, listing.folders, listing.files];
  }
  const excludeFile = record.excludeFile ? [record.excludeFile.size, record.excludeFile.mtimeMs] : null;
  return JSON.stringify({ version: 1, key: record.key, excludeFile, folders });
}

/** A record read back from `serializeWalkRecord`'s text, or undefined for anything else. */
export function parseWalkRecord(text: string): WalkRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const top = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const listings = top.folders;
  if (top.version !== 1 || typeof top.key !== 'string' || typeof listings !== 'object' || listings === null || Array.isArray(listings)) return undefined;
  const excludeFile = parseStamp(top.excludeFile);
  if (excludeFile === null) return undefined;
  const folders = new Map<string, FolderListing>();
  for (const [dir, entry] of Object.entries(listings)) {
    if (!Array.isArray(entry) || entry.length !== 4) return undefined;
    const [mtimeMs, rawStamp, subfolders, files] = entry as unknown[];
    const ignoreFile = parseStamp(rawStamp);
    if (typeof mtimeMs !== 'number' || ignoreFile === null || !isNameList(subfolders) || !isNameList(files)) return undefined;
    folders.set(dir, { mtimeMs, ...(ignoreFile ? { ignoreFile } : {}), folders: subfolders, files });
  }
  return { key: top.key, ...(excludeFile ? { excludeFile } : {}), folders };
}

/** A stamp from `[size, mtimeMs]`, undefined from null, null (invalid) from anything else. */
function parseStamp(value: unknown): FileStat | undefined | null {
  if (value === null) return undefined;
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number') {
    return { size: value[0], mtimeMs: value[1] };
  }
  return null;
}

/** Names of entries of one folder: a name that could lead elsewhere makes the record invalid. */
function isNameList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((name) => typeof name === 'string' && name !== '' && name !== '.' && name !== '..' && !/[/\\\0]/.test(name));
}
