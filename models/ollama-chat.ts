/**
 * @fileoverview The `LlmClient` for a local Ollama server, through the
 * `ollama` JS client. The HTTP plumbing (signal and timeout, reading error
 * replies without the client's stdout logging, failure messages) is shared
 * with the Ollama embedder in ollama-http.ts; this file maps chat messages
 * and tools to Ollama's shapes and checks the reply.
 */
import type { Message, Tool } from 'ollama';
import { z } from 'zod';
import { ModelError } from './errors.js';
import { callOllama } from './ollama-http.js';
import { assertHostAllowed } from './ollama-host.js';
import type { ChatMessage, ChatRequest, ChatResponse, LlmClient, ToolSpec } from './llm-client.js';

/** Which model to chat with on which server, and the request settings sent with every turn. */
interface OllamaChatOptions {
  /** Full base URL, e.g. from `resolveOllamaHost`. */
  readonly host: string;
  readonly model: string;
  readonly temperature?: number;
  readonly numCtx?: number;
  /** How long Ollama keeps the model loaded, e.g. `"10m"`. */
  readonly keepAlive?: string | number;
  /** Limit for one chat request, including reading the reply. */
  readonly requestTimeoutMs: number;
  /** Further attempts after a transient failure (see `callOllama`); default 0. */
  readonly retries?: number;
  /** Send code to a host that is not this machine; default false (the constructor refuses it). */
  readonly allowRemoteHost?: boolean;
}

/** A tool call's arguments as Ollama accepts them: a JSON object, never an array. */
const ArgumentsSchema = z.record(z.string(), z.unknown());

const ReplySchema = z.object({
  message: z.object({
    content: z.string().default(''),
    tool_calls: z
      .array(
        z.object({
          function: z.object({
            name: z.string(),
            arguments: z.union([ArgumentsSchema, z.string()]).default({}),
          }),
        }),
      )
      .optional(),
  }),
  prompt_eval_count: z.number().optional(),
  eval_count: z.number().optional(),
});

/** Chats with one model on one Ollama server; see {@link OllamaChatOptions}. */
export class OllamaChatClient implements LlmClient {
  readonly description: string;

  /** Throws `RemoteHostRefusedError` for a host off this machine unless `allowRemoteHost` is set. */
  constructor(private readonly options: OllamaChatOptions) {
    assertHostAllowed(options.host, options.allowRemoteHost ?? false);
    this.description = `${options.model} on Ollama at ${options.host}`;
  }

  /** One non-streaming chat turn. Throws {@link ModelError} on every failure. */
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const { host, model, temperature, numCtx, keepAlive, requestTimeoutMs, retries } = this.options;
    const call = { host, model, timeoutMs: requestTimeoutMs, signal: request.signal, retries: retries ?? 0 };
    const reply = await callOllama(call, (client) =>
      client.chat({
        model,
        messages: request.messages.map(toOllamaMessage),
        ...(request.tools?.length ? { tools: request.tools.map(toOllamaTool) } : {}),
        ...(request.format !== undefined ? { format: request.format } : {}),
        ...(keepAlive !== undefined ? { keep_alive: keepAlive } : {}),
        options: {
          ...(temperature !== undefined ? { temperature } : {}),
          ...(numCtx !== undefined ? { num_ctx: numCtx } : {}),
        },
        stream: false,
      }),
    );
    return this.toChatResponse(reply);
  }

  private toChatResponse(reply: unknown): ChatResponse {
    const parsed = ReplySchema.safeParse(reply);
    if (!parsed.success) {
      const { host } = this.options;
      throw new ModelError('invalid-response', `Ollama at ${host} sent a reply without a chat message`, {
        host,
        cause: parsed.error,
      });
    }
    const { message, eval_count: evalCount, prompt_eval_count: promptEvalCount } = parsed.data;
    return {
      message: {
        role: 'assistant',
        content: message.content,
        ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
      },
      ...(evalCount !== undefined ? { evalCount } : {}),
      ...(promptEvalCount !== undefined ? { promptEvalCount } : {}),
    };
  }
}

function toOllamaMessage(message: ChatMessage): Message {
  return {
    role: message.role,
    content: message.content,
    ...(message.tool_calls?.length
      ? {
          tool_calls: message.tool_calls.map((call) => ({
            function: { name: call.function.name, arguments: argumentsObject(call.function.arguments) },
          })),
        }
      : {}),
    ...(message.tool_name !== undefined ? { tool_name: message.tool_name } : {}),
  };
}

/** Ollama only accepts an object here; a model may have produced a JSON string. */
function argumentsObject(value: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof value !== 'string') return value;
  try {
    return ArgumentsSchema.safeParse(JSON.parse(value)).data ?? {};
  } catch {
    return {};
  }
}

function toOllamaTool(tool: ToolSpec): Tool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}
