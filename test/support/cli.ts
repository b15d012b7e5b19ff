/**
 * @fileoverview Test support: the built CLI run as users and hosts run it —
 * a child process with optional stdin — and a git repository made from the
 * sample repo, for the git-aware commands (hook, --staged, --changed).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { CLI_PATH, copySampleRepo, type SampleRepo } from './sample-repo.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `review-guard ...args` in `cwd`, feeding `input` on stdin; never with a model host. */
export function runCli(cwd: string, args: readonly string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd, env: { ...process.env, OLLAMA_HOST: '', NO_COLOR: '', ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
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
  await git(repo.root, 'init', '-q', '-b', 'main');
  await git(repo.root, 'add', '-A');
  await git(repo.root, 'commit', '-q', '-m', 'sample');
  return repo;
}
