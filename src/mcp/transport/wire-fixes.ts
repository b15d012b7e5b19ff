/**
 * @fileoverview Corrections to what the SDK writes, applied to a server's
 * outbound messages where the SDK decides after every handler has run:
 *
 * - a Tasks-extension task handle goes out as the handle alone: the SDK's
 *   tools/call wrapper gives every result without `content` an empty
 *   `content: []`, which a CreateTaskResult (`Result & Task`) does not have;
 * - a 2025-era client is told "resource not found" with -32002, as
 *   2025-11-25 names it: the SDK's codecs map that code to -32602 for every
 *   era (SEP-2164, which only 2026-07-28 adopted). The error is known by the
 *   SDK's own rule for reading it back: -32602 whose data is exactly `{uri}`;
 * - params the SDK checks against its wire schema before any handler runs
 *   (tools/call, initialize) are answered with the zod issues as a JSON
 *   dump, some with -32603: they go out as -32602 with one line per issue,
 *   `params.name: Invalid input: expected string, received number`.
 */
import { ProtocolErrorCode, type JSONRPCMessage, type ProtocolEra, type Transport } from '@modelcontextprotocol/server';

/** Makes `transport` send corrected messages; returns it. */
export function withWireFixes(transport: Transport, era: ProtocolEra): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(corrected(message, era), options);
  return transport;
}

function corrected(message: JSONRPCMessage, era: ProtocolEra): JSONRPCMessage {
  if ('result' in message && isTaskHandle(message.result)) {
    const { content: _empty, ...handle } = message.result;
    return { ...message, result: handle };
  }
  if (!('error' in message)) return message;
  if (era === 'legacy' && isResourceNotFound(message.error)) return { ...message, error: { ...message.error, code: ProtocolErrorCode.ResourceNotFound } };
  const readable = readableIssues(message.error.message);
  return readable === undefined ? message : { ...message, error: { ...message.error, code: ProtocolErrorCode.InvalidParams, message: readable } };
}

interface Issue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** `prefix: [zod issues as JSON]` (or the bare array) as `prefix: path: message; …`; undefined for any other message. */
function readableIssues(message: string): string | undefined {
  const start = message.indexOf('[');
  if (start === -1 || !/^\[\s*\{/.test(message.slice(start))) return undefined;
  let issues: unknown;
  try {
    issues = JSON.parse(message.slice(start));
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || issues.length === 0 || !issues.every(isIssue)) return undefined;
  const prefix = message.slice(0, start).replace(/:\s*$/, '');
  const lines = issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  return `${prefix || 'Invalid params'}: ${lines.join('; ')}`;
}

function isIssue(value: unknown): value is Issue {
  return typeof value === 'object' && value !== null && typeof (value as Issue).message === 'string' && Array.isArray((value as Issue).path);
}

function isTaskHandle(result: Record<string, unknown>): boolean {
  return result['resultType'] === 'task' && Array.isArray(result['content']) && result['content'].length === 0;
}

function isResourceNotFound(error: { code: number; data?: unknown }): boolean {
  const data = error.data;
  return error.code === ProtocolErrorCode.InvalidParams && typeof data === 'object' && data !== null && Object.keys(data).length === 1 && typeof (data as { uri?: unknown }).uri === 'string';
}
