/**
 * @fileoverview The bounded tool-using review loop for one file. The model
 * searches for similar code through the index port and judges the
 * candidates; the loop bounds turns, tool calls and time, repairs one bad
 * answer with structured output, and turns every failure of the model into
 * an `incomplete` result with a reason a person can act on.
 */
import { ModelError, type ModelErrorKind } from '../../../models/errors.js';
import type { ChatMessage, ChatRequest, LlmClient, ToolCall } from '../../../models/llm-client.js';
import { plainText } from '../plain-text.js';
import { raceAbort } from './abort.js';
import { MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer, stripThinking, type AnswerFinding, type AnswerParse } from './answer.js';
import { buildRepairMessage, buildSystemPrompt, buildUserMessage } from './prompt.js';
import { extractTextToolCalls } from './text-tool-calls.js';
import { AGENT_TOOLS } from './tool-specs.js';
import { DEFAULT_MAX_TOOL_CALLS, DEFAULT_MAX_TURNS } from './limits.js';
import { ToolRunner, type CandidateSource } from './tools.js';
import { Transcript, type TranscriptSink } from './transcript.js';
import { verifyFindings, type ModelFinding } from './verify.js';


interface ModelReviewOptions {
  readonly llm: LlmClient;
  readonly candidates: CandidateSource;
  /** The reviewed file: workspace-relative path and full text. */
  readonly file: { readonly path: string; readonly text: string };
  /** Model calls before giving up; the repair turn may exceed it by one. */
  readonly maxTurns?: number;
  /** Tool calls (valid or not) the model may make in this run. */
  readonly maxToolCalls?: number;
  /** Budget for the whole run: every model call and every tool call. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  /** Receives the transcript (for `--verbose` and the debug log). */
  readonly transcript?: TranscriptSink;
}

/** What a run used, reported in the review summary. */
export interface RunStats {
  /** Model calls made. */
  readonly turns: number;
  /** Tool calls the model asked for, valid or not. */
  readonly toolCalls: number;
  /** Prompt and output tokens, as Ollama counted them (0 when it did not say). */
  readonly promptTokens: number;
  readonly outputTokens: number;
  readonly elapsedMs: number;
}

export type ModelReviewResult =
  | (RunStats & { readonly status: 'completed'; readonly findings: readonly ModelFinding[] })
  | (RunStats & {
      readonly status: 'incomplete';
      readonly reason: string;
      /** Set when a model call failed: lets the caller stop asking an unreachable model. */
      readonly cause?: ModelErrorKind;
    });

/** Runs the review loop; never throws for a misbehaving or unreachable model. */
export async function runModelReview(options: ModelReviewOptions): Promise<ModelReviewResult> {
  const budget = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, budget]) : budget;
  const run = new ReviewRun(options, signal);
  try {
    return await run.converse();
  } catch (error) {
    const cause = error instanceof ModelError && !budget.aborted ? error.kind : undefined;
    return run.incomplete(failureReason(error, options, budget), cause);
  }
}

class ReviewRun {
  private readonly messages: ChatMessage[] = [];
  private readonly tools: ToolRunner;
  private readonly maxTurns: number;
  private readonly transcript: Transcript;
  private readonly started = Date.now();
  private turns = 0;
  private promptTokens = 0;
  private outputTokens = 0;

  constructor(
    private readonly options: ModelReviewOptions,
    private readonly signal: AbortSignal,
  ) {
    const maxToolCalls = options.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
    this.tools = new ToolRunner(options.candidates, maxToolCalls);
    this.maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
    this.transcript = new Transcript(options.file.path, options.transcript);
    this.add({ role: 'system', content: buildSystemPrompt({ maxToolCalls }) });
    this.add({ role: 'user', content: buildUserMessage(options.file) });
  }

