/**
 * @fileoverview The chat-model port the reviewer loop talks to. The Ollama
 * client implements it; tests script it through a fake Ollama server.
 */

export interface ToolCall {
  readonly function: {
    readonly name: string;
    /** Models sometimes send a JSON string instead of an object. */
    readonly arguments: Record<string, unknown> | string;
  };
}

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly tool_calls?: readonly ToolCall[];
  /** On `tool` messages: which tool produced this content. */
  readonly tool_name?: string;
}

/** A tool offered to the model, in Ollama's function-calling shape. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Record<string, unknown>;
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools?: readonly ToolSpec[];
  /** `"json"` or a JSON Schema for structured output. */
  readonly format?: 'json' | Record<string, unknown>;
  readonly signal?: AbortSignal;
}

export interface ChatResponse {
  readonly message: ChatMessage;
  /** Tokens the model generated for this turn, when the server says. */
  readonly evalCount?: number;
  /** Tokens of the prompt the model read for this turn (Ollama's `prompt_eval_count`), when the server says. */
  readonly promptEvalCount?: number;
  /** The reply stopped at the length limit (Ollama's `done_reason: "length"`): it is cut short. */
  readonly cut?: boolean;
}

/** What a review needs to know about the model before its first turn. */
export interface ModelReadiness {
  /** The context window every request gets (`num_ctx`), in tokens: what a conversation must fit in. */
  readonly contextWindow: number;
}

export interface LlmClient {
  /** Where the model runs and which model it is, for messages. */
  readonly description: string;
  /**
   * Resolves once the model is loaded and able to review, with its context
   * window. Throws `ModelError`: `loading` when `signal` ends before the
   * load does (the load goes on, for the next review), `unsupported` for a
   * model that cannot call tools, `unreachable`, or a missing model.
   * `onLoading` hears "loading <model> (first use, estimated ~N s)" when a load
   * starts or is under way. Absent: the client needs no preparing and sets no window.
   */
  prepare?(signal?: AbortSignal, onLoading?: (status: string) => void): Promise<ModelReadiness>;
  chat(request: ChatRequest): Promise<ChatResponse>;
  /**
   * What went differently than asked since the last call, once each (a
   * server whose `/api/show` is missing): for the review's summary notices.
   */
  takeNotices?(): string[];
}
