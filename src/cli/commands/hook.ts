/**
 * @fileoverview `review-guard hook <host>`: the edit hooks of Claude Code,
 * Gemini CLI, Codex, VS Code and Cursor (their events and tools:
 * hook/hosts.ts). Reads the hook JSON on stdin.
 *
 * After an edit: reviews each file the tool wrote (rules and index; the
 * model only with `hook.model`), diff-only, and hands the model a compact
 * message only when there are error findings or duplicates. Before an edit:
 * reviews the text the tool is about to write and stops the call — the
 * host shows the model why — only when it copies existing code
 * (`hook.block`). Everything else is exit 0 and silent, as are non-source
 * files, files outside the workspace and files git ignores. Its own
 * failures (malformed stdin, a broken config) exit 1: every host shows
 * those to the user, lets the call through and does not bother the model.
 *
 * Where the host allows it, exit 2 + stderr rather than a JSON decision on
 * stdout: the same effect on the model, but nothing to escape or parse, and
 * a hook that crashes or prints by accident can never be read as a verdict.
 * Where exit 2 costs something (Gemini CLI reports it as a failed hook,
 * Codex after an edit would replace the tool's output), the host's JSON
 * (hook/hosts.ts).
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
  trackedPaths,
  UserError,
} from '../../pipeline/index.js';
import { formatDenial, formatHookMessage } from '../../report/hook.js';
import type { CliArgs } from '../args.js';
import type { CommandOutput } from '../exit-codes.js';
import { HOOK_HOSTS, hookHost } from '../hook/hosts.js';
import { parseHookInput, type ProposedChange } from '../hook/input.js';
import { changedLines, proposedText } from '../hook/proposal.js';
import { oneShotServices, type ServiceSource } from '../services.js';

/** Exit codes of the hook contract: 1 is the hook's own problem, which every host shows the user and lets pass (how a message reaches the model: HookHost.reply). */
const HOOK_EXIT = { silent: 0, hookProblem: 1 } as const;

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
    // A patch may write several files: each is reviewed, and one message says all.
    const messages: string[] = [];
    for (const file of input.files) {
      const target = await fileInWorkspace(input.cwd, file.filePath, input.event === 'after');
      if (!target) continue;
      const message = input.event === 'after' ? await reviewEditedFile(target, services) : file.change && (await reviewProposal(target, input.tool, file.change, services));
      if (message) messages.push(message);
    }
    return messages.length === 0 ? silent() : host.reply[input.event](input.eventName, messages.join('\n\n'));
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

/** The findings the edited file has now, as the message to the agent; undefined when there is nothing to act on. */
async function reviewEditedFile({ root, relPath }: Target, services: ServiceSource): Promise<string | undefined> {
  // Each git question is a process (costly from a large warm process): as few as the answers need.
  // A warm process knows what git tracks (listed again after an add or a commit): a new file costs no diff.
  const tracked = services.warm ? await trackedPaths(root) : undefined;
  const [scope, service] = await Promise.all([editedFileScope(root, relPath, tracked), services.get(root)]);
  // A file git ignores (build output, vendored code) is not the project's source either.
  if (scope === 'ignored') return undefined;
  // In process, no walk of the workspace per edit: the stored index plus this file (see ReviewOptions.refreshIndex).
  // The warm process's watched index costs only the changed files, so it catches copies of code edited since `index`.
  const result = await service.review({ files: [relPath] }, { model: service.loaded.config.hook.model, scope, refreshIndex: services.warm });
  return formatHookMessage(result, relPath);
}

/**
 * Before the tool writes: the proposed text reviewed in place of the file
 * (rules and index, never the model: the agent is waiting), diff-only
 * against the current text. Stops the call (the host's refusal, the reason
 * for the model) only for a duplicate of a kind in `hook.block`; anything
 * else, including a failure here, lets it through (exit 0 or 1, never 2).
 */
async function reviewProposal({ root, relPath, absPath }: Target, tool: string, change: ProposedChange, services: ServiceSource): Promise<string | undefined> {
  // The lines in scope are this edit's (below), so git is asked only whether it ignores the file: one process,
  // none for a file a warm process knows git tracks (git ignores no tracked file).
  const tracked = services.warm ? await trackedPaths(root) : undefined;
  const [standing, service] = await Promise.all([tracked?.has(relPath) ? 'not-ignored' : gitIgnoreStatus(root, relPath), services.get(root)]);
  if (standing === 'ignored') return undefined;
  const { hook, maxFileBytes } = service.loaded.config;
  if (hook.block.length === 0) return undefined;
  // A file or a proposal over maxFileBytes is not reviewed after the edit either: let it through unread.
  if (existsSync(absPath) && statSync(absPath).size > maxFileBytes) return undefined;
  const current = existsSync(absPath) ? readFileSync(absPath, 'utf8') : undefined;
  const proposed = proposedText(current, change);
  if (proposed === undefined || Buffer.byteLength(proposed) > maxFileBytes) return undefined;
  const written = changedLines(current, proposed);
  const result = await service.review(
    { files: [relPath] },
    { model: false, sources: new Map([[relPath, proposed]]), scope: new Map([[relPath, written]]), refreshIndex: services.warm, proposal: true },
  );
  return formatDenial(result, relPath, tool, hook.block, written);
}

function silent(): CommandOutput {
  return { stdout: '', exitCode: HOOK_EXIT.silent };
}

function problem(message: string): CommandOutput {
  return { stdout: '', stderr: `review-guard hook: ${message}`, exitCode: HOOK_EXIT.hookProblem };
}