  async converse(): Promise<ModelReviewResult> {
    while (this.turns < this.maxTurns) {
      const reply = await this.chat(false);
      const native = reply.tool_calls ?? [];
      // Reasoning is not an answer: a call the model only thought about is not made.
      const text = native.length > 0 ? undefined : extractTextToolCalls(stripThinking(reply.content));
      const calls = native.length > 0 ? native : (text?.calls ?? []);
      if (calls.length === 0) return this.finish(reply.content);
      // Text-form calls are recorded as native ones so the chat template renders them as calls.
      this.messages.push({ role: 'assistant', content: text?.rest ?? reply.content, tool_calls: calls });
      await this.runTools(calls);
    }
    return this.incomplete(`no verdict after ${this.maxTurns} turns`);
  }

  incomplete(reason: string, cause?: ModelErrorKind): ModelReviewResult {
    this.transcript.note(`stopped: ${reason}`);
    return { status: 'incomplete', reason, ...(cause ? { cause } : {}), ...this.stats() };
  }

  private add(message: ChatMessage): void {
    this.messages.push(message);
    this.transcript.sent(message);
  }

  /** One model call; tools are offered until the tool budget is spent, never on the repair turn. */
  private async chat(repair: boolean): Promise<ChatMessage> {
    this.signal.throwIfAborted();
    this.turns++;
    const request: ChatRequest = repair
      ? { messages: [...this.messages], format: MODEL_ANSWER_JSON_SCHEMA, signal: this.signal }
      : { messages: [...this.messages], ...(this.tools.exhausted ? {} : { tools: AGENT_TOOLS }), signal: this.signal };
    const response = await raceAbort(this.options.llm.chat(request), this.signal);
    this.promptTokens += response.promptEvalCount ?? 0;
    this.outputTokens += response.evalCount ?? 0;
    this.transcript.received(this.turns, response);
    return response.message;
  }

  private async runTools(calls: readonly ToolCall[]): Promise<void> {
    for (const call of calls) {
      const outcome = await raceAbort(this.tools.execute(call), this.signal);
      this.add({ role: 'tool', content: outcome.content, tool_name: outcome.toolName });
    }
  }

  /** Accepts the answer, or asks once more with the answer schema enforced. */
  private async finish(content: string): Promise<ModelReviewResult> {
    const first = parseModelAnswer(content);
    if (first.ok) return this.completed(first.findings);
    // The repair is a turn like any other: the turn limit is a promise to the host.
    if (this.turns >= this.maxTurns) return this.incomplete(`${describeBadAnswer(first)} (no turn left to repair it)`);
    this.messages.push({ role: 'assistant', content });
    this.add({ role: 'user', content: buildRepairMessage(first.error) });
    const repaired = await this.chat(true);
    if (repaired.tool_calls?.length) {
      return this.incomplete('the model called a tool again instead of giving its JSON answer');
    }
    const second = parseModelAnswer(repaired.content);
    return second.ok ? this.completed(second.findings) : this.incomplete(describeBadAnswer(second));
  }

  private completed(found: readonly AnswerFinding[]): ModelReviewResult {
    return { status: 'completed', findings: verifyFindings(found, this.options.file), ...this.stats() };
  }

  private stats(): RunStats {
    return {
      turns: this.turns,
      toolCalls: this.tools.callCount,
      promptTokens: this.promptTokens,
      outputTokens: this.outputTokens,
      elapsedMs: Date.now() - this.started,
    };
  }
}

function describeBadAnswer(answer: Extract<AnswerParse, { ok: false }>): string {
  // JSON.parse quotes the text it stopped at: the model's own characters.
  const error = plainText(answer.error);
  return answer.problem === 'not-json'
    ? `the model's answer was not valid JSON: ${error}`
    : `the model's answer did not match the findings schema: ${error}`;
}

/** Why the run stopped; the budget and the caller's signal win over what the call reported. */
function failureReason(error: unknown, options: ModelReviewOptions, budget: AbortSignal): string {
  if (budget.aborted) return `model stage exceeded its ${options.timeoutMs} ms budget`;
  if (options.signal?.aborted) return 'the model review was cancelled';
  if (error instanceof ModelError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `the model call to ${options.llm.description} failed: ${detail}`;
}
