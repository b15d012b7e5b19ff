/**
 * @fileoverview What the client entry and the warm process (the daemon)
 * agree on: where the daemon's files are, the identity a client must match,
 * and the messages. Node built-ins only, and CommonJS — the client loads
 * this before it knows whether it will need anything else (cli/bin.cts).
 *
 * Messages are JSON, one per line. The client sends one request; the
 * daemon answers `alive` while the request waits or runs (so a client can
 * tell a slow answer from a stuck process), `started` once it runs it
 * (from then on the work is the daemon's: a client that gives up stops
 * the daemon before it runs the call itself, never both at once), then one
 * `result` or one `refused`, and closes the connection.
 */
import { lstatSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
// Direct modules, not the doors: the daemon client must load nothing but Node built-ins on the warm path.
import { processExists } from '../../../indexer/store/process-alive.cjs';
import { readPrivateFile, type DaemonFiles } from './runtime-files.cjs';

export { processExists };
import { VERSION } from '../../version.cjs';

/** Bumped whenever a message changes shape: a client and a daemon of different protocols never talk. */
export const PROTOCOL = 4;

/** The daemon says it is still at a request this often. */
export const HEARTBEAT_MS = 250;
/** A client that hears nothing for this long gives up on the daemon. */
export const SILENCE_MS = 3000;
/**
 * The longest a client waits for a daemon's answer, whatever it sends: the
 * hook stays inside Claude Code's 60 s hook timeout; the other commands
 * inside what a pre-commit run or script would wait.
 */
export const CLIENT_DEADLINE_MS = { hook: 50_000, review: 15 * 60_000, index: 30 * 60_000 } as const;
/** Largest request accepted (a Write's hook input carries the whole file). */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/** The commands a client may send; everything else always runs in process. */
export const WARM_COMMANDS = ['hook', 'review', 'index'] as const;

/** What a running daemon writes to its state file (owner-only, see runtime-files.cts) once it listens. */
export interface DaemonState {
  readonly protocol: number;
  readonly version: string;
  /** Which installation: a daemon started from another copy of review-guard is not this client's. */
  readonly build: string;
  readonly pid: number;
  readonly socket: string;
  /** Random per start; a request must carry it. */
  readonly token: string;
}

export interface DaemonRequest {
  readonly protocol: number;
  readonly version: string;
  readonly build: string;
  readonly token: string;
  readonly cwd: string;
  readonly argv: readonly string[];
  /** The hook's stdin, read by the client. */
  readonly stdin?: string;
  readonly stdoutIsTTY: boolean;
  /** The variables that decide a result (see `decidingEnv`): the daemon refuses a request whose differ from its own. */
  readonly env: Readonly<Record<string, string>>;
  /** The client's GIT_* variables (a pre-commit hook's GIT_INDEX_FILE): the daemon's git calls use them for this request. */
  readonly gitEnv: Readonly<Record<string, string>>;
  readonly noColor: boolean;
}

/** Why a daemon did not run a request; the client then runs it in process. */
export type RefusalReason = 'token' | 'version' | 'root' | 'env' | 'request' | 'busy';

export type DaemonReply =
  | { readonly type: 'alive' }
  | { readonly type: 'started' }
  | { readonly type: 'result'; readonly stdout: string; readonly stderr?: string; readonly exitCode: number }
  | { readonly type: 'refused'; readonly reason: RefusalReason; readonly message: string };

let identity: { version: string; build: string } | undefined;

/**
 * This installation's identity: the version, and which build of it. An
 * installed package (under node_modules) of one version is the same code
 * wherever npm put it, so one warm process serves every project that
 * installed it; a checkout is its own build, each time it is built (the
 * time its CLI was written).
 */
export function buildIdentity(): { version: string; build: string } {
  if (identity) return identity;
  const dist = resolve(__dirname, '..', '..');
  if (dist.split(sep).includes('node_modules')) return (identity = { version: VERSION, build: 'installed' });
  const builtMs = statSync(join(dist, 'cli', 'main.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return (identity = { version: VERSION, build: `${dist}@${builtMs}` });
}

/**
 * The name of the user's daemon for this installation and environment: a
 * client finds the one process that gives the answers it would give itself,
 * whichever workspace it is in.
 */
export function daemonKey(env: NodeJS.ProcessEnv): string {
  const { version, build } = buildIdentity();
  return fnv1a64(JSON.stringify([PROTOCOL, version, build, decidingEnv(env)]));
}

/**
 * FNV-1a, 64 bits, as 16 hex digits. It only names the daemon's files (the
 * token of the state file, readable by the user alone, guards them); loading
 * node:crypto for a hash would cost every hook call ~3 ms.
 */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

/**
 * The environment variables that change what a review answers (the model
 * host, the debug log, review-guard's own settings), minus the switch for
 * the daemon itself. A daemon keeps the environment it started with, so a
 * client with other values runs in process.
 */
export function decidingEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return pick(env, (name) => (name.startsWith('OLLAMA_') || name.startsWith('REVIEW_GUARD_')) && name !== 'REVIEW_GUARD_DAEMON');
}

/** The GIT_* variables of `env`. */
export function gitEnvOf(env: NodeJS.ProcessEnv): Record<string, string> {
  return pick(env, (name) => name.startsWith('GIT_'));
}

function pick(env: NodeJS.ProcessEnv, wanted: (name: string) => boolean): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value !== undefined && wanted(name)) picked[name] = value;
  }
  return picked;
}

