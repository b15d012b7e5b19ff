/**
 * @fileoverview Writes under the workspace root that no link can redirect
 * out of it. A cloned repository can carry any symlink, so every file
 * review-guard writes (the index store, the baseline, accepted duplicates,
 * what `init` merges into, the debug log) goes through here:
 *
 * - the path is judged before anything is read or written: a link on the
 *   way (the file or any folder) that leads out of the root is refused with
 *   an error naming it; in review-guard's own `.review-guard/` tree
 *   (`links: 'none'`) every link is refused; elsewhere (`links: 'inside'`) a
 *   link whose target is inside the root is followed, so the write lands on
 *   the real file and a user's `AGENTS.md -> CLAUDE.md` link stays a link;
 * - the folder written into is reached one level at a time from the root,
 *   each opened with O_NOFOLLOW (and created with a one-level `mkdir`), and
 *   held open: on Linux every later name is resolved through that open
 *   folder (`/proc/self/fd/N/<name>`, openat semantics), so a folder swapped
 *   for a link meanwhile cannot redirect the write;
 * - a file is replaced by a temp file created with O_CREAT|O_EXCL|O_NOFOLLOW
 *   in that folder, then `rename`d over the name (rename replaces a link
 *   itself, never its target); the folder chain is checked again (dev/ino,
 *   no links) before the rename, so a swap is refused, not followed.
 *
 * Residual risks (SECURITY.md): hard links to outside files are not links
 * here, but rename replaces them instead of writing into them; where
 * `/proc/self/fd` is missing (macOS) a folder swapped in the instant between
 * the check and the create can still take one temp file, which the check
 * after it catches; where O_NOFOLLOW is missing (Windows) only the lstat
 * checks stand.
 */
import { constants, existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readlink, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isWithinRoot, leavesRoot } from './root-paths.js';
import { readInsideRoot } from './read.js';

/**
 * How links on the way to a file are judged: `none` refuses every link
 * (review-guard's own `.review-guard/` tree); `inside` follows a link whose
 * target is inside the root and refuses one leading out.
 */
export type LinkPolicy = 'none' | 'inside';

/** Temp files are `${TEMP_PREFIX}${pid}-${random}-${final name}` while a write is under way. */
export const TEMP_PREFIX = '.review-guard-tmp-';

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | NO_FOLLOW;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
// Linux names files through an open folder (`/proc/self/fd/N/<name>`): openat semantics without native code.
const PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');
// Errors of an O_NOFOLLOW open that met a link (ELOOP on Linux and macOS, EMLINK on FreeBSD, ENOTDIR with O_DIRECTORY).
const LINK_ERRORS = new Set(['ELOOP', 'EMLINK', 'ENOTDIR']);

/** A path review-guard will not read or write through; the message names it and the fix. */
export class WorkspaceLinkError extends Error {
  override readonly name = 'WorkspaceLinkError';

  constructor(
    /** The path as the caller named it, relative to the root. */
    readonly relPath: string,
    message: string,
  ) {
    super(message);
  }
}

/** A workspace path judged by {@link resolveWorkspacePath}. */
export interface ResolvedPath {
  /** The root's real path. */
  readonly realRoot: string;
  /** The real path of the file or folder (links inside the root followed), which may not exist yet. */
  readonly path: string;
  /** `path` relative to `realRoot`. */
  readonly relPath: string;
}

/**
 * Where `relPath` (relative to `root`) really leads, judged per `links`;
 * throws {@link WorkspaceLinkError} for a link that breaks the policy, or a
 * path that leaves the root lexically. Synchronous: a few lstat calls.
 */
export function resolveWorkspacePath(root: string, relPath: string, links: LinkPolicy): ResolvedPath {
  const realRoot = realpathSync(root);
  const names = namesUnder(realRoot, relPath);
  let current = realRoot;
  for (const [i, name] of names.entries()) {
    const shown = names.slice(0, i + 1).join('/');
    const candidate = join(current, name);
    const stats = lstatOrUndefined(candidate);
    if (!stats) return resolved(realRoot, join(candidate, ...names.slice(i + 1)));
    if (!stats.isSymbolicLink()) {
      current = candidate;
      continue;
    }
    const leadsTo = i < names.length - 1 ? 'folder' : 'file';
    if (links === 'none') throw linkError(shown, 'own-tree');
    const target = linkTarget(candidate);
    if (!isWithinRoot(realRoot, target.path)) throw linkError(shown, leadsTo === 'file' ? 'outside-file' : 'outside-folder');
    if (!target.exists) {
      throw new WorkspaceLinkError(shown, `\`${shown}\` is a symlink to a ${leadsTo} that does not exist; review-guard does not write through it — create its target or replace the link`);
    }
    current = target.path;
  }
  return resolved(realRoot, current);
}

