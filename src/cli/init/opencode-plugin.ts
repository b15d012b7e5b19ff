/**
 * @fileoverview opencode's edit hooks. opencode (1.18) has no command hooks
 * but plugins: every `.opencode/plugin/*.js` is loaded, and its
 * `tool.execute.before` may throw (the tool does not run; the message is
 * the tool result the model sees) and `tool.execute.after` may change the
 * result (`output.output`, which the model reads). init writes a plugin
 * that runs the same hook command as every other host's entry
 * (`review-guard hook opencode`, as its launch finds review-guard) with a
 * Claude Code-shaped event on stdin: exit 2 before a call stops it with
 * stderr, exit 2 after one appends stderr. Anything else — review-guard
 * missing, a crash, a timeout — lets the call through as it was.
 * Checked with the real opencode 1.18.33 (bench/hosts/opencode-hook-check.sh).
 */
import { hookCommand, type Launch } from '../claude-code.js';
import { differsReason, HeldChange, type MergeOptions, type MergeResult } from './server-entry.js';

export const OPENCODE_PLUGIN_PATH = '.opencode/plugin/review-guard.js';

/** The plugin's text for `command` (a shell command line, as the other hosts' entries run it). */
export function opencodePlugin(command: string): string {
  return `// review-guard's edit hooks for opencode, written by review-guard init (which replaces a changed copy only with --force); settings: review-guard.config.json.
// Before opencode's file tools run, the text they would write is reviewed: a copy of existing code stops the call,
// naming the original. After they ran, the file's findings are appended to the tool's result.
import { spawn } from 'node:child_process';

const COMMAND = ${JSON.stringify(command)};
const FILE_TOOLS = new Set(['write', 'edit', 'apply_patch']);
const TIMEOUT_MS = 60_000;

/** The hook's stderr when it exits 2 (its verdict), else undefined: it never rejects, and never blocks on its own failure. */
function runHook(event) {
  return new Promise((resolve) => {
    let stderr = '';
    let child;
    try {
      child = spawn(COMMAND, { cwd: event.cwd, shell: true, stdio: ['pipe', 'ignore', 'pipe'], timeout: TIMEOUT_MS });
    } catch {
      return resolve(undefined);
    }
    child.on('error', () => resolve(undefined));
    child.stdin.on('error', () => {});
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve(code === 2 && stderr.trim() !== '' ? stderr.trim() : undefined));
    child.stdin.end(JSON.stringify(event));
  });
}

export const ReviewGuard = async ({ directory }) => {
  const review = (hook_event_name, tool, args) => runHook({ hook_event_name, cwd: directory, tool_name: tool, tool_input: args ?? {} });
  return {
    'tool.execute.before': async (input, output) => {
      if (!FILE_TOOLS.has(input.tool)) return;
      const reason = await review('PreToolUse', input.tool, output.args);
      if (reason) throw new Error(reason);
    },
    'tool.execute.after': async (input, output) => {
      if (!FILE_TOOLS.has(input.tool)) return;
      const findings = await review('PostToolUse', input.tool, input.args);
      if (findings) output.output = \`\${output.output ?? ''}\\n\\n\${findings}\`;
    },
  };
};
`;
}

/** The plugin file for `launch`: written when absent, left when the same, held until --force when it differs. */
export function mergeOpencodePlugin(current: string | undefined, launch: Launch, options: MergeOptions): MergeResult {
  const text = opencodePlugin(hookCommand(launch, 'opencode'));
  if (current === text) return undefined;
  return current === undefined || options.force ? text : new HeldChange(text, differsReason('the file'));
}
