/**
 * @fileoverview `review-guard daemon`: the user's warm process. Started in
 * the background by the client entry (client.cts) when a `hook`, `review` or
 * `index` call finds none; serves every workspace of the user that calls it
 * with the same installation and environment (one process, not one per
 * workspace), each from its own watched review service (warm-roots.ts),
 * answers calls over a Unix socket, and ends once every root it served has
 * been idle for its `daemon.idleSeconds`.
 *
 * Trust (SECURITY.md): the socket, lock and state file are the user's only
 * (umask 077, the socket chmod 600, in the user's runtime folder, never in
 * the workspace), and a request must carry the random token of this start,
 * which only a reader of the owner-only state file has. A request from
 * another installation or version, or with another model or review-guard
 * environment, is refused, and the client runs in process. Requests run one
 * at a time, each through the same command-line code as in process
 * (main.ts), so the output is byte for byte the same, and each sees only
 * the services of its own workspace. A workspace deleted under it is let go
 * without saving anything into it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { createServer, type Socket } from 'node:net';
import { z } from 'zod';
import { isWithinRoot, useGitHelper } from '../../pipeline/index.js';
import { parseCliArgs, type CliArgs } from '../args.js';
import type { CommandOutput } from '../exit-codes.js';
import { runCommandLine } from '../main.js';
import { workspaceRoot } from '../root.js';
import type { ServiceSource } from '../services.js';
import { exitOnSignals } from '../shutdown.js';
import { prepareSocketPath, releaseLock, removeDaemonFiles, takeLock, writeState } from './daemon-files.js';
import { daemonFilesFor } from './runtime-files.cjs';
import { requestRoot } from './request-root.js';
import { WarmRoots } from './warm-roots.js';
import {
  buildIdentity,
  daemonKey,
  decidingEnv,
  HEARTBEAT_MS,
  MAX_REQUEST_BYTES,
  PROTOCOL,
  readDaemonState,
  sameEnv,
  WARM_COMMANDS,
  type DaemonReply,
  type DaemonRequest,
  type DaemonState,
  type RefusalReason,
} from './protocol.cjs';

/** How often the daemon checks that its workspace is still there and its state file still its own (another daemon started). */
const OWNERSHIP_CHECK_MS = 2000;
/** The index is saved once no call came for this long (between edits, not while an agent edits in a burst). */
const SAVE_AFTER_MS = 5000;
/** Longest a call waits for the one before it to finish. */
const QUEUE_WAIT_MS = 2000;

const RequestSchema = z.object({
  protocol: z.number(),
  version: z.string(),
  build: z.string(),
  token: z.string(),
  cwd: z.string(),
  argv: z.array(z.string()),
  stdin: z.string().optional(),
  stdoutIsTTY: z.boolean(),
  env: z.record(z.string(), z.string()),
  gitEnv: z.record(z.string(), z.string()),
  noColor: z.boolean(),
});

/** Starts the user's daemon, warming `--root` first; it runs until it serves no root, a signal, or its state file is no longer its own. */
export async function runDaemon(args: CliArgs, cwd: string): Promise<void> {
  const first = workspaceRoot(cwd, args.root);
  const uid = process.getuid?.();
  if (uid === undefined) return;
  // Every file and socket it makes is the user's alone.
  process.umask(0o077);
  // Its git calls start from a small helper: a fork of this process, once the index is loaded, is slow.
  useGitHelper();
  const files = daemonFilesFor(daemonKey(process.env), uid);
  if (!files || !takeLock(files, uid)) return;
  if (!prepareSocketPath(files, uid)) return releaseLock(files, uid);

  const roots = new WarmRoots();
  // Warm before listening: the first call it answers finds the index loaded and current.
  await roots
    .get(first)
    .then((service) => service.updateIndex())
    .catch(() => undefined);

  const token = randomBytes(32).toString('hex');
  const state: DaemonState = { protocol: PROTOCOL, ...buildIdentity(), pid: process.pid, socket: files.socket, token };
  const daemon = new Daemon(state, roots);
  const server = createServer((connection) => daemon.serve(connection));
  daemon.stop = async () => {
    server.close();
    // Each step on its own: a workspace deleted under the daemon must not keep it alive, nor get its index back.
    await daemon.flush().catch(() => undefined);
    await roots.closeAll();
    removeDaemonFiles(files, token, uid);
    process.exit(0);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(files.socket, resolve);
    });
    chmodSync(files.socket, 0o600);
    writeState(files, state);
  } catch {
    return daemon.stop();
  }
  exitOnSignals(() => daemon.stop(), process.stderr);
  daemon.watch(() => readDaemonState(files, uid)?.token === token);
}

class Daemon {
  /** Set once the server listens: closes everything and exits. */
  stop: () => Promise<void> = async () => undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  private saveTimer: NodeJS.Timeout | undefined;
  private unsaved = false;
  private readonly env = decidingEnv(process.env);

  constructor(
    private readonly state: DaemonState,
    private readonly roots: WarmRoots,
  ) {
    this.armSave();
  }

