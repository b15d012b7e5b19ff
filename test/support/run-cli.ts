/**
 * @fileoverview Test support: runs the built CLI as users do, in a child
 * process, and returns its exit code and output whatever the code.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CLI_PATH } from './sample-repo.js';

const run = promisify(execFile);

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `review-guard ...args` in `cwd`, with `env` over the test's environment. */
export async function runCli(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI_PATH, ...args], { cwd, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
