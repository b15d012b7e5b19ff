#!/usr/bin/env node
/**
 * @fileoverview The `review-guard` command. A small entry: a `hook`,
 * `review` or `index` call goes to the workspace's warm process when one
 * answers (daemon/client.ts, Node built-ins only); otherwise, and for every
 * other command, the full command line (main.ts) is loaded and runs in
 * process. Either way this prints the same output and exits with the same
 * code.
 */
import { viaWarmProcess } from './daemon/client.js';
import type { CommandOutput } from './exit-codes.js';

const argv = process.argv.slice(2);
let stdinText: Promise<string> | undefined;
// Read once: a hook call's stdin goes to the daemon, or, when it does not answer, to the command in process.
const readStdin = (): Promise<string> => (stdinText ??= readAllStdin());

const output =
  (await viaWarmProcess({ argv, cwd: process.cwd(), env: process.env, readStdin, stdoutIsTTY: process.stdout.isTTY === true, stderrIsTTY: process.stderr.isTTY === true })) ??
  (await inProcess());
if (output.stdout) process.stdout.write(`${output.stdout}\n`);
if (output.stderr) process.stderr.write(`${output.stderr}\n`);
process.exitCode = output.exitCode;

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

/** All of stdin; empty when it is a terminal (nothing piped in). */
async function readAllStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
