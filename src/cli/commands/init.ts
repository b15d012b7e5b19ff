/**
 * @fileoverview `review-guard init`: set a repository up for agents in one
 * step — the MCP server for Claude Code and every other host the repository
 * shows signs of (or `--host` names; `init/hosts.ts`), the Claude Code hook,
 * a line for agents in CLAUDE.md / AGENTS.md / GEMINI.md, a starter config
 * and the index folder in `.gitignore`. The entries start review-guard the
 * way this run was started (project, global or npx; `init/launch.ts`). It
 * first shows a diff of every file it would write; it writes after `--yes`
 * or a "y" on a terminal, never with `--dry-run`. Existing files are edited
 * in place (comments and formatting kept); what is already set up is left
 * alone, so a second run changes nothing; an entry named review-guard that
 * is not the one init writes is shown with the diff of replacing it, and
 * replaced only with `--force` (exit 2 until then). Steps that live outside
 * the root (trusting the folder in a host's user settings) are printed, never
 * done. A byte-order mark is kept. Files reached through links
 * inside the workspace are merged into once, by their real path. A file
 * behind a link leading out of the workspace is refused (and not read), the
 * others are still written, and init exits 2 naming it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, readForRewrite, resolveWorkspacePath, WorkspaceLinkError, writeWorkspaceFile } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { commandLine, type Launch } from '../claude-code.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { unifiedDiff } from '../init/diff.js';
import { selectHosts, type Host, type ManualStep } from '../init/hosts.js';
import { HeldChange, type MergeOptions, type MergeResult } from '../init/server-entry.js';
import { detectLaunch } from '../init/launch.js';
import { mergeAgentInstructions, mergeGitignore } from '../init/merge.js';
import { starterConfig } from '../init/starter-config.js';
import { workspaceRoot } from '../root.js';

/** One file init manages: its path under the root, why, and how to merge into it. */
interface Target {
  readonly path: string;
  readonly purpose: string;
  readonly merge: (current: string | undefined, options: MergeOptions) => MergeResult | Promise<MergeResult>;
}

interface PlannedWrite {
  /** Where it is written: the real path under the root (links inside it followed). */
  readonly path: string;
  /** How it is listed: the names it was reached by, e.g. `CLAUDE.md → AGENTS.md`. */
  readonly label: string;
  readonly purpose: string;
  /** `differs`: a review-guard entry there is not init's; the change is shown, written only with --force. */
  readonly action: 'create' | 'update' | 'unchanged' | 'refused' | 'differs';
  /** The text before (absent for a new file) and the whole text to write (absent when unchanged or refused). */
  readonly before?: string;
  readonly text?: string;
  /** Why a refused or differing file is left alone. */
  readonly reason?: string;
}

interface Plan {
  readonly hosts: readonly Host[];
  readonly launch: Launch;
  readonly writes: readonly PlannedWrite[];
  readonly manual: readonly (ManualStep & { readonly host: string })[];
  /** Per host, the step outside the root it needs (init does not take it). */
  readonly outside: readonly { readonly host: string; readonly step: string }[];
}

/** How init asks; a terminal prompt in the real CLI, a fixed answer in tests. */
type Confirm = (question: string) => Promise<boolean>;

export async function runInit(args: CliArgs, cwd: string, confirm: Confirm | undefined): Promise<CommandOutput> {
  const root = workspaceRoot(cwd, args.root);
  const plan = await planInit(root, args.hosts, { force: args.force });
  const changes = plan.writes.filter((p) => p.action === 'create' || p.action === 'update');
  const refused = plan.writes.filter((p) => p.action === 'refused' || p.action === 'differs');
  const shown = formatPlan(root, plan);
  if (changes.length === 0) {
    if (refused.length > 0) return refusedOutput(`${shown}\nNothing else to write.`, refused);
    return { stdout: `${shown}\nreview-guard is already set up here; nothing to write.`, exitCode: EXIT.ok };
  }
  if (args.dryRun) return { stdout: `${shown}\nDry run: nothing written.`, exitCode: EXIT.ok };
  if (!args.yes) {
    if (!confirm) return { stdout: shown, stderr: 'review-guard: nothing written; pass --yes to write these files (or run init in a terminal to confirm)', exitCode: EXIT.usage };
    process.stdout.write(`${shown}\n`);
    if (!(await confirm(`Write ${changes.length} file(s)? [y/N] `))) return { stdout: 'Nothing written.', exitCode: EXIT.ok };
    return applyPlan(root, plan, changes, refused, '');
  }
  return applyPlan(root, plan, changes, refused, `${shown}\n`);
}

/** What init would write under `root`; throws a UserError for a file it cannot merge into safely. */
async function planInit(root: string, named: readonly string[], options: MergeOptions): Promise<Plan> {
  const hosts = selectHosts(root, named);
  const launch = detectLaunch(root, process.argv[1], process.env);
  const targets: Target[] = [
    ...hosts.flatMap((host) => host.files(launch, root)),
    ...agentFiles(root, hosts).map((path) => ({ path, purpose: 'tells agents to review with review-guard before committing', merge: (current: string | undefined) => mergeAgentInstructions(current, launch) })),
    { path: CONFIG_FILE_NAME, purpose: 'a starter config (every key optional)', merge: (current) => (current === undefined ? starterConfig(process.env) : undefined) },
    { path: '.gitignore', purpose: "keeps the index folder .review-guard/ and Claude Code's local settings out of git", merge: mergeGitignore },
  ];
  const writes: PlannedWrite[] = [];
  for (const group of byRealPath(root, targets)) writes.push(await planFile(root, group, options));
  const manual = hosts.flatMap((host) => (host.manual ? [{ host: host.name, ...host.manual(launch, root) }] : []));
  const outside = hosts.flatMap((host) => (host.outside ? [{ host: host.name, step: host.outside(root) }] : []));
  return { hosts, launch, writes, manual, outside };
}