/** Whether two variable sets are equal. */
export function sameEnv(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * Whether the warm path is on: `REVIEW_GUARD_DAEMON=off` turns it off,
 * `on` turns it on; unset, it is on except in CI (a CI job's processes
 * should end with the job) and on Windows (named pipes are not done yet).
 */
export function daemonWanted(env: NodeJS.ProcessEnv): boolean {
  const setting = env['REVIEW_GUARD_DAEMON'];
  if (process.platform === 'win32' || setting === 'off') return false;
  return setting === 'on' || !env['CI'];
}

/**
 * The running daemon's state, when its state file is this user's alone and
 * well-formed; else undefined.
 */
export function readDaemonState(files: DaemonFiles, uid: number): DaemonState | undefined {
  const read = readPrivateFile(files, files.state, uid);
  if (!read) return undefined;
  try {
    const state = JSON.parse(read.text) as Partial<DaemonState>;
    const fields = [state.protocol, state.pid, state.version, state.build, state.socket, state.token];
    const types = ['number', 'number', 'string', 'string', 'string', 'string'];
    return fields.every((value, i) => typeof value === types[i]) && state.socket === files.socket ? (state as DaemonState) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `path` is a socket owned by `uid` (a socket someone else put there is never connected to). */
export function isOwnSocket(path: string, uid: number): boolean {
  try {
    const stats = lstatSync(path);
    return stats.isSocket() && stats.uid === uid;
  } catch {
    return false;
  }
}

/** The daemon's lock file: who took it and when, when the file is this user's alone. */
export function readLockHolder(files: DaemonFiles, uid: number): { pid: number; sinceMs: number } | undefined {
  const read = readPrivateFile(files, files.lock, uid);
  if (!read) return undefined;
  const pid = Number(read.text.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid, sinceMs: read.mtimeMs } : undefined;
}

/** A daemon listens within this long of taking the lock; an older lock without a state file is stale. */
const MAX_START_MS = 120_000;

/**
 * Whether the lock still belongs to a daemon of another process: its holder
 * lives and it either took the lock lately (still starting) or its state
 * file names it (running). A pid reused by an unrelated process does not
 * hold a lock for good, nor does a lock dated in the future.
 */
export function lockIsHeld(holder: { pid: number; sinceMs: number } | undefined, state?: DaemonState): boolean {
  if (!holder || holder.pid === process.pid || !processExists(holder.pid)) return false;
  const age = Date.now() - holder.sinceMs;
  return (age >= -1000 && age < MAX_START_MS) || state?.pid === holder.pid;
}
