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
 *   SDK's own rule for reading it back: -32602 whose data is exactly `{uri}`.
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
  if (era === 'legacy' && 'error' in message && isResourceNotFound(message.error)) {
    return { ...message, error: { ...message.error, code: ProtocolErrorCode.ResourceNotFound } };
  }
  return message;
}

function isTaskHandle(result: Record<string, unknown>): boolean {
  return result['resultType'] === 'task' && Array.isArray(result['content']) && result['content'].length === 0;
}

function isResourceNotFound(error: { code: number; data?: unknown }): boolean {
  const data = error.data;
  return error.code === ProtocolErrorCode.InvalidParams && typeof data === 'object' && data !== null && Object.keys(data).length === 1 && typeof (data as { uri?: unknown }).uri === 'string';
}
