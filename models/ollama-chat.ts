/**
 * @fileoverview The `LlmClient` for a local Ollama server, through the
 * `ollama` JS client. Two things the client does not do are done here: it
 * passes no AbortSignal for non-streaming requests (so a custom `fetch`
 * attaches the caller's signal plus a per-request timeout), and it logs to
 * stdout when an error body is not JSON (so the custom `fetch` reads non-2xx
 * replies itself, keeping stdout clean for the MCP stdio transport).
 */
import { Ollama, type Message, type Tool } from 'ollama';
import { z } from 'zod';
import { ModelError } from './errors.js';
import type { ChatMessage, ChatRequest, ChatResponse, LlmClient, ToolSpec } from './llm-client.js';

export interface OllamaChatOptions {
  /** Full base URL, e.g. from `resolveOllamaHost`. */
  readonly host: string;
  readonly model: string;
  readonly temperature?: number;
  readonly numCtx?: number;
  /** How long Ollama keeps the model loaded, e.g. `"10m"`. */
  readonly keepAlive?: string | number;
  /** Limit for one chat request, including reading the reply. */
  readonly requestTimeoutMs: number;
}

const ReplySchema = z.object({
  message: z.object({
    content: z.string().default(''),
    tool_calls: z
      .array(
        z.object({
          function: z.object({
            name: z.string(),
            arguments: z.union([z.record(z.string(), z.unknown()), z.string()]).default({}),
          }),
        }),
      )
      .optional(),
  }),
  eval_count: z.number().optional(),
});

/** Chats with one model on one Ollama server; see {@link OllamaChatOptions}. */
export class OllamaChatClient implements LlmClient {
  readonly description: string;

  constructor(private readonly options: OllamaChatOptions) {
    this.description = `${options.model} on Ollama at ${options.host}`;
  }

  /** One non-streaming chat turn. Throws {@link ModelError} on every failure. */
  async chat(request: ChatRequest): Promise<ChatResponse> {
    const { host, model, temperature, numCtx, keepAlive } = this.options;
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    // A client per request: its `fetch` is the only place a signal can be attached.
    const client = new Ollama({ host, fetch: (input, init) => this.send(input, { ...init, signal }) });
    let reply: unknown;
    try {
      reply = await client.chat({
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
      });
    } catch (error) {
      throw this.translate(error, request.signal, timeout);
    }
    return this.toChatResponse(reply);
  }

  private async send(input: Parameters<typeof fetch>[0], init: RequestInit): Promise<Response> {
    const response = await fetch(input, init);
    if (!response.ok) throw await this.httpError(response);
    return response;
  }

  private async httpError(response: Response): Promise<ModelError> {
    const { host, model } = this.options;
    const body = await response.text().catch(() => '');
    const ollamaSaid = errorField(body);
    const said = (ollamaSaid ?? body.trim()).slice(0, 300) || response.statusText;
    const details = { host, status: response.status };
    // Only Ollama's JSON error names the model; a plain "404 page not found" is a wrong host or path.
    if (response.status === 404 && ollamaSaid !== undefined && /model.*not found/i.test(ollamaSaid)) {
      return new ModelError(
        'http',
        `model "${model}" is not available on Ollama at ${host}: pull it with \`ollama pull ${model}\` (Ollama said: ${said})`,
        details,
      );
    }
    return new ModelError('http', `Ollama at ${host} answered HTTP ${response.status}: ${said}`, details);
  }

  private translate(error: unknown, callerSignal: AbortSignal | undefined, timeout: AbortSignal): ModelError {
    const { host, model, requestTimeoutMs } = this.options;
    if (error instanceof ModelError) return error;
    // The signals say why a fetch was aborted more reliably than the error does.
    if (callerSignal?.aborted) {
      return new ModelError('aborted', `the request to ${model} on Ollama at ${host} was cancelled`, { host, cause: error });
    }
    if (timeout.aborted) {
      return new ModelError('timeout', `${model} on Ollama at ${host} did not answer within ${requestTimeoutMs} ms`, {
        host,
        cause: error,
      });
    }
    if (error instanceof TypeError) {
      const hint = 'is Ollama running? start it with `ollama serve` or set model.host';
      return new ModelError('unreachable', `Ollama is not reachable at ${host} (${connectionProblem(error)}): ${hint}`, {
        host,
        cause: error,
      });
    }
    const detail = error instanceof Error ? error.message : String(error);
    return new ModelError('invalid-response', `Ollama at ${host} sent an unreadable reply: ${detail}`, { host, cause: error });
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
    const { message, eval_count: evalCount } = parsed.data;
    return {
      message: {
        role: 'assistant',
        content: message.content,
        ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
      },
      ...(evalCount !== undefined ? { evalCount } : {}),
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
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function toOllamaTool(tool: ToolSpec): Tool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

function errorField(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isRecord(parsed) && typeof parsed['error'] === 'string' ? parsed['error'] : undefined;
  } catch {
    return undefined;
  }
}

/** "connection refused" and friends, from undici's `fetch failed` cause. */
function connectionProblem(error: TypeError): string {
  const cause: unknown = error.cause;
  const code = codeOf(cause) ?? (cause instanceof AggregateError ? codeOf(cause.errors[0]) : undefined);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
      return 'connection timed out';
    default:
      return cause instanceof Error ? cause.message : error.message;
  }
}

function codeOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value['code'] === 'string' ? value['code'] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
