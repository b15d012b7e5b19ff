/**
 * @fileoverview `review-guard hook claude-code`: the Claude Code PostToolUse
 * hook. Reads the hook JSON on stdin, reviews the edited file (rules and
 * index; the model only with `hook.model` in the config), diff-only, and
 * exits 2 with a compact stderr message — which Claude Code hands to the
 * model — only when there are error findings. Everything else is exit 0 and
 * silent, as are non-source files, files outside the workspace and files
 * git ignores. Its own failures (malformed stdin, a broken config) exit 1: Claude
 * Code shows those to the user and does not bother the model with them.
 *
 * Exit 2 + stderr rather than `{"decision":"block"}` on stdout: the same
 * effect on the model, but nothing to escape or parse, and a hook that
 * crashes or prints by accident can never be read as a verdict.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import {
  editedFileScope,
  findWorkspaceRoot,
  isSourcePath,
  isWithinRoot,
  toPosix,
  UserError,
} from '../../pipeline/index.js';
import { formatHookMessage } from '../../report/hook.js';
import type { CliArgs } from '../args.js';
import type { CommandOutput } from '../exit-codes.js';
import { parseHookInput } from '../hook-input.js';
import { oneShotServices, type ServiceSource } from '../services.js';

/** Exit codes of the Claude Code hook contract. */
const HOOK_EXIT = { silent: 0, hookProblem: 1, feedback: 2 } as const;

const HOSTS = ['claude-code'] as const;

export async function runHook(args: CliArgs, stdin: () => Promise<string>, services: ServiceSource = oneShotServices): Promise<CommandOutput> {
  const host = args.positionals[0];
  if (!host || !(HOSTS as readonly string[]).includes(host)) {
    return problem(`hook needs a host: review-guard hook ${HOSTS.join('|')} (got ${host === undefined ? 'none' : JSON.stringify(host)})`);
  }
  const text = await stdin();
  if (text.trim() === '') return problem('no input on stdin: Claude Code pipes the PostToolUse JSON to the hook (see "review-guard help hook")');
  const input = parseHookInput(text);
  if (input.kind === 'invalid') return problem(`cannot read the hook input: ${input.problem}`);
  if (input.kind === 'ignored') return silent();
  try {
    return await reviewEditedFile(input.cwd, input.filePath, services);
  } catch (error) {
    if (error instanceof UserError) return problem(error.message);
    return problem(`internal error: ${(error as Error).stack ?? String(error)}`);
  }
}

async function reviewEditedFile(cwd: string, filePath: string, services: ServiceSource): Promise<CommandOutput> {
  if (!isAbsolute(cwd) || !existsSync(cwd)) return problem(`cwd ${JSON.stringify(cwd)} is not an existing absolute folder`);
  const project = findWorkspaceRoot(cwd);
  const absPath = resolve(cwd, filePath);
  // Files outside the workspace, deleted files and non-source files are none of the hook's business.
  if (!isSourcePath(absPath) || !existsSync(absPath)) return silent();
  const realPath = realpathSync(absPath);
  if (!isWithinRoot(project, realPath)) return silent();
  // In a monorepo a package may have its own config: the nearest root above the file, within the project.
  const nearest = findWorkspaceRoot(dirname(realPath));
  const root = isWithinRoot(project, nearest) ? nearest : project;
  const relPath = toPosix(relative(root, realPath));

  // Each git question is a process (costly from a large warm process): as few as the answers need.
  const [scope, service] = await Promise.all([editedFileScope(root, relPath), services.get(root)]);
  // A file git ignores (build output, vendored code) is not the project's source either.
  if (scope === 'ignored') return silent();
  // In process, no walk of the workspace per edit: the stored index plus this file (see ReviewOptions.refreshIndex).
  // The warm process's watched index costs only the changed files, so it catches copies of code edited since `index`.
  const result = await service.review({ files: [relPath] }, { model: service.loaded.config.hook.model, scope, refreshIndex: services.warm });
  const message = formatHookMessage(result, relPath);
  return message ? { stdout: '', stderr: message, exitCode: HOOK_EXIT.feedback } : silent();
}

function silent(): CommandOutput {
  return { stdout: '', exitCode: HOOK_EXIT.silent };
}

function problem(message: string): CommandOutput {
  return { stdout: '', stderr: `review-guard hook: ${message}`, exitCode: HOOK_EXIT.hookProblem };
}
