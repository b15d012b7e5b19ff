/**
 * @fileoverview The one way review-guard reads a file of the workspace:
 * open first, then check what was opened, then read from that descriptor.
 * Checking a path and then reading it by path leaves a gap in which a
 * hostile repository (or a `git checkout`) can swap the file or a folder on
 * its way for a symlink out of the root; a descriptor cannot be swapped.
 *
 * - `open` with `O_RDONLY | O_NOFOLLOW | O_NONBLOCK`: a link as the last
 *   name is not followed, and a FIFO cannot hang the open.
 * - Where it was opened: on Linux the kernel's own answer, the link
 *   `/proc/self/fd/N`; elsewhere `realpath` of the path, and the file there
 *   must be the opened one (same device and inode as `fstat` of the
 *   descriptor), which narrows the race to a swap and a swap back between
 *   the open and the check, and then still never reads an outside file.
 *   The opened file must sit exactly at the path the caller expects (see
 *   `Links`), inside the real root.
 * - `fstat` of the descriptor: a regular file only, at most `maxBytes`.
 *
 * Refusals are data (`ReadRefusal`); callers word them for their reader.
 * Hard links cannot be told from the file itself and are read.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readlinkSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { leavesRoot } from './root-paths.js';

// O_NOFOLLOW and O_NONBLOCK are missing on Windows; there the location check does the work.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * How links on the way are taken. `refuse` (the index: its walk never
 * follows a link, so the file must be at exactly this path); `inside` (a
 * reviewed file, a config or ignore file: a link whose target stays inside
 * the root is followed, the file is then judged at its real path).
 */
export type Links = 'refuse' | 'inside';

export interface GuardedReadOptions {
  readonly links: Links;
  /** Larger files (by `fstat`) are refused with `too-large`; default no limit. */
  readonly maxBytes?: number;
  /**
   * Ask `/proc/self/fd` where the descriptor points (default: where the OS
   * has it). Tests turn it off to run the realpath + inode check.
   */
  readonly descriptorPaths?: boolean;
}

/** A file read through the guard: its bytes, its `fstat`, and its real path (inside the real root). */
export interface GuardedFile {
  readonly ok: true;
  readonly bytes: Buffer;
  readonly stats: Stats;
  readonly realPath: string;
}

/**
 * Why a file was not read. `missing`: nothing there. `outside`: the path,
 * or what it resolves to, is outside the root (nothing was opened).
 * `link`: a symlink on the way (`refuse`), or a file or folder on the way
 * replaced while it was opened (`inside`: resolved again, it is inside).
 */
export type ReadRefusal =
  | { readonly ok: false; readonly problem: 'missing' | 'outside' | 'link' | 'not-file' }
  | { readonly ok: false; readonly problem: 'too-large'; readonly size: number }
  | { readonly ok: false; readonly problem: 'unreadable'; readonly code: string };

export type GuardedRead = GuardedFile | ReadRefusal;

const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR']);

let procFd: boolean | undefined;
function hasDescriptorPaths(): boolean {
  return (procFd ??= process.platform === 'linux' && existsSync('/proc/self/fd'));
}

/** The real root, once per root: every read compares against it. */
const realRoots = new Map<string, string>();
function realRootSync(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = realpathSync.native(root);
    realRoots.set(root, real);
  }
  return real;
}

/** Where the file must be found, or a refusal before anything is opened. */
type Target = { readonly open: string; readonly expected: string } | ReadRefusal;

/**
 * `real`: for `inside`, the real path of `absPath` (or why there is none);
 * undefined for `refuse`, where the file must be at `absPath` itself.
 */
function targetFor(root: string, realRoot: string, absPath: string, real: string | Error | undefined): Target {
  const lexical = path.relative(root, absPath);
  if (real === undefined) {
    if (leavesRoot(lexical)) return { ok: false, problem: 'outside' };
    return { open: absPath, expected: path.join(realRoot, lexical) };
  }
  if (real instanceof Error) return refusalOf(real, leavesRoot(lexical));
  if (leavesRoot(path.relative(realRoot, real))) return { ok: false, problem: 'outside' };
  return { open: real, expected: real };
}

/**
 * Reads `absPath` (under `root`, both absolute) if it is a regular file
 * inside the root; see the file overview. Synchronous for the index walk,
 * which reads thousands of small files.
 */
