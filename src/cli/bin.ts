#!/usr/bin/env node
/**
 * @fileoverview The `review-guard` command. Chooses the command, maps errors
 * to exit codes; each command does the work and returns what to print.
 * Command modules are imported on use, so a command loads only its own
 * dependencies.
 */
import { UserError } from '../pipeline/index.js';
import { VERSION } from '../version.js';
import { parseCliArgs } from './args.js';
import { EXIT, type CommandOutput } from './exit-codes.js';
import { COMMAND_HELP, MAIN_HELP } from './help.js';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  if (args.version) return print({ stdout: VERSION, exitCode: EXIT.ok });
  if (args.command === 'help' || args.command === undefined) {
    const topic = args.command === 'help' ? args.positionals[0] : undefined;
    return print({ stdout: (topic && COMMAND_HELP[topic]) || MAIN_HELP, exitCode: EXIT.ok });
  }
  if (args.help) {
    return print({ stdout: COMMAND_HELP[args.command] ?? MAIN_HELP, exitCode: EXIT.ok });
  }
  const cwd = process.cwd();
  switch (args.command) {
    // Commands load lazily: `review` and `index` need neither the MCP SDK nor its validator.
    case 'review':
      return print(await (await import('./commands/review.js')).runReview(args, cwd));
    case 'index':
      return print(await (await import('./commands/index-command.js')).runIndex(args, cwd, process.stderr));
    case 'doctor':
      return print(await (await import('./commands/doctor.js')).runDoctor(args, cwd));
    case 'baseline':
      return print(await (await import('./commands/baseline.js')).runBaseline(args, cwd));
    case 'init':
      return print(await (await import('./commands/init.js')).runInit(args, cwd, process.stdin.isTTY ? askOnTerminal : undefined));
    case 'hook':
      return print(await (await import('./commands/hook.js')).runHook(args, readStdin));
    case 'serve':
      await (await import('./commands/serve.js')).runServe(args, cwd, process.stderr);
      return EXIT.ok;
    default:
      throw new UserError(`unknown command "${args.command}"; commands: review, index, baseline, hook, init, doctor, serve, help`);
  }
}

function print(output: CommandOutput): number {
  if (output.stdout) process.stdout.write(`${output.stdout}\n`);
  if (output.stderr) process.stderr.write(`${output.stderr}\n`);
  return output.exitCode;
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
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UserError) {
      process.stderr.write(`review-guard: ${error.message}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    process.stderr.write(`review-guard: internal error: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 70;
  },
);
