/**
 * @fileoverview Test support for the warm path: a workspace's daemon
 * started the way users start it (a CLI call that finds none), waited for,
 * and stopped in teardown, so no test leaves one running or shares one;
 * and a module tracer that shows which modules a CLI child loaded (which
 * tells a call the daemon answered — the full CLI never loaded — from one
 * that ran in process).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DaemonState } from '../../src/cli/daemon/protocol.js';
import { daemonFilesFor, type DaemonFiles } from '../../src/cli/daemon/runtime-files.js';
import { runCli, waitFor, type CliRun } from './cli.js';

/** The environment that turns the warm path on (the test suite's default is off). */
export const DAEMON_ON = { REVIEW_GUARD_DAEMON: 'on' } as const;

/** Where the daemon of `root` keeps its files (the user's runtime folder, as the CLI children here see it). */
export function daemonFiles(root: string): DaemonFiles {
  const files = daemonFilesFor(root, process.getuid!());
  if (!files) throw new Error(`no place for the daemon files of ${root}`);
  return files;
}

/** The daemon's state file as it wrote it, or undefined. */
export async function daemonState(root: string): Promise<DaemonState | undefined> {
  const text = await readFile(daemonFiles(root).state, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as DaemonState);
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
  return waitFor(() => daemonState(root), (state) => state !== undefined && isAlive(state.pid), 20_000) as Promise<DaemonState>;
}

/** Ends the daemon of `root`, if one runs (SIGKILL: a test may have stopped it with SIGSTOP), and waits until it is gone. */
export async function stopDaemon(root: string): Promise<void> {
  const pids = new Set<number>();
  const state = await daemonState(root);
  if (state) pids.add(state.pid);
  const lock = await readFile(daemonFiles(root).lock, 'utf8').catch(() => '');
  if (Number(lock.trim()) > 0) pids.add(Number(lock.trim()));
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
  const nodeOptions = `--import=${pathToFileURL(join(dir, 'register.mjs')).href}`;
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
  return loaded.some((url) => url.endsWith('/dist/src/cli/daemon/client.js')) && !loaded.some((url) => url.endsWith('/dist/src/cli/main.js'));
}

/** A run's output with the durations blanked: they differ between any two runs, in process or not. */
export function withoutDurations(text: string): string {
  return text.replace(/"durationMs": ?\d+(\.\d+)?/g, '"durationMs":0').replace(/\(\d+ ms\)/g, '(0 ms)').replace(/ in \d+ ms\./g, ' in 0 ms.');
}