/**
 * Replaces `relPath` under `root` with `data`: judged per `links`, written
 * to a temp file in the same folder and renamed into place (see the file
 * overview). Missing folders are created.
 */
export async function writeWorkspaceFile(root: string, relPath: string, data: string | Uint8Array, links: LinkPolicy): Promise<void> {
  const target = resolveWorkspacePath(root, relPath, links);
  const folder = await WorkspaceFolder.open(target.realRoot, dirname(target.relPath), { create: true });
  try {
    await folder.writeFile(basename(target.relPath), data);
  } finally {
    await folder.close();
  }
}

/**
 * The text of `relPath` under `root` for a writer that rewrites it (init's
 * merges, accepted duplicates), judged by the same policy as the write, so a
 * refused link is refused before it is read; then read through the one
 * guarded read. Undefined when it is missing.
 */
export async function readBeforeRewrite(root: string, relPath: string, links: LinkPolicy): Promise<string | undefined> {
  const target = resolveWorkspacePath(root, relPath, links);
  const read = await readInsideRoot(target.realRoot, target.path, { links: links === 'none' ? 'refuse' : 'inside' });
  if (read.ok) return read.bytes.toString('utf8');
  switch (read.problem) {
    case 'missing':
      return undefined;
    case 'outside':
    case 'link':
      throw linkError(relPath, 'changed');
    case 'unreadable':
      throw new Error(read.code);
    default:
      throw new Error(read.problem === 'too-large' ? `${read.size} bytes` : 'not a regular file');
  }
}

/** A folder level as it was opened: later checks compare the path's lstat with it. */
interface Level {
  readonly path: string;
  readonly dev: number;
  readonly ino: number;
}

/**
 * A folder under the root reached without following links and held open
 * while it is written into; `entry(name)` names a file in this very folder.
 * Close it when done.
 */
export class WorkspaceFolder {
  private constructor(
    /** The folder's real path (for messages and for platforms without `/proc/self/fd`). */
    readonly path: string,
    private readonly shown: string,
    private readonly handle: FileHandle,
    /** Where names in the folder resolve: `/proc/self/fd/N` of the open folder where the platform has it, else `path`. */
    private readonly via: string,
    private readonly levels: readonly Level[],
  ) {}

  /**
   * Opens `relDir` under `root` one level at a time, refusing any link on
   * the way; with `create`, missing levels are made (one `mkdir` each),
   * else a missing folder is undefined.
   */
  static async open(root: string, relDir: string, options: { create: true }): Promise<WorkspaceFolder>;
  static async open(root: string, relDir: string, options: { create: boolean }): Promise<WorkspaceFolder | undefined>;
  static async open(root: string, relDir: string, options: { create: boolean }): Promise<WorkspaceFolder | undefined> {
    if (options.create) await mkdir(root, { recursive: true });
    const realRoot = await realpath(root);
    const names = namesUnder(realRoot, relDir);
    let handle = await open(realRoot, FOLDER_FLAGS);
    let path = realRoot;
    const levels: Level[] = [];
    try {
      let via = await namesVia(handle, realRoot, '.');
      for (const [i, name] of names.entries()) {
        const shown = names.slice(0, i + 1).join('/');
        // Opened by its name in the open parent, so a parent swapped meanwhile is not followed.
        const next = await openLevel(join(via, name), shown, options.create);
        await handle.close();
        if (!next) return undefined;
        handle = next;
        path = join(path, name);
        via = await namesVia(handle, path, shown);
        const stats = await handle.stat();
        levels.push({ path, dev: stats.dev, ino: stats.ino });
      }
      const folder = new WorkspaceFolder(path, names.join('/') || '.', handle, via, levels);
      await folder.verify();
      return folder;
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  /** A path naming `name` in this folder (through the open folder where the platform allows). */
  entry(name: string): string {
    return join(this.via, name);
  }

  /** A fresh temp name for `name` in this folder. */
  tempFile(name: string): string {
    return this.entry(`${TEMP_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}-${name}`);
  }

  /** Throws when a level of the folder is no longer the real folder it was when opened. */
  async verify(): Promise<void> {
    for (const level of this.levels) {
      const stats = await lstat(level.path).catch(() => undefined);
      if (!stats || stats.isSymbolicLink() || !stats.isDirectory() || stats.dev !== level.dev || stats.ino !== level.ino) throw linkError(this.shown, 'changed');
    }
    if (this.via !== this.path && (await readlink(this.via).catch(() => undefined)) !== this.path) throw linkError(this.shown, 'changed');
  }

  /** Creates the empty file `entry` (from `entry()` or `tempFile()`) exclusively, for a writer that writes by path (native code). */
  async reserve(entry: string): Promise<void> {
    const handle = await this.create(entry);
    await handle.close();
  }

  /** Replaces `name` in this folder with `data`: temp file, sync, check, rename. */
  async writeFile(name: string, data: string | Uint8Array): Promise<void> {
    const temp = this.tempFile(name);
    const existing = await lstat(this.entry(name)).catch(() => undefined);
    let committed = false;
    try {
      const handle = await this.create(temp);
      try {
        // A rewritten file keeps its permissions (a user's 0600 settings file stays private).
        if (existing?.isFile()) await handle.chmod(existing.mode & 0o777);
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.verify();
      await rename(temp, this.entry(name));
      committed = true;
    } finally {
      if (!committed) await rm(temp, { force: true });
    }
  }

  /** Creates `name` in this folder holding `data`, exclusively: false when it exists (a lock another process holds). */
  async createExclusive(name: string, data: string): Promise<boolean> {
    const handle = await this.create(this.entry(name)).catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : Promise.reject(error)));
    if (!handle) return false;
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    return true;
  }

  /** Removes `name` from this folder, if it is there. */
  async remove(name: string): Promise<void> {
    await rm(this.entry(name), { force: true });
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  /** Creates `entry` (from `entry()` or `tempFile()`) exclusively; where names are not resolved through the open folder, checks it landed there. */
  async create(entry: string): Promise<FileHandle> {
    const handle = await open(entry, CREATE_FLAGS, 0o666);
    if (this.via !== this.path) return handle;
    try {
      const [created, found] = await Promise.all([handle.stat(), lstat(entry)]);
      if (created.dev !== found.dev || created.ino !== found.ino) throw linkError(this.shown, 'changed');
      await this.verify();
      return handle;
    } catch (error) {
      await handle.close();
      await rm(entry, { force: true });
      throw error;
    }
  }
}

/** Opens the folder at `path` without following a link; undefined when missing and not created. */
async function openLevel(path: string, shown: string, create: boolean): Promise<FileHandle | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open(path, FOLDER_FLAGS);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && create && attempt === 0) {
        await mkdir(path).catch((made: NodeJS.ErrnoException) => {
          if (made.code !== 'EEXIST') throw made;
        });
        continue;
      }
      if (code === 'ENOENT' && !create) return undefined;
      if (code && LINK_ERRORS.has(code) && (await lstat(path).catch(() => undefined))?.isSymbolicLink()) throw linkError(shown, 'own-tree');
      throw error;
    }
  }
}

