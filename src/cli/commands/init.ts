/**
 * @fileoverview `review-guard init`: set a repository up for agents in one
 * step — the MCP server in `.mcp.json`, the Claude Code hook in
 * `.claude/settings.json`, a line for agents in CLAUDE.md / AGENTS.md, a
 * starter config and the index folder in `.gitignore`. It first shows every
 * file it would write, in full; it writes after `--yes` or a "y" on a
 * terminal, never with `--dry-run`. Existing settings are merged into, never
 * replaced; what is already set up is left alone, so a second run changes
 * nothing. A file behind a link leading out of the workspace is refused (and
 * not read), the others are still written, and init exits 2 naming it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, readForRewrite, WorkspaceLinkError, writeWorkspaceFile } from '../../pipeline/index.js';
import type { CliArgs } from '../args.js';
import { EXIT, type CommandOutput } from '../exit-codes.js';
import { mergeAgentInstructions, mergeClaudeSettings, mergeGitignore, mergeMcpJson, starterConfig } from '../init/merge.js';
import { workspaceRoot } from '../root.js';

/** One file init manages: its path under the root, why, and how to merge into it. */
interface Target {
  readonly path: string;
  readonly purpose: string;
  readonly merge: (current: string | undefined) => string | undefined;
}

interface PlannedWrite {
  readonly path: string;
  readonly purpose: string;
  readonly action: 'create' | 'update' | 'unchanged' | 'refused';
  /** The whole text to write; absent when unchanged or refused. */
  readonly text?: string;
  /** Why a refused file is left alone. */
  readonly reason?: string;
}

/** How init asks; a terminal prompt in the real CLI, a fixed answer in tests. */
type Confirm = (question: string) => Promise<boolean>;

export async function runInit(args: CliArgs, cwd: string, confirm: Confirm | undefined): Promise<CommandOutput> {
  const root = workspaceRoot(cwd, args.root);
  const plan = await planInit(root);
  const changes = plan.filter((p) => p.action === 'create' || p.action === 'update');
  const refused = plan.filter((p) => p.action === 'refused');
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
    return applyPlan(root, changes, refused, '');
  }
  return applyPlan(root, changes, refused, `${shown}\n`);
}

/** What init would write under `root`; throws a UserError for a file it cannot merge into safely. */
async function planInit(root: string): Promise<PlannedWrite[]> {
  const targets: Target[] = [
    { path: '.mcp.json', purpose: 'the review-guard MCP server for Claude Code', merge: mergeMcpJson },
    { path: '.claude/settings.json', purpose: 'the PostToolUse hook: a fast review after every edit', merge: mergeClaudeSettings },
    ...agentFiles(root).map((path) => ({ path, purpose: 'tells agents to run review_code before committing', merge: mergeAgentInstructions })),
    { path: CONFIG_FILE_NAME, purpose: 'a starter config (every key optional)', merge: starterConfig },
    { path: '.gitignore', purpose: 'keeps the index folder .review-guard/ out of git', merge: mergeGitignore },
  ];
  const plan: PlannedWrite[] = [];
  for (const target of targets) {
    let current: string | undefined;
    try {
      // Read as it is written: a file behind a link leading out of the root is refused before it is read.
      current = await readForRewrite(root, target.path, 'inside');
    } catch (error) {
      if (!(error instanceof WorkspaceLinkError)) throw error;
      plan.push({ path: target.path, purpose: target.purpose, action: 'refused', reason: error.message });
      continue;
    }
    const text = target.merge(current);
    const action = text === undefined ? 'unchanged' : current === undefined ? 'create' : 'update';
    plan.push({ path: target.path, purpose: target.purpose, action, ...(text !== undefined ? { text } : {}) });
  }
  return plan;
}

/** CLAUDE.md and AGENTS.md where they exist; CLAUDE.md (the hook's host reads it) when neither does. */
function agentFiles(root: string): string[] {
  const present = ['CLAUDE.md', 'AGENTS.md'].filter((name) => existsSync(join(root, name)));
  return present.length > 0 ? present : ['CLAUDE.md'];
}

function formatPlan(root: string, plan: readonly PlannedWrite[]): string {
  const out = [`review-guard init in ${root}:`];
  for (const p of plan) out.push(`  ${p.action.padEnd(9)} ${p.path} — ${p.reason ?? p.purpose}`);
  for (const p of plan) {
    if (p.text === undefined) continue;
    out.push('', `--- ${p.path} (${p.action === 'create' ? 'new file' : 'after merging'}) ---`, p.text.trimEnd());
  }
  return out.join('\n');
}

/** Writes each change; one refused at write time (a link that appeared since the plan) joins `refused` and the rest are still written. */
async function applyPlan(root: string, changes: readonly PlannedWrite[], planRefused: readonly PlannedWrite[], shown: string): Promise<CommandOutput> {
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
  const wrote = written.length > 0 ? `Wrote ${written.join(', ')}. Next: npx review-guard index (warms the index), then restart Claude Code.` : 'Nothing written.';
  return refused.length > 0 ? refusedOutput(`${shown}${wrote}`, refused) : { stdout: `${shown}${wrote}`, exitCode: EXIT.ok };
}

/** Exit 2 with one line per refused file: the setup is incomplete until the user fixes them. */
function refusedOutput(stdout: string, refused: readonly PlannedWrite[]): CommandOutput {
  return { stdout, stderr: refused.map((p) => `review-guard: ${p.path} not written: ${p.reason}`).join('\n'), exitCode: EXIT.usage };
}
