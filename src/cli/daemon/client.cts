/**
 * @fileoverview The client side of the warm path: for `hook`, `review` and
 * `index`, find the user's running daemon (one for every workspace), hand
 * it the call and return its answer; start a daemon for the next call when none answers. Any doubt
 * — no daemon, a stale socket, another version or environment, a refusal,
 * silence past SILENCE_MS, a connection that ends before the answer — is
 * `undefined`, and the caller runs the command in process as it always
 * did. So a fault costs time, never a verdict. Once the daemon has started
 * the call, a client that gives up (silence, or the command's overall
 * deadline) stops that daemon first: the same work never runs twice at once.
 *
 * Loads Node built-ins and CommonJS modules only, and no root finder (the
 * daemon finds each request's root itself): no ES module loader, no zod,
 * no MCP SDK, no tree-sitter (the point is to skip their load time).
 */
import { connect } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_OPTIONS } from '../arg-options.cjs';
import type { CommandOutput } from '../exit-codes.js';
import {
  buildIdentity,
  CLIENT_DEADLINE_MS,
  daemonKey,
  daemonWanted,
  decidingEnv,
  gitEnvOf,
  isOwnSocket,
  MAX_REQUEST_BYTES,
  processExists,
  PROTOCOL,
  readDaemonState,
  readLockHolder,
  lockIsHeld,
  SILENCE_MS,
  WARM_COMMANDS,
  type DaemonReply,
  type DaemonRequest,
  type DaemonState,
} from './protocol.cjs';
import { daemonFilesFor, type DaemonFiles } from './runtime-files.cjs';

/** What the call looks like from the process that received it. */
export interface ClientCall {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** stdin, read once (the in-process fallback reads the same text). */
  readonly readStdin: () => Promise<string>;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
}

/** The daemon's answer, or undefined: run in process. */
export async function viaWarmProcess(call: ClientCall): Promise<CommandOutput | undefined> {
  if (!daemonWanted(call.env) || typeof process.getuid !== 'function') return undefined;
  const command = warmCommand(call);
  if (!command) return undefined;
  const stdin = command === 'hook' ? await call.readStdin() : undefined;
  const uid = process.getuid();
  const files = daemonFilesFor(daemonKey(call.env), uid, call.env);
  if (!files) return undefined;
  const state = readDaemonState(files, uid);
  if (!state || !isOwnSocket(state.socket, uid) || !processExists(state.pid)) {
    await startDaemon(call, stdin, files);
    return undefined;
  }
  const request: DaemonRequest = {
    protocol: PROTOCOL,
    // A daemon of another installation or version refuses it and stops; the next call starts this one's.
    ...buildIdentity(),
    token: state.token,
    cwd: call.cwd,
    argv: call.argv,
    ...(stdin !== undefined ? { stdin } : {}),
    stdoutIsTTY: call.stdoutIsTTY,
    env: decidingEnv(call.env),
    gitEnv: gitEnvOf(call.env),
    noColor: Boolean(call.env['NO_COLOR']),
  };
  const deadlineMs = CLIENT_DEADLINE_MS[command];
  const reply = await ask(state, request, deadlineMs);
  if (reply === 'unreachable') await startDaemon(call, stdin, files);
  if (reply === 'silent' || reply === 'overdue') stopStuckDaemon(state);
  // Past the hook's deadline there is no time left to run it here: say so rather than outlive the host's timeout.
  if (reply === 'overdue' && command === 'hook') {
    return { stdout: '', stderr: `review-guard hook: the warm review process gave no answer within ${deadlineMs / 1000} s and was stopped; this edit was not reviewed (the next call starts a new one; REVIEW_GUARD_DAEMON=off runs every call in process)\n`, exitCode: 1 };
  }
  return typeof reply === 'object' ? reply : undefined;
}

