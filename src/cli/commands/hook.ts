/**
 * @fileoverview `review-guard hook <host>`: the edit hooks of Claude Code
 * (PostToolUse, PreToolUse) and Gemini CLI (AfterTool, BeforeTool). Reads
 * the hook JSON on stdin.
 *
 * After an edit: reviews the edited file (rules and index; the model only
 * with `hook.model`), diff-only, and exits 2 with a compact stderr message —
 * which the host hands to the model — only when there are error findings or
 * duplicates. Before an edit: reviews the text the tool is about to write and
 * exits 2 — the host stops the call and shows the model why — only when it
 * copies existing code (`hook.block`). Everything else is exit 0 and silent,
 * as are non-source files, files outside the workspace and files git
 * ignores. Its own failures (malformed stdin, a broken config) exit 1: the
 * host shows those to the user, lets the call through and does not bother
 * the model with them.
 *
 * Exit 2 + stderr rather than a JSON decision on stdout: the same effect on
 * the model, but nothing to escape or parse, and a hook that crashes or
 * prints by accident can never be read as a verdict.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import {
  editedFileScope,
  findWorkspaceRoot,
  gitIgnoreStatus,
  isSourcePath,
  isWithinRoot,
  toPosix,
  UserError,
} from '../../pipeline/index.js';
import { formatDenial, formatHookMessage } from '../../report/hook.js';
import type { CliArgs } from '../args.js';
import type { CommandOutput } from '../exit-codes.js';
import { HOOK_HOSTS, hookHost, type HookHost } from '../hook/hosts.js';
import { parseHookInput, type ProposedChange } from '../hook/input.js';
import { changedLines, proposedText } from '../hook/proposal.js';
import { oneShotServices, type ServiceSource } from '../services.js';

/** Exit codes of the hook contract (Claude Code's and Gemini CLI's alike): 2 hands stderr to the model, or stops the tool call. */
const HOOK_EXIT = { silent: 0, hookProblem: 1, feedback: 2 } as const;

export async function runHook(args: CliArgs, stdin: () => Promise<string>, services: ServiceSource = oneShotServices): Promise<CommandOutput> {
  const host = hookHost(args.positionals[0]);
  if (!host) {
    const got = args.positionals[0];
    return problem(`hook needs a host: review-guard hook ${HOOK_HOSTS.map((h) => h.id).join('|')} (got ${got === undefined ? 'none' : JSON.stringify(got)})`);
  }
  const text = await stdin();
  if (text.trim() === '') return problem(`no input on stdin: ${host.name} pipes the hook JSON to the hook (see "review-guard help hook")`);
  const input = parseHookInput(text, host);
  if (input.kind === 'invalid') return problem(`cannot read the hook input: ${input.problem}`);
  if (input.kind === 'ignored') return silent();
  try {
    const target = await fileInWorkspace(input.cwd, input.filePath, input.event === 'after');
    if (!target) return silent();
    if (input.event === 'after') return afterEditOutput(host, input.eventName, await reviewEditedFile(target, services));
    return input.change ? await reviewProposal(target, input.tool, input.change, services) : silent();
  } catch (error) {
    if (error instanceof UserError) return problem(error.message);
    return problem(`internal error: ${(error as Error).stack ?? String(error)}`);
  }
}

/** The edited file in its workspace: the root it belongs to and its path there. */
interface Target {
  readonly root: string;
  readonly relPath: string;
  readonly absPath: string;
}

/**
 * The file's root and path, or undefined when the file is none of the
 * hook's business: outside the workspace, not source, or (after an edit)
 * gone. Before an edit the file may not exist yet.
 */
async function fileInWorkspace(cwd: string, filePath: string, mustExist: boolean): Promise<Target | undefined> {
  if (!isAbsolute(cwd) || !existsSync(cwd)) throw new UserError(`cwd ${JSON.stringify(cwd)} is not an existing absolute folder`);
  const project = findWorkspaceRoot(cwd);
  const absPath = resolve(cwd, filePath);
  if (!isSourcePath(absPath)) return undefined;
  const exists = existsSync(absPath);
  if (!exists && mustExist) return undefined;
  // A file not written yet is where its folder is: the nearest existing folder above it decides.
  const existing = existingFolder(dirname(absPath));
  const folder = realpathSync(existing);
  const realPath = exists ? realpathSync(absPath) : resolve(folder, relative(existing, absPath));
  if (!isWithinRoot(project, realPath)) return undefined;
  // In a monorepo a package may have its own config: the nearest root above the file, within the project.
  const nearest = findWorkspaceRoot(exists ? dirname(realPath) : folder);
  const root = isWithinRoot(project, nearest) ? nearest : project;
  return { root, relPath: toPosix(relative(root, realPath)), absPath: realPath };
}

function existingFolder(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

/** The findings after an edit in the form `host` hands to its model (see HookHost.afterEdit). */
function afterEditOutput(host: HookHost, hookEventName: string, output: CommandOutput): CommandOutput {
  if (host.afterEdit === 'stderr' || output.exitCode !== HOOK_EXIT.feedback) return output;
  return { stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: output.stderr } })}\n`, exitCode: HOOK_EXIT.silent };
}

async function reviewEditedFile({ root, relPath }: Target, services: ServiceSource): Promise<CommandOutput> {
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

/**
 * Before the tool writes: the proposed text reviewed in place of the file
 * (rules and index, never the model: the agent is waiting), diff-only
 * against the current text. Stops the call (exit 2, the reason on stderr)
 * only for a duplicate of a kind in `hook.block`; anything else, including
 * a failure here, lets it through (exit 0 or 1, never 2).
 */
async function reviewProposal({ root, relPath, absPath }: Target, tool: string, change: ProposedChange, services: ServiceSource): Promise<CommandOutput> {
  // The lines in scope are this edit's (below), so git is asked only whether it ignores the file: one process.
  const [standing, service] = await Promise.all([gitIgnoreStatus(root, relPath), services.get(root)]);
  if (standing === 'ignored') return silent();
  const { hook, maxFileBytes } = service.loaded.config;
  if (hook.block.length === 0) return silent();
  // A file or a proposal over maxFileBytes is not reviewed after the edit either: let it through unread.
  if (existsSync(absPath) && statSync(absPath).size > maxFileBytes) return silent();
  const current = existsSync(absPath) ? readFileSync(absPath, 'utf8') : undefined;
  const proposed = proposedText(current, change);
  if (proposed === undefined || Buffer.byteLength(proposed) > maxFileBytes) return silent();
  const result = await service.review(
    { files: [relPath] },
    { model: false, sources: new Map([[relPath, proposed]]), scope: new Map([[relPath, changedLines(current, proposed)]]), refreshIndex: services.warm, proposal: true },
  );
  const reason = formatDenial(result, relPath, tool, hook.block);
  return reason ? { stdout: '', stderr: reason, exitCode: HOOK_EXIT.feedback } : silent();
}

function silent(): CommandOutput {
  return { stdout: '', exitCode: HOOK_EXIT.silent };
}

function problem(message: string): CommandOutput {
  return { stdout: '', stderr: `review-guard hook: ${message}`, exitCode: HOOK_EXIT.hookProblem };
}
