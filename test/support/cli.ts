/**
 * @fileoverview Test support: the built CLI run as users and hosts run it —
 * a child process with optional stdin, or `serve --http` left running —
 * polling until such a child (or anything else) gets somewhere, and a git
 * repository made from the sample repo, for the git-aware commands (hook,
 * --staged, --changed).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { after, before } from 'node:test';
import { promisify } from 'node:util';
import { closedHost } from '../helpers/loopback.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from './sample-repo.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `review-guard ...args` in `cwd`, feeding `input` on stdin; never with
 * a model host, and in process (no warm daemon, REVIEW_GUARD_DAEMON=off)
 * unless `env` says otherwise: the daemon's own tests start and stop theirs.
 * `cli` runs another copy of the built CLI (default: this one); past
 * `timeoutMs` the child is killed and the run ends with code -1.
 */
export function runCli(
  cwd: string,
  args: readonly string[],
  options: { input?: string; env?: NodeJS.ProcessEnv; cli?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.cli ?? CLI_PATH, ...args], { cwd, env: { ...process.env, OLLAMA_HOST: '', NO_COLOR: '', REVIEW_GUARD_DAEMON: 'off', ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

export interface ServeChild {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `serve --http --port 0` on `root` and resolves once it prints its
 * URL; `env` is added to a copy of this process's environment without
 * REVIEW_GUARD_TOKEN (a token set in the caller's shell would make every
 * unauthenticated request fail).
 */
export async function startServeHttp(root: string, env: NodeJS.ProcessEnv = {}): Promise<ServeChild> {
  const base = { ...process.env };
  delete base['REVIEW_GUARD_TOKEN'];
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--http', '--port', '0', '--root', root], { env: { ...base, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${text}`)), 15_000);
    child.stderr?.on('data', () => {
      const match = /serving MCP over HTTP at (http:\/\/\S+\/mcp)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', () => reject(new Error(`server exited: ${text}`)));
  });
  return { child, url, stderr: () => text, exited };
}

/**
 * `serve --http` on a copy of the sample repo with `config` for the suite it
 * is called in (started before, stopped after); `env` defaults to no model host.
 */
export function serveHttpForSuite(config?: unknown, env: () => Promise<NodeJS.ProcessEnv> = async () => ({ OLLAMA_HOST: await closedHost() })): { repo: SampleRepo; server: ServeChild } {
  const state = {} as { repo: SampleRepo; server: ServeChild };
  before(async () => {
    state.repo = await copySampleRepo(config);
    state.server = await startServeHttp(state.repo.root, await env());
  });
  after(async () => {
    state.server.child.kill('SIGTERM');
    await state.server.exited;
    await state.repo.remove();
  });
  return state;
}

/** `serve` over stdio driven with raw lines, as a client nobody on this project wrote would drive it. */
export interface StdioChild {
  readonly child: ChildProcess;
  /** Writes `line` and a newline (a string as is, anything else as JSON). */
  send(line: unknown): void;
  /** Every JSON value the server wrote to stdout so far, one per line. */
  messages(): unknown[];
  /** The reply with `id` (waits for it); from a batch reply too. */
  reply(id: string | number | null, timeoutMs?: number): Promise<{ readonly id: unknown; readonly result?: Record<string, unknown>; readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown } }>;
  stderr(): string;
  /** Ends stdin and resolves with the exit code. */
  close(): Promise<number | null>;
}

/** Starts `serve` (stdio) on `root` with `args`; `env` as for startServeHttp. */
export function startServeStdio(root: string, args: readonly string[] = [], env: NodeJS.ProcessEnv = {}): StdioChild {
  const child = spawn(process.execPath, [CLI_PATH, 'serve', '--root', root, ...args], { env: { ...process.env, OLLAMA_HOST: '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  // A server that exits early must fail the test on its replies, not with EPIPE.
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const messages = (): unknown[] =>
    out
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as unknown);
  const withId = (id: string | number | null) => (value: unknown) => typeof value === 'object' && value !== null && 'id' in value && (value as { id: unknown }).id === id;
  return {
    child,
    send: (line) => void child.stdin?.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`),
    messages,
    async reply(id, timeoutMs = 15_000) {
      const found = await waitFor(
        () => messages().flatMap((m) => (Array.isArray(m) ? m : [m])).find(withId(id)),
        (m) => m !== undefined,
        timeoutMs,
      );
      return found as Awaited<ReturnType<StdioChild['reply']>>;
    },
    stderr: () => err,
    close: () => {
      child.stdin?.end();
      return exited;
    },
  };
}

/** Polls `probe` until `check` holds of its value (or fails after `timeoutMs`, naming the last value). */
export async function waitFor<T>(probe: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${String(JSON.stringify(value)).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const exec = promisify(execFile);

/** Runs git in `cwd` with a fixed identity; returns stdout. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec('git', ['-c', 'user.name=review-guard test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd });
  return stdout;
}

/** The sample repository as a git repository with everything committed. */
export async function sampleGitRepo(config?: unknown): Promise<SampleRepo> {
  const repo = await copySampleRepo(config);
  await initAndCommit(repo.root);
  return repo;
}

/** Makes `root` a git repository with everything in it committed. */
export async function initAndCommit(root: string): Promise<void> {
  await git(root, 'init', '-q', '-b', 'main');
  await git(root, 'add', '-A');
  await git(root, 'commit', '-q', '-m', 'sample');
}

/** The JSON Claude Code sends a PostToolUse hook after a Write or Edit. */
export function postToolUse(cwd: string, toolName: string, toolInput: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: 'abc123',
    transcript_path: '/home/user/.claude/projects/x/abc123.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PostToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_response: { filePath: toolInput['file_path'], success: true },
  });
}

/** The JSON Claude Code sends a PreToolUse hook before a Write or Edit runs. */
export function preToolUse(cwd: string, toolName: string, toolInput: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: 'abc123',
    transcript_path: '/home/user/.claude/projects/x/abc123.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: toolName,
    tool_input: toolInput,
  });
}

/** `loadConfig` of the sample repo (`loadTs`, the text of src/config/load.ts) under another name: what an agent writes when it did not look first. */
export function copyOfLoadConfig(loadTs: string, name: string): string {
  const body = loadTs.slice(loadTs.indexOf('export function loadConfig'), loadTs.indexOf('/** True when'));
  return `import { readFileSync } from 'node:fs';\nimport type { AppConfig } from '../config/load.js';\n\n${body.replace('loadConfig', name)}`;
}
