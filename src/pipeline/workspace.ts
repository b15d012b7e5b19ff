/**
 * @fileoverview The workspace root and the guard around it: every path a
 * caller hands us is resolved against the root and refused when it leads
 * outside, lexically or through a symlink.
 */
import { relative, resolve, sep } from 'node:path';
import { type FileStat } from '../../indexer/index.js';
import { isWithinRoot, leavesRoot, readInsideRoot, type ReadRefusal } from '../../workspace/index.js';

export { isWithinRoot };

export { findWorkspaceRoot, locateWorkspaceRoot, realOrSelf, type RootChoice } from './workspace-root.js';

/** A file the guard let through, or why it did not. */
type WorkspaceFile =
  | {
      readonly ok: true;
      readonly relPath: string;
      readonly absPath: string;
      readonly text: string;
      /** The file's size and modification time when it was read (the index records them). */
      readonly stat: FileStat;
      readonly note?: string;
    }
  | {
      readonly ok: false;
      readonly relPath: string;
      readonly status: 'skipped' | 'error';
      readonly reason: string;
      /** The path is inside the root but nothing is there. */
      readonly missing?: true;
    };

interface ReadOptions {
  readonly maxFileBytes: number;
}

/** Forward slashes, so paths in findings and fingerprints are the same on every OS. */
export function toPosix(path: string): string {
  return path.split(sep).join('/');
}

/** Longer inputs are refused before the file system sees them (PATH_MAX on Linux). */
const MAX_PATH_CHARS = 4096;
// NAME_MAX on common file systems; a longer segment can only fail.
const MAX_NAME_CHARS = 255;
// How much of a refused input is echoed back in a file status.
const SHOWN_PATH_CHARS = 120;

/**
 * Resolves `input` (absolute, or relative to `root`; `\` counts as a
 * separator) and reads it when it is a regular text file inside the root.
 * Never throws for a bad path: the reason comes back as data so the rest of
 * a batch is still reviewed.
 */
export async function readWorkspaceFile(root: string, input: string, options: ReadOptions): Promise<WorkspaceFile> {
  const shown = shownPath(input);
  if (input.includes('\0')) return refuse(shown, 'error', 'the path contains a NUL byte');
  if (input.length > MAX_PATH_CHARS || input.split(/[\\/]/).some((name) => name.length > MAX_NAME_CHARS)) {
    return refuse(shown, 'error', `the path is too long (over ${MAX_PATH_CHARS} characters, or a name over ${MAX_NAME_CHARS})`);
  }
  if (/^([A-Za-z]:[\\/]|\\\\)/.test(input) && sep === '/') {
    return refuse(shown, 'error', `${shown} is a Windows drive or network path, outside the workspace root`);
  }
  // Hosts on Windows send backslashes; on POSIX a backslash in a name is too rare to honour.
  const absPath = resolve(root, sep === '/' ? input.replace(/\\/g, '/') : input);
  const lexical = relative(root, absPath);
  // Opened first, then judged on what was opened (workspace/read.ts): a root reached through a
  // symlink still owns its files, a link inside the root that points out of it does not make its target
  // ours, and a file or folder swapped for such a link while we read cannot redirect the read.
  const read = await readInsideRoot(root, absPath, { links: 'inside', maxBytes: options.maxFileBytes });
  if (!read.ok) return refusal(read, shown, lexical, options.maxFileBytes);
  const relPath = displayPath(relative(root, read.realPath));
  if (read.bytes.subarray(0, 8192).includes(0)) return refuse(relPath, 'skipped', `${relPath} looks binary (it contains NUL bytes)`);
  const { text, note } = decodeText(read.bytes);
  const stat = { size: read.stats.size, mtimeMs: read.stats.mtimeMs };
  return { ok: true, relPath, absPath: read.realPath, text, stat, ...(note ? { note } : {}) };
}

/** Why the guard did not read `input`, worded for the caller; names no path outside the root. */
function refusal(read: ReadRefusal, shown: string, lexical: string, maxFileBytes: number): WorkspaceFile {
  const relPath = displayPath(lexical);
  const problem = read.problem;
  if (leavesRoot(lexical)) return refuse(shown, 'error', outsideMessage(shown));
  switch (problem) {
    case 'outside':
      return refuse(relPath, 'error', `${relPath} resolves through a symlink to a target outside the workspace root`);
    case 'missing':
      return refuse(relPath, 'error', `file not found: ${relPath}`, true);
    case 'link':
      return refuse(relPath, 'error', `${relPath} changed while it was read (it or a folder on its path was replaced); review it again`);
    case 'not-file':
      return refuse(relPath, 'error', `${relPath} is not a regular file`);
    case 'too-large':
      return refuse(relPath, 'skipped', `${relPath} has ${read.size} bytes, over the ${maxFileBytes}-byte limit (maxFileBytes)`);
    case 'unreadable':
      if (read.code === 'ENAMETOOLONG') return refuse(shown, 'error', 'the path is too long (ENAMETOOLONG)');
      return refuse(relPath, 'error', `cannot read ${relPath}: ${read.code}`);
  }
}

/** The file's text (decoded once), and what a reader of the findings should know about it, if anything. */
function decodeText(bytes: Buffer): { text: string; note?: string } {
  if (bytes.length === 0) return { text: '', note: 'the file is empty' };
  try {
    // A byte order mark stays in the text, as Buffer#toString keeps it.
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { text: bytes.toString('utf8'), note: 'the file is not valid UTF-8; it was reviewed with the bad bytes replaced by U+FFFD' };
  }
}

/** `input` as it may be echoed: control characters made visible, and shortened. */
function shownPath(input: string): string {
  const visible = input.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return visible.length > SHOWN_PATH_CHARS ? `${visible.slice(0, SHOWN_PATH_CHARS)}…` : visible;
}

/** Names no absolute path of this machine: over HTTP the reader may be on another one (`doctor` shows the root). */
function outsideMessage(input: string): string {
  return `${input} is outside the workspace root; pass a path inside it or set --root (review-guard doctor shows the root)`;
}

/** Workspace-relative POSIX path; the root itself shows as `.`. */
function displayPath(relativePath: string): string {
  return relativePath === '' ? '.' : toPosix(relativePath);
}

function refuse(relPath: string, status: 'skipped' | 'error', reason: string, missing = false): WorkspaceFile {
  return { ok: false, relPath, status, reason, ...(missing ? { missing: true as const } : {}) };
}
