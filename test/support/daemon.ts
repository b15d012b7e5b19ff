/**
 * @fileoverview Test support for the warm path: the user's daemon started
 * the way users start it (a CLI call that finds none), waited for, and
 * stopped in teardown, so no test leaves one running. Each test file is a
 * user of its own (its own runtime folder): files run in parallel, and one
 * daemon serves every workspace of a user;
 * and a module tracer that shows which modules a CLI child loaded (which
 * tells a call the daemon answered — the full CLI never loaded — from one
 * that ran in process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { daemonKey, type DaemonState } from '../../src/cli/daemon/protocol.cjs';
import { daemonFilesFor, type DaemonFiles } from '../../src/cli/daemon/runtime-files.cjs';
import { runCli, waitFor, type CliRun } from './cli.js';

/** This test file's runtime folder (owner-only, as a session's is), removed when it ends. */
const RUNTIME_DIR = mkdtempSync(join(tmpdir(), 'rg-run-'));
process.once('exit', () => rmSync(RUNTIME_DIR, { recursive: true, force: true }));

/** The environment that turns the warm path on (the test suite's default is off), in this file's runtime folder. */
export const DAEMON_ON = { REVIEW_GUARD_DAEMON: 'on', XDG_RUNTIME_DIR: RUNTIME_DIR } as const;

/** Where the daemon that CLI children given `env` reach keeps its files. */
export function daemonFiles(env: NodeJS.ProcessEnv = {}): DaemonFiles {
  const childEnv = { ...process.env, OLLAMA_HOST: '', ...env };
  const files = daemonFilesFor(daemonKey(childEnv), process.getuid!(), DAEMON_ON);
  if (!files) throw new Error(`no place for the daemon files in ${RUNTIME_DIR}`);
  return files;
}

/** The state file of the daemon CLI children given `env` reach, as it wrote it, or undefined. */
export async function daemonState(env: NodeJS.ProcessEnv = {}): Promise<DaemonState | undefined> {
  const text = await readFile(daemonFiles(env).state, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as DaemonState);
}

/** Every daemon state file in this file's runtime folder (daemons of any installation and environment). */
export async function daemonStates(): Promise<DaemonState[]> {
  const dir = daemonFiles().dir;
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'));
  const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8').catch(() => undefined)));
  return texts.flatMap((text) => (text === undefined ? [] : [JSON.parse(text) as DaemonState]));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the daemon of `root` as a first call does (`index`, which finds no
 * daemon, starts one and runs in process) and waits until it listens.
 */
export async function startDaemon(root: string, env: NodeJS.ProcessEnv = {}): Promise<DaemonState> {
  const first = await runCli(root, ['index'], { env: { ...DAEMON_ON, ...env } });
  if (first.code !== 0) throw new Error(`index failed: ${first.stderr}`);
  return waitFor(() => daemonState(env), (state) => state !== undefined && isAlive(state.pid), 20_000) as Promise<DaemonState>;
}

/** Ends every daemon of this file's runtime folder (SIGKILL: a test may have stopped one with SIGSTOP), and waits until they are gone. */
export async function stopDaemons(): Promise<void> {
  const pids = new Set((await daemonStates()).map((state) => state.pid));
  const dir = daemonFiles().dir;
  const locks = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.lock'));
  for (const lock of await Promise.all(locks.map((name) => readFile(join(dir, name), 'utf8').catch(() => '')))) {
    if (Number(lock.trim()) > 0) pids.add(Number(lock.trim()));
  }
  // A test may plant a lock or state file naming the test process itself.
  pids.delete(process.pid);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await waitFor(() => [...pids].some(isAlive), (alive) => !alive);
  await rm(dir, { recursive: true, force: true });
}

/** Runs CLI children with a module-load hook; `run` returns the run without the hook's lines and the URLs loaded. */
export interface ModuleTracer {
  run(cwd: string, args: readonly string[], options?: { input?: string; env?: NodeJS.ProcessEnv }): Promise<CliRun & { loaded: string[] }>;
  remove(): Promise<void>;
}

export async function moduleTracer(): Promise<ModuleTracer> {
  const dir = await mkdtemp(join(tmpdir(), 'rg-hooks-'));
  await writeFile(join(dir, 'hooks.mjs'), "export async function load(url, context, next) { process.stderr.write(`LOADED ${url}\\n`); return next(url, context); }\n");
  await writeFile(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`);
  // CommonJS modules (the client entry and what it requires) pass no ES loader hook: listed as the process exits.
  await writeFile(
    join(dir, 'trace.cjs'),
    "process.on('exit', () => { for (const file of Object.keys(require.cache)) require('node:fs').writeSync(2, `LOADED ${require('node:url').pathToFileURL(file).href}\\n`); });\n",
  );
  const nodeOptions = `--import=${pathToFileURL(join(dir, 'register.mjs')).href} --require=${join(dir, 'trace.cjs')}`;
  return {
    async run(cwd, args, options = {}) {
      const run = await runCli(cwd, args, { ...options, env: { ...options.env, NODE_OPTIONS: nodeOptions } });
      const lines = run.stderr.split('\n');
      const loaded = lines.filter((line) => line.startsWith('LOADED ')).map((line) => line.slice(7));
      return { ...run, stderr: lines.filter((line) => !line.startsWith('LOADED ')).join('\n'), loaded };
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Whether the traced call was answered by the daemon: the full command line never loaded. */
export function answeredWarm(loaded: readonly string[]): boolean {
  return loaded.some((url) => url.endsWith('/dist/src/cli/daemon/client.cjs')) && !loaded.some((url) => url.endsWith('/dist/src/cli/main.js'));
}

/** A run's output with the durations blanked: they differ between any two runs, in process or not. */
export function withoutDurations(text: string): string {
  return text.replace(/"durationMs": ?\d+(\.\d+)?/g, '"durationMs":0').replace(/\(\d+ ms\)/g, '(0 ms)').replace(/ in \d+ ms\./g, ' in 0 ms.');
}