/**
 * Where names in the open folder `handle` resolve; throws unless it is the
 * folder at `expected` (not moved, not reached through a link swapped in).
 */
async function namesVia(handle: FileHandle, expected: string, shown: string): Promise<string> {
  if (PROC_FD) {
    const via = `/proc/self/fd/${handle.fd}`;
    if ((await readlink(via).catch(() => undefined)) !== expected) throw linkError(shown, 'changed');
    return via;
  }
  const [opened, found] = await Promise.all([handle.stat(), lstat(expected).catch(() => undefined)]);
  if (!found || found.isSymbolicLink() || found.dev !== opened.dev || found.ino !== opened.ino) throw linkError(shown, 'changed');
  return expected;
}

/** The names of `relPath` under the root; throws when it leaves the root lexically. */
function namesUnder(realRoot: string, relPath: string): string[] {
  const rel = relative(realRoot, resolve(realRoot, relPath));
  if (leavesRoot(rel)) throw new WorkspaceLinkError(relPath, `\`${relPath}\` is outside the workspace root; review-guard writes only inside it`);
  return rel === '' ? [] : rel.split(sep);
}

function resolved(realRoot: string, path: string): ResolvedPath {
  return { realRoot, path, relPath: relative(realRoot, path) };
}

function lstatOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Where the link at `path` leads: its real path, or, when it dangles, its target read lexically. */
function linkTarget(path: string): { path: string; exists: boolean } {
  try {
    return { path: realpathSync(path), exists: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { path: resolve(dirname(path), readlinkSync(path)), exists: false };
  }
}

/** What is wrong with a path review-guard will not write through, after its name. */
const LINK_PROBLEMS = {
  'outside-file': 'is a symlink to a file outside the workspace root; review-guard does not read or write through it — replace the link or edit the target yourself',
  'outside-folder': 'is a symlink to a folder outside the workspace root; review-guard does not read or write through it — replace the link or edit the target yourself',
  'own-tree': 'is a symlink; review-guard writes its own files only into real folders inside the workspace root, never through a link — remove the link (review-guard creates what it needs)',
  changed: 'changed while review-guard wrote into it (a folder or file was replaced, perhaps by a symlink); nothing was written through it — check the folder and try again',
} as const;

function linkError(shown: string, problem: keyof typeof LINK_PROBLEMS): WorkspaceLinkError {
  return new WorkspaceLinkError(shown, `\`${shown}\` ${LINK_PROBLEMS[problem]}`);
}
