/**
 * @fileoverview Tool calls that a model wrote into its text instead of the
 * `tool_calls` field. Qwen-coder models under Ollama do this often, in two
 * dialects: `<function=name><parameter=key>value</parameter></function>`
 * (optionally inside `<tool_call>`) and `<tool_call>{"name", "arguments"}</tool_call>`.
 */
import type { ToolCall } from '../../../models/llm-client.js';

/** Calls found in the text, and the text that is left without them. */
interface TextToolCalls {
  readonly calls: readonly ToolCall[];
  readonly rest: string;
}

// Closing tags are optional: models stop generating before writing them.
const FUNCTION_BLOCK = /<function=([^>\s]+)\s*>([\s\S]*?)(?:<\/function>|(?=<function=)|$)/g;
const PARAMETER = /<parameter=([^>\s]+)\s*>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|(?=<\/function>)|$)/g;
const JSON_TOOL_CALL = /<tool_call>\s*(\{[\s\S]*?\})\s*<\/tool_call>/g;

/** Finds text-form tool calls; content without any returns no calls and the text unchanged. */
export function extractTextToolCalls(content: string): TextToolCalls {
  const calls: ToolCall[] = [];
  let rest = content.replace(FUNCTION_BLOCK, (_match, name: string, body: string) => {
    calls.push({ function: { name, arguments: xmlParameters(body) } });
    return '';
  });
  rest = rest.replace(JSON_TOOL_CALL, (_match, body: string) => {
    calls.push(jsonCall(body));
    return '';
  });
  if (calls.length === 0) {
    const bare = bareJsonCall(content);
    return bare ? { calls: [bare], rest: '' } : { calls, rest: content };
  }
  return { calls, rest: rest.replace(/<\/?tool_call>/g, '').trim() };
}

function xmlParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [, key, value] of body.matchAll(PARAMETER)) {
    // The value sits on its own lines between the tags; keep its inner whitespace.
    if (key !== undefined) args[key] = (value ?? '').replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  }
  return args;
}

/** `{"name", "arguments"|"parameters"}`; a broken body becomes a call the runner corrects. */
function jsonCall(body: string): ToolCall {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && typeof parsed.name === 'string') {
      const args = 'arguments' in parsed ? parsed.arguments : 'parameters' in parsed ? parsed.parameters : {};
      return { function: { name: parsed.name, arguments: asArguments(args) } };
    }
  } catch {
    // Fall through: the runner tells the model its arguments were not JSON.
  }
  const name = /"name"\s*:\s*"([^"]+)"/.exec(body)?.[1] ?? 'tool_call';
  return { function: { name, arguments: body } };
}

function asArguments(value: unknown): Record<string, unknown> | string {
  if (typeof value === 'string') return value;
  if (isObject(value)) return value;
  return {};
}

/**
 * The whole content (fenced or not) is one JSON object shaped like a call:
 * `{"name", "arguments"|"parameters"}` or `{"function": {"name", "arguments"}}`.
 * A final answer has `findings` and never both of those keys, so it is not mistaken for one.
 */
function bareJsonCall(content: string): ToolCall | undefined {
  const text = content.trim().replace(/^```[a-zA-Z]*\s*([\s\S]*?)\s*```$/, '$1');
  if (!text.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const call = isObject(parsed) && isObject(parsed['function']) ? parsed['function'] : parsed;
  if (!isObject(call) || 'findings' in call || typeof call['name'] !== 'string') return undefined;
  if (!('arguments' in call) && !('parameters' in call)) return undefined;
  return { function: { name: call['name'], arguments: asArguments(call['arguments'] ?? call['parameters']) } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
