/**
 * @fileoverview tools/list and tools/call on the low-level server. McpServer's
 * registerTool insists on structured content whenever a tool has an output
 * schema, so a tool that may answer with a Tasks-extension handle instead of
 * its result cannot go through it. This router keeps what registerTool gives
 * (one zod schema for the advertised JSON Schema, input validation and output
 * checks) and lets a handler return a task handle.
 */
import { z } from 'zod';
import type { CallToolResult, InputRequiredResult, McpServer, Server, ServerContext, ToolAnnotations } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { UserError } from '../pipeline/index.js';
import { ListParams } from './list-params.js';
import type { TaskRecord } from './tasks/index.js';

/** A Tasks-extension CreateTaskResult: the task's seed state. */
export type CreateTaskResult = Omit<TaskRecord, 'result' | 'error' | 'inputRequests'> & { readonly resultType: 'task' };

/** A result, a task handle, or a question for the client (multi round-trip). */
export type ToolReply = CallToolResult | CreateTaskResult | InputRequiredResult;

export interface ToolDefinition<Input extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Input;
  readonly outputSchema?: z.ZodType;
  readonly annotations: ToolAnnotations;
  readonly handler: (args: z.output<Input>, ctx: ServerContext, server: Server) => Promise<ToolReply>;
}

/** Keeps the handler's argument type tied to its schema. */
export function defineTool<Input extends z.ZodType>(tool: ToolDefinition<Input>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

// The JSON Schema dialect the SDK advertises for its own tools.
const JSON_SCHEMA_TARGET = 'draft-2020-12';

type ObjectJsonSchema = { type: 'object'; [key: string]: unknown };

// Every request's server lists the same schemas: converting them each time was most of the cost of
// creating a server (about 4 ms and 100 KiB of garbage per HTTP request), so each is converted once.
const converted = { input: new WeakMap<z.ZodType, ObjectJsonSchema>(), output: new WeakMap<z.ZodType, ObjectJsonSchema>() };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectJsonSchema {
  let json = converted[io].get(schema);
  if (!json) {
    json = { ...(z.toJSONSchema(schema, { target: JSON_SCHEMA_TARGET, io }) as Record<string, unknown>), type: 'object' };
    converted[io].set(schema, json);
  }
  return json;
}

/** Answers tools/list and tools/call of `mcp` from `tools`. */
export function routeTools(mcp: McpServer, tools: readonly ToolDefinition[]): void {
  const listed = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema, 'input'),
    ...(tool.outputSchema ? { outputSchema: jsonSchema(tool.outputSchema, 'output') } : {}),
    annotations: tool.annotations,
  }));
  const byName = new Map(tools.map((tool, i) => [tool.name, { tool, outputJson: listed[i]?.outputSchema }]));
  mcp.server.setRequestHandler('tools/list', { params: ListParams }, () => ({ tools: listed }));
  mcp.server.setRequestHandler('tools/call', async (request, ctx) => {
    const entry = byName.get(request.params.name);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const reply = await callTool(entry.tool, request.params.arguments ?? {}, ctx, mcp.server);
    // A task handle or a question passes as it is; the SDK checks a question against the client's capabilities.
    if ('resultType' in reply) return reply as unknown as CallToolResult;
    return mcp.server.projectCallToolResult(reply as CallToolResult, entry.outputJson);
  });
}

async function callTool(tool: ToolDefinition, args: unknown, ctx: ServerContext, server: Server): Promise<ToolReply> {
  const parsed = tool.inputSchema.safeParse(args);
  if (!parsed.success) return toolError(`Invalid arguments for tool ${tool.name}: ${z.prettifyError(parsed.error)}`);
  let reply: ToolReply;
  try {
    reply = await tool.handler(parsed.data, ctx, server);
  } catch (error) {
    if (error instanceof UserError) return toolError(error.message);
    throw error;
  }
  if ('resultType' in reply || !tool.outputSchema || reply.isError) return reply;
  const output = tool.outputSchema.safeParse(reply.structuredContent);
  // Our own output failing our own schema is a bug: a protocol error, not a finding.
  if (!output.success) throw new ProtocolError(ProtocolErrorCode.InternalError, `${tool.name} produced invalid output: ${z.prettifyError(output.error)}`);
  return reply;
}

/** A tool result the model reads and can act on (isError: true). */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
