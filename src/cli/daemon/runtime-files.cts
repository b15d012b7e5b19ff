/**
 * @fileoverview Where the user's daemon keeps its socket, state file and
 * lock: in the user's runtime folder (`$XDG_RUNTIME_DIR/review-guard`, else
 * an owner-only `review-guard-<uid>` folder of the temp dir), named by the
 * daemon's key (protocol.cts: installation and environment, never a
 * workspace). Nothing in a workspace names or holds them,
 * so a cloned or extracted repository cannot plant a daemon for the client
 * to trust (SECURITY.md, "The warm process"). Node built-ins only: the
 * client loads this before anything else.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** The paths of one workspace's daemon files. */
export interface DaemonFiles {
  /** The owner-only folder that holds them. */
  readonly dir: string;
  readonly state: string;
  readonly lock: string;
  readonly socket: string;
}

// sun_path holds 108 bytes on Linux, 104 on macOS and the BSDs, the terminating NUL included.
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;
const MAX_STATE_BYTES = 64 * 1024;

/**
 * The files of the daemon named `key` for `uid`, or undefined when no
 * private place has room for a socket path (then every call runs in process).
 */
export function daemonFilesFor(key: string, uid: number, env: NodeJS.ProcessEnv = process.env): DaemonFiles | undefined {
  for (const dir of candidateDirs(uid, env)) {
    const socket = join(dir, `${key}.sock`);
    if (Buffer.byteLength(socket) <= MAX_SOCKET_PATH_BYTES) return { dir, state: join(dir, `${key}.json`), lock: join(dir, `${key}.lock`), socket };
  }
  return undefined;
}

/** The runtime folder when the session has one, else the temp dir's, else /tmp's (short enough for a socket). */
function candidateDirs(uid: number, env: NodeJS.ProcessEnv): string[] {
  const runtime = env['XDG_RUNTIME_DIR'];
  const dirs = runtime && isAbsolute(runtime) && privateFolder(runtime, uid) ? [join(runtime, 'review-guard')] : [];
  dirs.push(join(tmpdir(), `review-guard-${uid}`));
  if (process.platform !== 'win32') dirs.push(`/tmp/review-guard-${uid}`);
  return dirs;
}

/** Whether `dir` is a folder (not a link) owned by `uid` that nobody else may enter. */
function privateFolder(dir: string, uid: number): boolean {
  try {
    const stats = lstatSync(dir);
    return stats.isDirectory() && stats.uid === uid && (stats.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Makes the files' folder (0700) if missing; false when it is not this user's alone. */
export function preparePrivateDir(files: DaemonFiles, uid: number): boolean {
  try {
    mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  } catch {
    return false;
  }
  return privateFolder(files.dir, uid);
}

/**
 * The text of `path` when it is a regular file (not a link) owned by `uid`
 * that nobody else may read, in a private folder; else undefined.
 */
export function readPrivateFile(files: DaemonFiles, path: string, uid: number): { text: string; mtimeMs: number } | undefined {
  if (!privateFolder(files.dir, uid)) return undefined;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.uid !== uid || (stats.mode & 0o077) !== 0 || stats.size > MAX_STATE_BYTES) return undefined;
    const bytes = Buffer.alloc(stats.size);
    const read = readSync(fd, bytes, 0, stats.size, 0);
    return { text: bytes.subarray(0, read).toString('utf8'), mtimeMs: stats.mtimeMs };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