/** A daemon that went silent or overdue while running this call: ended, so running it here does not double the work. */
function stopStuckDaemon(state: DaemonState): void {
  try {
    if (processExists(state.pid)) process.kill(state.pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/**
 * The command when the call may go to the daemon: `hook`, `review` or
 * `index`, with flags that parse, and none that needs this process's
 * terminal (`--verbose` streams the transcript; `index` on a terminal draws
 * a progress meter; help and version print at once anyway).
 */
function warmCommand(call: ClientCall): (typeof WARM_COMMANDS)[number] | undefined {
  let parsed;
  try {
    parsed = parseArgs({ args: [...call.argv], allowPositionals: true, strict: true, options: CLI_OPTIONS });
  } catch {
    return undefined;
  }
  const { values, positionals } = parsed;
  const command = WARM_COMMANDS.find((name) => name === positionals[0]);
  if (!command || values.help || values.version || values.verbose) return undefined;
  if (command === 'index' && call.stderrIsTTY) return undefined;
  return command;
}

/**
 * The answer; 'unreachable' (nothing listens: start a daemon); 'declined'
 * (it refused, stalled or broke off before it started the call); 'silent'
 * (it went quiet while running the call); 'overdue' (no answer by the deadline).
 */
type Answer = CommandOutput | 'unreachable' | 'declined' | 'silent' | 'overdue';

function ask(state: DaemonState, request: DaemonRequest, deadlineMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(state.socket);
    let buffered = '';
    let connected = false;
    let started = false;
    let settled = false;
    const finish = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(silence);
      clearTimeout(deadline);
      socket.destroy();
      resolve(answer);
    };
    const quiet = (): void => finish(started ? 'silent' : 'declined');
    let silence = setTimeout(quiet, SILENCE_MS);
    const deadline = setTimeout(() => finish(started ? 'overdue' : 'declined'), deadlineMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      clearTimeout(silence);
      silence = setTimeout(quiet, SILENCE_MS);
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) return finish('declined');
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const reply = parseReply(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        if (reply?.type === 'alive') continue;
        if (reply?.type === 'started') {
          started = true;
          continue;
        }
        return finish(reply?.type === 'result' ? resultOf(reply) : 'declined');
      }
    });
    // A connection refused or a socket file with nothing behind it: the daemon is gone.
    socket.on('error', () => finish(connected ? (started ? 'silent' : 'declined') : 'unreachable'));
    socket.on('close', () => finish(started ? 'silent' : 'declined'));
  });
}

function parseReply(line: string): DaemonReply | undefined {
  try {
    const reply = JSON.parse(line) as DaemonReply;
    if (reply.type !== 'result') return reply;
    const complete = typeof reply.stdout === 'string' && Number.isInteger(reply.exitCode) && (reply.stderr === undefined || typeof reply.stderr === 'string');
    return complete ? reply : undefined;
  } catch {
    return undefined;
  }
}

function resultOf(reply: Extract<DaemonReply, { type: 'result' }>): CommandOutput {
  return { stdout: reply.stdout, ...(reply.stderr !== undefined ? { stderr: reply.stderr } : {}), exitCode: reply.exitCode };
}

/**
 * Starts the user's `review-guard daemon` in the background, detached and
 * silent, warming this call's root first, unless one is already starting
 * (its lock names a live process), or the call has no root. It serves the
 * calls after this one.
 */
async function startDaemon(call: ClientCall, stdin: string | undefined, files: DaemonFiles): Promise<void> {
  const uid = process.getuid?.() ?? -1;
  if (lockIsHeld(readLockHolder(files, uid), readDaemonState(files, uid))) return;
  try {
    // Loaded here, as ES modules: only a call no daemon answers needs them (it runs in process next anyway).
    const [{ spawn }, { requestRoot }] = await Promise.all([import('node:child_process'), import('./request-root.js')]);
    const root = requestRoot(call.argv, call.cwd, stdin);
    if (root === undefined) return;
    // Not in the workspace: it outlives it, and serves others.
    spawn(process.execPath, [join(__dirname, '..', 'bin.cjs'), 'daemon', '--root', root], { cwd: '/', env: call.env, detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Not started: the calls keep running in process.
  }
}
