/**
 * @fileoverview How this process runs git: `execFile` directly, or, once
 * `useGitHelper()` was called (the daemon, whose warm index makes every
 * fork slow), through one small helper process (git-helper.ts). Same
 * results either way; a helper that dies is started again on the next call.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface GitCall {
  readonly id: number;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly maxBuffer: number;
}

export interface GitOutcome {
  readonly id: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Set when git failed: its message and code (a number: git's exit code; a string: it did not run, e.g. ENOENT). */
  readonly error?: { readonly message: string; readonly code: number | string | null };
}

type Runner = (call: Omit<GitCall, 'id'>) => Promise<Omit<GitOutcome, 'id'>>;

const direct: Runner = (call) =>
  new Promise((resolve) => {
    execFile('git', call.args, { cwd: call.cwd, env: call.env, maxBuffer: call.maxBuffer, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ stdout, stderr, ...(error ? { error: { message: error.message, code: (error as NodeJS.ErrnoException).code ?? null } } : {}) });
    });
  });

let runner: Runner = direct;

/** Runs git as this process is set up to. */
export function runGitCommand(call: Omit<GitCall, 'id'>): Promise<Omit<GitOutcome, 'id'>> {
  return runner(call);
}

/** From now on git runs in a helper process, started now, while this process is still small. */
export function useGitHelper(): void {
  let helper: ChildProcess | undefined;
  let nextId = 0;
  const waiting = new Map<number, (outcome: GitOutcome) => void>();
  const start = (): ChildProcess => {
    const child = fork(fileURLToPath(new URL('./helper.js', import.meta.url)), [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], execArgv: [] });
    child.on('message', (outcome: GitOutcome) => {
      waiting.get(outcome.id)?.(outcome);
      waiting.delete(outcome.id);
    });
    // A helper that died answers its calls by running them directly; the next call starts a new one.
    child.on('exit', () => {
      if (helper === child) helper = undefined;
      const orphans = [...waiting.values()];
      waiting.clear();
      for (const settle of orphans) settle({ id: -1, stdout: '', stderr: '', error: { message: 'the git helper exited', code: 'EHELPER' } });
    });
    child.unref();
    child.channel?.unref();
    return child;
  };
  helper = start();
  runner = async (call) => {
    const child = (helper ??= start());
    const id = nextId++;
    const outcome = await new Promise<GitOutcome>((resolve) => {
      waiting.set(id, resolve);
      child.send({ id, ...call });
    });
    return outcome.error?.code === 'EHELPER' ? direct(call) : outcome;
  };
}
