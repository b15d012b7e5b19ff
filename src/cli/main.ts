/**
 * @fileoverview The full `review-guard` command line: chooses the command,
 * maps errors to exit codes; each command does the work and returns what to
 * print. The same function runs in process (bin.cts, when no warm process
 * answered) and inside the warm process for a client's request
 * (daemon/server.ts), so both print the same bytes. Command modules are
 * imported on use, so a command loads only its own dependencies.
 */
import { UserError } from '../pipeline/index.js';
import { VERSION } from '../version.cjs';
import { parseCliArgs } from './args.js';
import { EXIT, type CommandOutput } from './exit-codes.js';
import { COMMAND_HELP, MAIN_HELP } from './help.js';
import type { CliContext } from './context.js';

/** What a command may use of the process that runs it. */

/** Exit code of an error review-guard did not expect (EX_SOFTWARE). */
const INTERNAL_ERROR_EXIT = 70;

/** Runs the command line `argv`; never throws: errors become exit codes and a line on stderr. */
export async function runCommandLine(argv: readonly string[], context: CliContext): Promise<CommandOutput> {
  try {
    return await runCommand(argv, context);
  } catch (error) {
    if (error instanceof UserError) return { stdout: '', stderr: `review-guard: ${error.message}`, exitCode: EXIT.usage };
    return { stdout: '', stderr: `review-guard: internal error: ${(error as Error).stack ?? String(error)}`, exitCode: INTERNAL_ERROR_EXIT };
  }
}

async function runCommand(argv: readonly string[], context: CliContext): Promise<CommandOutput> {
  const args = parseCliArgs(argv);
  if (args.version) return { stdout: VERSION, exitCode: EXIT.ok };
  if (args.command === 'help' || args.command === undefined) {
    const topic = args.command === 'help' ? args.positionals[0] : undefined;
    return { stdout: (topic && COMMAND_HELP[topic]) || MAIN_HELP, exitCode: EXIT.ok };
  }
  if (args.help) return { stdout: COMMAND_HELP[args.command] ?? MAIN_HELP, exitCode: EXIT.ok };
  const { cwd, services } = context;
  switch (args.command) {
    // Commands load lazily: `review` and `index` need neither the MCP SDK nor its validator.
    case 'review':
      return (await import('./commands/review.js')).runReview(args, context);
    case 'index':
      return (await import('./commands/index-command.js')).runIndex(args, cwd, context.stderr, services);
    case 'doctor':
      return (await import('./commands/doctor.js')).runDoctor(args, cwd, context.env);
    case 'baseline':
      return (await import('./commands/baseline.js')).runBaseline(args, cwd);
    case 'init':
      return (await import('./commands/init.js')).runInit(args, cwd, context.ask);
    case 'hook':
      return (await import('./commands/hook.js')).runHook(args, context.readStdin, services);
    case 'serve':
      await (await import('./commands/serve.js')).runServe(args, cwd, context.stderr);
      return { stdout: '', exitCode: EXIT.ok };
    case 'daemon':
      await (await import('./daemon/server.js')).runDaemon(args, cwd);
      return { stdout: '', exitCode: EXIT.ok };
    default:
      throw new UserError(`unknown command "${args.command}"; commands: review, index, baseline, hook, init, doctor, serve, help`);
  }
}
