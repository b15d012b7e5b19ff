#!/usr/bin/env node
/**
 * @fileoverview The `review-guard` command. A small entry: a `hook`,
 * `review` or `index` call goes to the workspace's warm process when one
 * answers (daemon/client.cts, Node built-ins only); otherwise, and for every
 * other command, the full command line (main.ts) is loaded and runs in
 * process. Either way this prints the same output and exits with the same
 * code.
 */
import { readSync } from 'node:fs';
import { isatty } from 'node:tty';
import { viaWarmProcess } from './daemon/client.cjs';
import type { CommandOutput } from './exit-codes.js';

const argv = process.argv.slice(2);
// Commands that run until they are stopped; every other one ends when its output is written.
const LONG_LIVED = new Set(['serve', 'daemon']);
let stdinText: Promise<string> | undefined;
// Read once: a hook call's stdin goes to the daemon, or, when it does not answer, to the command in process.
const readStdin = (): Promise<string> => (stdinText ??= readAllStdin());

void main();

async function main(): Promise<void> {
  const output =
    (await viaWarmProcess({ argv, cwd: process.cwd(), env: process.env, readStdin, stdoutIsTTY: process.stdout.isTTY === true, stderrIsTTY: process.stderr.isTTY === true })) ??
    (await inProcess());
  process.exitCode = output.exitCode;
  await Promise.all([write(process.stdout, output.stdout), write(process.stderr, output.stderr)]);
  // A one-shot command ends with its output: nothing it started may hold the process past it (a model load it
  // did not wait for holds an HTTP request open for up to model.loadTimeoutMs; its notice said it stops here).
  if (!LONG_LIVED.has(argv[0] ?? '')) process.exit();
}

async function inProcess(): Promise<CommandOutput> {
  const [{ runCommandLine }, { oneShotServices }] = await Promise.all([import('./main.js'), import('./services.js')]);
  return runCommandLine(argv, {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin,
    services: oneShotServices,
    ...(process.stdin.isTTY ? { ask: askOnTerminal } : {}),
  });
}

/** `text` and a newline on `stream`, resolved once it is handed to the OS (so an exit right after loses nothing). */
function write(stream: NodeJS.WriteStream, text: string | undefined): Promise<void> {
  return text ? new Promise((resolve) => stream.write(`${text}\n`, () => resolve())) : Promise.resolve();
}

/** A yes/no question on the terminal; only "y" or "yes" is yes. */
async function askOnTerminal(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/**
 * All of stdin; empty when it is a terminal (nothing piped in) or closed.
 * Read straight from fd 0: making `process.stdin` a stream costs a hook
 * call ~5 ms. A non-blocking stdin (EAGAIN) is read on as a stream.
 */
async function readAllStdin(): Promise<string> {
  if (isatty(0)) return '';
  const chunks: Buffer[] = [];
  try {
    for (let chunk = Buffer.allocUnsafe(65536), n; (n = readSync(0, chunk)) > 0; chunk = Buffer.allocUnsafe(65536)) chunks.push(chunk.subarray(0, n));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EAGAIN') return code === 'EOF' || code === 'EBADF' || code === 'ENXIO' || code === 'EINVAL' ? '' : Promise.reject(error);
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
