/**
 * @fileoverview The pure part of `review-guard init`: given what a file
 * holds now (or undefined when it is missing), the text it should hold, or
 * undefined when it is already set up. Existing settings are merged into,
 * never replaced; a file that cannot be merged safely is a UserError.
 */
import { z } from 'zod';
import { UserError } from '../../pipeline/index.js';
import { HOOK_ENTRY, MCP_ENTRY, SERVER_NAME } from '../claude-code.js';

/** Any registered review-guard hook, however it is started (npx, a path, a global install). */
const REGISTERED_HOOK = /review-guard"?\s+hook\b/;
const AGENT_LINE =
  '- After changing source files and before committing, call the `review_code` tool (review-guard MCP server) with the changed paths and fix every finding of severity "error"; a `duplicate` finding names the existing code to reuse.';
const STARTER_CONFIG = {
  rules: { 'max-lines': ['error', { max: 250 }], naming: 'warning', duplicate: 'error' },
  index: { exclude: [] },
  model: { enabled: true, model: 'qwen3-coder:30b' },
  hook: { model: false },
};

const JsonObjectSchema = z.record(z.string(), z.unknown());
const McpFileSchema = z.looseObject({ mcpServers: JsonObjectSchema.optional() });
const HookEntrySchema = z.looseObject({ matcher: z.string().optional(), hooks: z.array(z.looseObject({ command: z.string().optional() })).optional() });
const SettingsFileSchema = z.looseObject({ hooks: z.looseObject({ PostToolUse: z.array(HookEntrySchema).optional() }).optional() });

/** `.mcp.json` with the review-guard server added; an existing entry of that name is left as the user set it. */
export function mergeMcpJson(current: string | undefined): string | undefined {
  const json = parseObject(current, '.mcp.json', McpFileSchema);
  if (json.mcpServers && Object.hasOwn(json.mcpServers, SERVER_NAME)) return undefined;
  return stringify({ ...json, mcpServers: { ...json.mcpServers, [SERVER_NAME]: MCP_ENTRY } });
}

/** `.claude/settings.json` with the PostToolUse hook added, unless a review-guard hook is already registered. */
export function mergeClaudeSettings(current: string | undefined): string | undefined {
  const json = parseObject(current, '.claude/settings.json', SettingsFileSchema);
  const postToolUse = json.hooks?.PostToolUse ?? [];
  if (postToolUse.some((entry) => (entry.hooks ?? []).some((hook) => REGISTERED_HOOK.test(hook.command ?? '')))) return undefined;
  return stringify({ ...json, hooks: { ...json.hooks, PostToolUse: [...postToolUse, HOOK_ENTRY] } });
}

/** An agent instructions file with the review_code line appended, unless it already mentions review_code. */
export function mergeAgentInstructions(current: string | undefined): string | undefined {
  if (current === undefined) return `# Agent instructions\n\n${AGENT_LINE}\n`;
  if (current.includes('review_code')) return undefined;
  return `${current}${current.endsWith('\n') || current === '' ? '' : '\n'}\n${AGENT_LINE}\n`;
}

/** The starter config when there is none; an existing config is never touched. */
export function starterConfig(current: string | undefined): string | undefined {
  return current === undefined ? stringify(STARTER_CONFIG) : undefined;
}

/** `.gitignore` with the index folder ignored. */
export function mergeGitignore(current: string | undefined): string | undefined {
  if (current !== undefined && current.split(/\r?\n/).some((line) => /^\/?\.review-guard\/?$/.test(line.trim()))) return undefined;
  const base = current === undefined || current === '' ? '' : current.endsWith('\n') ? current : `${current}\n`;
  return `${base}# review-guard's similarity index (rebuilt on demand)\n.review-guard/\n`;
}

function parseObject<T>(current: string | undefined, name: string, schema: z.ZodType<T>): T {
  if (current === undefined || current.trim() === '') return schema.parse({});
  let json: unknown;
  try {
    json = JSON.parse(current);
  } catch (error) {
    throw new UserError(`${name} is not valid JSON (${(error as Error).message}); fix it by hand, then run init again — it is never overwritten`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(`${name}: "${issue.path.join('.') || '(root)'}" ${issue.message}; init merges into it only when it has the documented shape`);
  }
  return parsed.data;
}

function stringify(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
