/**
 * @fileoverview An exclusive lock file for the writers of one store (a hook,
 * the CLI and a server may share it). Taken by creating the file with `wx`;
 * it holds the holder's pid, host, start time and a random token. A lock is
 * stale when its holder's pid is dead (same host only) or its file has not
 * been touched for `staleMs` (the holder touches it every staleMs / 3, so a
 * long write is not mistaken for a dead one). A stale lock is moved aside by
 * rename and, if what was moved is not the lock judged stale (another
 * process took it over first), put back. Waiting retries with a growing,
 * jittered delay until `timeoutMs`, then fails with `StoreLockedError`,
 * which names the lock file.
 *
 * Readers take no lock: writers replace files by rename, so a reader sees
 * the store before or after a write, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { processExists } from './process-alive.cjs';

/** How long to wait for a lock and when to call it stale. */
export interface StoreLockOptions {
  /** Give up after this long, in ms (default 10 000). */
  readonly timeoutMs?: number;
  /** A lock untouched for this long, in ms, is stale (default 30 000). */
  readonly staleMs?: number;
}

/** Another writer held the lock for longer than the caller would wait. */
export class StoreLockedError extends Error {
  override readonly name = 'StoreLockedError';

  constructor(
    readonly lockFile: string,
    holder: string,
    waitedMs: number,
  ) {
    super(
      `the index store is locked by another writer (${holder}); gave up after ${waitedMs} ms. ` +
        `Lock file: ${lockFile}. If no review-guard process is writing the index, delete that file.`,
    );
  }
}

interface LockHolder {
  readonly raw: string;
  readonly pid?: number;
  readonly host?: string;
  readonly createdAt?: string;
  readonly mtimeMs: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STALE_MS = 30_000;
const FIRST_DELAY_MS = 5;
const MAX_DELAY_MS = 200;

/**
 * Runs `task` holding the lock `file`; `asidePath` names a unique file in the
 * same folder for moving a stale lock aside; `shownFile` is the lock's name
 * in messages (`file` may name it through an open folder, `/proc/self/fd/N/…`).
 */
export async function withStoreLock<T>(
  file: string,
  asidePath: () => string,
  task: () => Promise<T>,
  options: StoreLockOptions = {},
  shownFile: string = file,
): Promise<T> {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const content = await acquire({ file, shownFile }, asidePath, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, staleMs);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
  }, Math.max(10, staleMs / 3));
  heartbeat.unref();
  try {
    return await task();
  } finally {
    clearInterval(heartbeat);
    await release(file, content);
  }
}

async function acquire({ file, shownFile }: { file: string; shownFile: string }, asidePath: () => string, timeoutMs: number, staleMs: number): Promise<string> {
  const started = Date.now();
  const content = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    createdAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  });
  let delay = FIRST_DELAY_MS;
  for (;;) {
    if (await tryCreate(file, content)) return content;
    const holder = await readHolder(file);
    // Released in the meantime: try again at once.
    if (!holder) continue;
    if (isStale(holder, staleMs)) {
      await moveAside(file, holder.raw, asidePath());
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= timeoutMs) throw new StoreLockedError(shownFile, describe(holder), waited);
    await sleep(Math.min(delay * (0.5 + Math.random()), timeoutMs - waited));
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}

async function tryCreate(file: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content, 'utf8');
  } catch (error) {
    // A full disk creates the file but not its content: an empty lock that no one holds would block every writer.
    await handle.close();
    await rm(file, { force: true });
    throw error;
  }
  await handle.close();
  return true;
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const [raw, stats] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { raw, mtimeMs: stats.mtimeMs, ...parseHolder(raw) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The fields of a lock file; none when it is being written (empty) or not ours. */
function parseHolder(raw: string): Pick<LockHolder, 'pid' | 'host' | 'createdAt'> {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { pid, host, createdAt } = parsed as Record<string, unknown>;
    return {
      ...(typeof pid === 'number' ? { pid } : {}),
      ...(typeof host === 'string' ? { host } : {}),
      ...(typeof createdAt === 'string' ? { createdAt } : {}),
    };
  } catch {
    return {};
  }
}

function isStale(holder: LockHolder, staleMs: number): boolean {
  if (Date.now() - holder.mtimeMs > staleMs) return true;
  // A pid names a process only on its own host.
  return holder.pid !== undefined && holder.host === hostname() && !processExists(holder.pid);
}

/** Removes the stale lock `raw`, unless another process replaced it first (then its lock is put back). */
async function moveAside(file: string, raw: string, aside: string): Promise<void> {
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const moved = await readFile(aside, 'utf8');
    // `link` fails if yet another lock appeared meanwhile; that one stands.
    if (moved !== raw) await link(aside, file).catch(() => undefined);
  } finally {
    await rm(aside, { force: true });
  }
}

/** Removes the lock if it is still this holder's. */
async function release(file: string, content: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === content) await rm(file, { force: true });
}

function describe(holder: LockHolder): string {
  const who = holder.pid === undefined ? 'an unknown process' : `pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}`;
  const since = holder.createdAt ?? new Date(holder.mtimeMs).toISOString();
  return `${who}, since ${since}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
