/**
 * @fileoverview Tool calls that a model wrote into its text instead of the
 * `tool_calls` field. Qwen-coder models under Ollama do this often, in two
 * dialects: `<function=name><parameter=key>value</parameter></function>`
 * (optionally inside `<tool_call>`) and `<tool_call>{"name", "arguments"}</tool_call>`
 * (also in `<tools>` tags, as a JSON array of calls, or as bare JSON; the
 * arguments under `arguments`, `args` or `parameters`), several in one message.
 */
import type { ToolCall } from '../../../../models/llm-client.js';
import { isJsonObject } from '../../json-object.js';

/** Calls found in the text, and the text that is left without them. */
interface TextToolCalls {
  readonly calls: readonly ToolCall[];
  readonly rest: string;
}

// Closing tags are optional: models stop generating before writing them.
const FUNCTION_BLOCK = /<function=([^>\s]+)\s*>([\s\S]*?)(?:<\/function>|(?=<function=)|$)/g;
const PARAMETER = /<parameter=([^>\s]+)\s*>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;
const JSON_TOOL_CALL = /<(tool_call|tools)>\s*([[{][\s\S]*?[}\]])\s*<\/\1>/g;

/** The keys models put a call's arguments under. */
const ARGUMENT_KEYS = ['arguments', 'args', 'parameters'] as const;

/** Finds text-form tool calls; content without any returns no calls and the text unchanged. */
export function extractTextToolCalls(content: string): TextToolCalls {
  const calls: ToolCall[] = [];
  let rest = content.replace(FUNCTION_BLOCK, (_match, name: string, body: string) => {
    calls.push({ function: { name, arguments: xmlParameters(body) } });
    return '';
  });
  rest = rest.replace(JSON_TOOL_CALL, (_match, _tag: string, body: string) => {
    for (const call of jsonCalls(body)) calls.push(call);
    return '';
  });
  if (calls.length === 0) {
    const bare = bareJsonCalls(content);
    return bare.length > 0 ? { calls: bare, rest: '' } : { calls, rest: content };
  }
  return { calls, rest: rest.replace(/<\/?(tool_call|tools)>/g, '').trim() };
}

function xmlParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [, key, value] of body.matchAll(PARAMETER)) {
    // The value sits on its own lines between the tags; keep its inner whitespace.
    if (key !== undefined) args[key] = (value ?? '').replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  }
  return args;
}

/** `{"name", "arguments"|"args"|"parameters"}` or an array of them; a broken body becomes a call the runner corrects. */
function jsonCalls(body: string): ToolCall[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const calls = (Array.isArray(parsed) ? parsed : [parsed]).map((item) => asCall(item, false));
    if (calls.length > 0 && calls.every((call) => call !== undefined)) return calls;
  } catch {
    // Fall through: the runner tells the model its arguments were not JSON.
  }
  const name = /"name"\s*:\s*"([^"]+)"/.exec(body)?.[1] ?? 'tool_call';
  return [{ function: { name, arguments: body } }];
}

/**
 * A call object — `{"name", <arguments>}` or `{"function": {"name", <arguments>}}`
 * — or undefined. `strict` (for bare JSON, where a final answer is the other
 * possibility) also demands an arguments key and no `findings`.
 */
function asCall(value: unknown, strict: boolean): ToolCall | undefined {
  const call = isJsonObject(value) && isJsonObject(value['function']) ? value['function'] : value;
  if (!isJsonObject(call) || typeof call['name'] !== 'string') return undefined;
  const key = ARGUMENT_KEYS.find((k) => k in call);
  if (strict && (key === undefined || 'findings' in call)) return undefined;
  return { function: { name: call['name'], arguments: key === undefined ? {} : asArguments(call[key]) } };
}

function asArguments(value: unknown): Record<string, unknown> | string {
  if (typeof value === 'string') return value;
  if (isJsonObject(value)) return value;
  return {};
}

/**
 * The whole content (fenced or not) is JSON shaped like calls: one call
 * object, an array of them, or one per line. A final answer has `findings`
 * and never a name with arguments, so it is not mistaken for one.
 */
function bareJsonCalls(content: string): ToolCall[] {
  const text = content.trim().replace(/^```[a-zA-Z]*\s*([\s\S]*?)\s*```$/, '$1');
  if (!text.startsWith('{') && !text.startsWith('[')) return [];
  const pieces = parseJson(text) ?? parseJsonLines(text);
  if (pieces === undefined) return [];
  const calls = pieces.map((piece) => asCall(piece, true));
  return calls.length > 0 && calls.every((call) => call !== undefined) ? calls : [];
}

/** The items of a JSON array, or the one value; undefined when `text` is not JSON. */
function parseJson(text: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return undefined;
  }
}

/** One JSON value per non-empty line (several calls written one under the other). */
function parseJsonLines(text: string): unknown[] | undefined {
  const values: unknown[] = [];
  for (const line of text.split(/\r?\n/).filter((l) => l.trim() !== '')) {
    const parsed = parseJson(line.trim());
    if (parsed?.length !== 1) return undefined;
    values.push(parsed[0]);
  }
  return values.length > 1 ? values : undefined;
}