  /** Saves the index now if a call changed it since the last save (in the queue: never during a call). */
  flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    if (!this.unsaved) return Promise.resolve();
    this.unsaved = false;
    const save = this.queue.then(() => this.roots.saveAll());
    this.queue = save.catch(() => undefined);
    return save;
  }

  serve(connection: Socket): void {
    connection.on('error', () => undefined);
    let buffered = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end === -1) {
        if (buffered.length > MAX_REQUEST_BYTES) this.refuse(connection, 'request', 'the request is too large');
        return;
      }
      connection.removeAllListeners('data');
      this.accept(connection, buffered.slice(0, end));
    });
  }

  /**
   * Lets idle and deleted roots go now and then (in the queue, never during
   * a call); ends once it serves none, or once `stillMine` fails (the state
   * file is not this start's any more).
   */
  watch(stillMine: () => boolean): void {
    const timer = setInterval(() => {
      if (!stillMine()) return void this.stop();
      const sweep = this.queue.then(() => this.roots.trim(undefined));
      this.queue = sweep.catch(() => undefined);
      void sweep.then(() => {
        if (this.roots.size === 0 && this.pending === 0) void this.stop();
      }, () => undefined);
    }, OWNERSHIP_CHECK_MS);
    timer.unref();
  }

  private accept(connection: Socket, line: string): void {
    let request: DaemonRequest;
    try {
      request = RequestSchema.parse(JSON.parse(line));
    } catch {
      return this.refuse(connection, 'request', 'not a request of this protocol');
    }
    const refusal = this.judge(request);
    if (refusal) {
      this.refuse(connection, refusal.reason, refusal.message);
      // A client of another installation or version: this daemon is stale for it; the next call starts its own.
      if (refusal.reason === 'version') void this.stop();
      return;
    }
    // The root the command would find in process; the call's services are this root's (or a nested one's), never another's.
    const root = requestRoot(request.argv, request.cwd, request.stdin);
    if (root === undefined || !isAbsolute(root) || !isDirectory(root)) return this.refuse(connection, 'root', 'no workspace folder for this call');
    this.pending++;
    clearTimeout(this.saveTimer);
    const heartbeat = setInterval(() => send(connection, { type: 'alive' }), HEARTBEAT_MS);
    // Calls run one at a time; one that would wait behind a long one (a rebuild, a model review) is sent back to run in process.
    let state: 'waiting' | 'running' | 'sent back' = 'waiting';
    const sendBack = setTimeout(() => {
      if (state !== 'waiting') return;
      state = 'sent back';
      this.refuse(connection, 'busy', 'the daemon is busy with another call');
    }, QUEUE_WAIT_MS);
    const run = this.queue.then(() => {
      clearTimeout(sendBack);
      // A client that left while the call waited runs it itself: never the same work twice at once.
      if (state === 'sent back' || connection.destroyed) return undefined;
      state = 'running';
      send(connection, { type: 'started' });
      return this.run(request, root);
    });
    this.queue = run.catch(() => undefined);
    void run
      .then((output) => output && send(connection, { type: 'result', ...output }), () => undefined)
      .finally(() => {
        clearInterval(heartbeat);
        connection.end();
        this.pending--;
        this.unsaved = true;
        this.armSave();
      });
  }

  private judge(request: DaemonRequest): { reason: RefusalReason; message: string } | undefined {
    const expected = Buffer.from(this.state.token);
    const given = Buffer.from(request.token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { reason: 'token', message: 'wrong token' };
    if (request.protocol !== PROTOCOL || request.version !== this.state.version || request.build !== this.state.build) {
      return { reason: 'version', message: `this daemon is review-guard ${this.state.version} from ${this.state.build}` };
    }
    if (!sameEnv(request.env, this.env)) return { reason: 'env', message: 'the OLLAMA_*/REVIEW_GUARD_* environment differs from the daemon’s' };
    if (!WARM_COMMANDS.some((name) => name === commandOf(request.argv))) return { reason: 'request', message: 'not a warm command' };
    return undefined;
  }

  /**
   * One call, as in process; the client's GIT_* variables hold for its git
   * calls (one call runs at a time). Its services are those of its own
   * workspace: the hook may review under a nested root (a package with its
   * own config), never outside the root its command finds.
   */
  private async run(request: DaemonRequest, root: string): Promise<CommandOutput> {
    const restore = useGitEnv(request.gitEnv);
    const services: ServiceSource = {
      get: (at) => (isWithinRoot(root, at) ? this.roots.get(at) : Promise.reject(new Error(`${at} is not in the workspace ${root}`))),
      warm: true,
    };
    try {
      return await runCommandLine(request.argv, {
        cwd: request.cwd,
        env: { ...process.env, NO_COLOR: request.noColor ? '1' : '' },
        stdout: { isTTY: request.stdoutIsTTY },
        stderr: process.stderr,
        readStdin: async () => request.stdin ?? '',
        services,
      });
    } finally {
      restore();
      await this.roots.trim(root).catch(() => undefined);
    }
  }

  private refuse(connection: Socket, reason: RefusalReason, message: string): void {
    send(connection, { type: 'refused', reason, message });
    connection.end();
  }

  private armSave(): void {
    clearTimeout(this.saveTimer);
    if (this.pending > 0) return;
    this.saveTimer = setTimeout(() => void this.flush().catch(() => undefined), SAVE_AFTER_MS);
  }
}

/** The command `argv` names, as the command line parses it; undefined when it does not parse. */
function commandOf(argv: readonly string[]): string | undefined {
  try {
    return parseCliArgs(argv).command;
  } catch {
    return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function send(connection: Socket, reply: DaemonReply): void {
  if (connection.writable) connection.write(`${JSON.stringify(reply)}\n`);
}

/** Replaces this process's GIT_* variables with `gitEnv`; returns the undo. */
function useGitEnv(gitEnv: Readonly<Record<string, string>>): () => void {
  const saved = Object.entries(process.env).filter(([name]) => name.startsWith('GIT_'));
  const clear = () => {
    for (const name of Object.keys(process.env)) if (name.startsWith('GIT_')) delete process.env[name];
  };
  clear();
  Object.assign(process.env, gitEnv);
  return () => {
    clear();
    Object.assign(process.env, Object.fromEntries(saved));
  };
}