export function readInsideRootSync(root: string, absPath: string, options: GuardedReadOptions): GuardedRead {
  let realRoot: string;
  try {
    realRoot = realRootSync(root);
  } catch (error) {
    return refusalOf(error, false);
  }
  const target = targetFor(root, realRoot, absPath, options.links === 'inside' ? realpathOrError(absPath) : undefined);
  if (!('open' in target)) return target;
  let fd: number;
  try {
    fd = openSync(target.open, OPEN_FLAGS);
  } catch (error) {
    return isLinkError(error) ? misplacedSync(realRoot, absPath, options.links) : refusalOf(error, false);
  }
  try {
    const stats = fstatSync(fd);
    const descriptorPaths = options.descriptorPaths ?? hasDescriptorPaths();
    const here = descriptorPaths ? readlinkSync(`/proc/self/fd/${fd}`) === target.expected : sameFileSync(target.expected, stats);
    if (!here) return misplacedSync(realRoot, absPath, options.links);
    const limited = checkKind(stats, options.maxBytes);
    if (limited) return limited;
    return { ok: true, bytes: readAllSync(fd, stats.size), stats, realPath: target.expected };
  } catch (error) {
    return refusalOf(error, false);
  } finally {
    closeSync(fd);
  }
}

/** {@link readInsideRootSync} on the promise API, for readers that read a few files. */
export async function readInsideRoot(root: string, absPath: string, options: GuardedReadOptions): Promise<GuardedRead> {
  let realRoot: string;
  try {
    realRoot = realRootSync(root);
  } catch (error) {
    return refusalOf(error, false);
  }
  const real = options.links === 'inside' ? await realpath(absPath).catch((error: Error) => error) : undefined;
  const target = targetFor(root, realRoot, absPath, real);
  if (!('open' in target)) return target;
  let handle: FileHandle;
  try {
    handle = await open(target.open, OPEN_FLAGS);
  } catch (error) {
    return isLinkError(error) ? misplaced(realRoot, absPath, options.links) : refusalOf(error, false);
  }
  try {
    const stats = await handle.stat();
    const descriptorPaths = options.descriptorPaths ?? hasDescriptorPaths();
    const here = descriptorPaths ? (await readlink(`/proc/self/fd/${handle.fd}`)) === target.expected : await sameFile(target.expected, stats);
    if (!here) return await misplaced(realRoot, absPath, options.links);
    const limited = checkKind(stats, options.maxBytes);
    if (limited) return limited;
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, bytes: bytes.subarray(0, filled), stats, realPath: target.expected };
  } catch (error) {
    return refusalOf(error, false);
  } finally {
    await handle.close();
  }
}

function realpathOrError(absPath: string): string | Error {
  try {
    return realpathSync.native(absPath);
  } catch (error) {
    return error as Error;
  }
}

/** Where the OS cannot say what a descriptor is: the file at `expected`, by real path, must be the opened one. */
function sameFileSync(expected: string, opened: Stats): boolean {
  try {
    return realpathSync.native(expected) === expected && sameInode(statSync(expected), opened);
  } catch {
    return false;
  }
}

async function sameFile(expected: string, opened: Stats): Promise<boolean> {
  try {
    return (await realpath(expected)) === expected && sameInode(await stat(expected), opened);
  } catch {
    return false;
  }
}

function sameInode(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** The opened file was not where it was expected: a link on the way, or outside now (`inside`). */
function misplacedSync(realRoot: string, absPath: string, links: Links): ReadRefusal {
  if (links === 'refuse') return { ok: false, problem: 'link' };
  try {
    return placeRefusal(realRoot, realpathSync.native(absPath));
  } catch (error) {
    return refusalOf(error, false);
  }
}

async function misplaced(realRoot: string, absPath: string, links: Links): Promise<ReadRefusal> {
  if (links === 'refuse') return { ok: false, problem: 'link' };
  try {
    return placeRefusal(realRoot, await realpath(absPath));
  } catch (error) {
    return refusalOf(error, false);
  }
}

function placeRefusal(realRoot: string, real: string): ReadRefusal {
  return { ok: false, problem: leavesRoot(path.relative(realRoot, real)) ? 'outside' : 'link' };
}

function checkKind(stats: Stats, maxBytes = Infinity): ReadRefusal | undefined {
  if (!stats.isFile()) return { ok: false, problem: 'not-file' };
  if (stats.size > maxBytes) return { ok: false, problem: 'too-large', size: stats.size };
  return undefined;
}

/** Reads up to `size` bytes (a file cut short since its fstat gives fewer). */
function readAllSync(fd: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const read = readSync(fd, bytes, filled, size - filled, filled);
    if (read === 0) break;
    filled += read;
  }
  return filled === size ? bytes : bytes.subarray(0, filled);
}

/** O_NOFOLLOW met a link as the last name. */
function isLinkError(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ELOOP';
}

/** An open or resolve error as a refusal; `lexicallyOutside`: a path that leaves the root is `outside` even when missing. */
function refusalOf(error: unknown, lexicallyOutside: boolean): ReadRefusal {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  if (lexicallyOutside) return { ok: false, problem: 'outside' };
  if (MISSING_CODES.has(code)) return { ok: false, problem: 'missing' };
  return { ok: false, problem: 'unreadable', code };
}