/** The targets grouped by the file they really are (a link inside the root and its target are one file), in first-seen order. */
function byRealPath(root: string, targets: readonly Target[]): { path: string; targets: Target[] }[] {
  const groups = new Map<string, { path: string; targets: Target[] }>();
  for (const target of targets) {
    let real = target.path;
    try {
      real = resolveWorkspacePath(root, target.path, 'inside').relPath.split('\\').join('/');
    } catch {
      // A refused link, or a file where a folder should be: the read below reports it for this path.
    }
    const group = groups.get(real) ?? { path: real, targets: [] };
    group.targets.push(target);
    groups.set(real, group);
  }
  return [...groups.values()];
}

const BOM = '\uFEFF';

/** One file's plan: read once, every target's merge applied in turn (a held change holds the whole file). */
async function planFile(root: string, group: { path: string; targets: readonly Target[] }, options: MergeOptions): Promise<PlannedWrite> {
  const names = [...new Set(group.targets.map((t) => t.path))];
  const linked = names.filter((name) => name !== group.path);
  const label = linked.length > 0 ? `${linked.join(', ')} → ${group.path}` : group.path;
  const purpose = [...new Set(group.targets.map((t) => t.purpose))].join('; ');
  let before: string | undefined;
  try {
    // Read as it is written: a file behind a link leading out of the root is refused before it is read.
    before = await readForRewrite(root, names[0]!, 'inside');
  } catch (error) {
    if (!(error instanceof WorkspaceLinkError)) throw error;
    return { path: names[0]!, label: names[0]!, purpose, action: 'refused', reason: error.message };
  }
  // A byte-order mark is no part of the JSON or TOML the merges parse: taken off for them, put back on the text written.
  const bom = before?.startsWith(BOM) ? BOM : '';
  const current = bom ? before!.slice(1) : before;
  let text = current;
  const held: string[] = [];
  for (const target of group.targets) {
    const result = await target.merge(text, options);
    if (result instanceof HeldChange) held.push(result.reason);
    text = (result instanceof HeldChange ? result.text : result) ?? text;
  }
  if (text === current || text === undefined) return { path: group.path, label, purpose, action: 'unchanged' };
  const change = { path: group.path, label, purpose, text: `${bom}${text}`, ...(before !== undefined ? { before } : {}) };
  if (held.length > 0) return { ...change, action: 'differs', reason: held.join('; ') };
  return { ...change, action: before === undefined ? 'create' : 'update' };
}

/**
 * The instruction files that exist (CLAUDE.md, AGENTS.md, GEMINI.md); when
 * none does, CLAUDE.md, and AGENTS.md too when a wired host reads it.
 */
function agentFiles(root: string, hosts: readonly Host[]): string[] {
  const present = ['CLAUDE.md', 'AGENTS.md', 'GEMINI.md'].filter((name) => existsSync(join(root, name)));
  if (present.length > 0) return present;
  return hosts.some((host) => host.readsAgentsMd) ? ['CLAUDE.md', 'AGENTS.md'] : ['CLAUDE.md'];
}

function formatPlan(root: string, plan: Plan): string {
  const out = [`review-guard init in ${root}`, `  hosts: ${plan.hosts.map((h) => h.name).join(', ')}; entries start review-guard as: ${commandLine(plan.launch)}`];
  for (const p of plan.writes) out.push(`  ${p.action.padEnd(9)} ${p.label} — ${p.reason ?? p.purpose}`);
  for (const m of plan.manual) out.push(`  by hand   ${m.path} — ${m.host} reads MCP servers only from this file outside the repository, which init does not write`);
  for (const p of plan.writes) if (p.text !== undefined) out.push('', unifiedDiff(p.path, p.before, p.text));
  for (const m of plan.manual) out.push('', `${m.host}: add this server to ${m.path} (merge it into "mcpServers" if the file has one):`, m.text);
  if (plan.outside.length > 0) out.push('', 'Outside this folder (init writes nothing there; each is needed once per machine):');
  for (const o of plan.outside) out.push(`  ${o.host}: ${o.step}`);
  return out.join('\n');
}

/** Writes each change; one refused at write time (a link that appeared since the plan) joins `refused` and the rest are still written. */
async function applyPlan(root: string, plan: Plan, changes: readonly PlannedWrite[], planRefused: readonly PlannedWrite[], shown: string): Promise<CommandOutput> {
  const written: string[] = [];
  const refused = [...planRefused];
  for (const change of changes) {
    try {
      await writeWorkspaceFile(root, change.path, change.text!, 'inside');
      written.push(change.path);
    } catch (error) {
      if (!(error instanceof WorkspaceLinkError)) throw error;
      refused.push({ ...change, action: 'refused', reason: error.message });
    }
  }
  const next = `Next: ${commandLine(plan.launch, 'index')} (warms the index), then ${plan.hosts.map((h) => h.next).join('; ')}.`;
  const wrote = written.length > 0 ? `Wrote ${written.join(', ')}. ${next}` : 'Nothing written.';
  return refused.length > 0 ? refusedOutput(`${shown}${wrote}`, refused) : { stdout: `${shown}${wrote}`, exitCode: EXIT.ok };
}

/** Exit 2 with one line per refused file: the setup is incomplete until the user fixes them. */
function refusedOutput(stdout: string, refused: readonly PlannedWrite[]): CommandOutput {
  return { stdout, stderr: refused.map((p) => `review-guard: ${p.path} not written: ${p.reason}`).join('\n'), exitCode: EXIT.usage };
}
