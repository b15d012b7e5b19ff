/**
 * @fileoverview The bounded tool-using review loop for one file. The model
 * searches for similar code through the index port and judges the
 * candidates; the loop bounds turns and time, repairs one bad answer with
 * structured output, and turns every failure of the model into an
 * `incomplete` result with a reason a person can act on.
 */
import { ModelError, type ModelErrorKind } from '../../../models/errors.js';
import type { ChatMessage, LlmClient, ToolCall } from '../../../models/llm-client.js';
import { raceAbort } from './abort.js';
import { MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer, type AnswerFinding, type AnswerParse, type ModelRule } from './answer.js';
import { buildRepairMessage, buildSystemPrompt, buildUserMessage } from './prompt.js';
import { extractTextToolCalls } from './text-tool-calls.js';
import { SEARCH_TOOL, SearchToolRunner, type AgentCandidate, type CandidateSource } from './tools.js';

export const DEFAULT_MAX_TURNS = 6;

export interface ModelReviewOptions {
  readonly llm: LlmClient;
  readonly candidates: CandidateSource;
  /** The reviewed file: workspace-relative path and full text. */
  readonly file: { readonly path: string; readonly text: string };
  /** Model calls before giving up; the repair turn may exceed it by one. */
  readonly maxTurns?: number;
  /** Budget for the whole run: every model call and every search. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** A finding the model made; `file` is always the reviewed file. */
export interface ModelFinding {
  readonly file: string;
  readonly rule: ModelRule;
  readonly severity: AnswerFinding['severity'];
  readonly message: string;
  readonly line?: number;
  readonly symbol?: string;
  /** The existing code a duplicate points at, as the model named it. */
  readonly related?: { readonly file: string; readonly line?: number; readonly symbol?: string };
}

interface RunStats {
  /** Model calls made. */
  readonly turns: number;
  /** Tool calls the model asked for, valid or not. */
  readonly toolCalls: number;
  /**
   * Every candidate the index returned during the run, once each. A reported
   * duplicate should name one of these; anything else the model invented.
   */
  readonly seenCandidates: readonly AgentCandidate[];
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
  private readonly messages: ChatMessage[];
  private readonly tools: SearchToolRunner;
  private readonly seen = new Map<string, AgentCandidate>();
  private readonly maxTurns: number;
  private turns = 0;
  private toolCalls = 0;

  constructor(
    private readonly options: ModelReviewOptions,
    private readonly signal: AbortSignal,
  ) {
    this.tools = new SearchToolRunner(options.candidates);
    this.maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
    this.messages = [
      { role: 'system', content: buildSystemPrompt() },
      { role: 'user', content: buildUserMessage(options.file) },
    ];
  }

  async converse(): Promise<ModelReviewResult> {
    while (this.turns < this.maxTurns) {
      const reply = await this.chat(false);
      const native = reply.tool_calls ?? [];
      const text = native.length > 0 ? undefined : extractTextToolCalls(reply.content);
      const calls = native.length > 0 ? native : (text?.calls ?? []);
      if (calls.length === 0) return this.finish(reply.content);
      // Text-form calls are recorded as native ones so the chat template renders them as calls.
      this.messages.push({ role: 'assistant', content: text?.rest ?? reply.content, tool_calls: calls });
      await this.runTools(calls);
    }
    return this.incomplete(`no verdict after ${this.maxTurns} turns`);
  }

  incomplete(reason: string, cause?: ModelErrorKind): ModelReviewResult {
    return { status: 'incomplete', reason, ...(cause ? { cause } : {}), ...this.stats() };
  }

  private async chat(repair: boolean): Promise<ChatMessage> {
    this.signal.throwIfAborted();
    this.turns++;
    const request = repair
      ? { messages: [...this.messages], format: MODEL_ANSWER_JSON_SCHEMA, signal: this.signal }
      : { messages: [...this.messages], tools: [SEARCH_TOOL], signal: this.signal };
    const response = await raceAbort(this.options.llm.chat(request), this.signal);
    return response.message;
  }

  private async runTools(calls: readonly ToolCall[]): Promise<void> {
    for (const call of calls) {
      this.toolCalls++;
      const outcome = await raceAbort(this.tools.execute(call), this.signal);
      for (const candidate of outcome.candidates) this.seen.set(candidate.id, candidate);
      this.messages.push({ role: 'tool', content: outcome.content, tool_name: outcome.toolName });
    }
  }

  /** Accepts the answer, or asks once more with the answer schema enforced. */
  private async finish(content: string): Promise<ModelReviewResult> {
    const first = parseModelAnswer(content);
    if (first.ok) return this.completed(first.findings);
    // The repair is a turn like any other: the turn limit is a promise to the host.
    if (this.turns >= this.maxTurns) return this.incomplete(`${describeBadAnswer(first)} (no turn left to repair it)`);
    this.messages.push({ role: 'assistant', content });
    this.messages.push({ role: 'user', content: buildRepairMessage(first.error) });
    const repaired = await this.chat(true);
    if (repaired.tool_calls?.length) {
      return this.incomplete('the model called a tool again instead of giving its JSON answer');
    }
    const second = parseModelAnswer(repaired.content);
    return second.ok ? this.completed(second.findings) : this.incomplete(describeBadAnswer(second));
  }

  private completed(found: readonly AnswerFinding[]): ModelReviewResult {
    const { path, text } = this.options.file;
    const lineCount = text.split(/\r?\n/).length;
    const inFile = (line: number | null | undefined): line is number => typeof line === 'number' && line <= lineCount;
    const findings = found.map((f): ModelFinding => {
      const related = f.related
        ? {
            file: f.related.file,
            ...(typeof f.related.line === 'number' ? { line: f.related.line } : {}),
            ...(f.related.symbol ? { symbol: f.related.symbol } : {}),
          }
        : undefined;
      // The file is ours, not the model's: it may only talk about the reviewed file.
      return {
        file: path,
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        ...(inFile(f.line) ? { line: f.line } : {}),
        ...(f.symbol ? { symbol: f.symbol } : {}),
        ...(related ? { related } : {}),
      };
    });
    return { status: 'completed', findings, ...this.stats() };
  }

  private stats(): RunStats {
    return { turns: this.turns, toolCalls: this.toolCalls, seenCandidates: [...this.seen.values()] };
  }
}

function describeBadAnswer(answer: Extract<AnswerParse, { ok: false }>): string {
  return answer.problem === 'not-json'
    ? `the model's answer was not valid JSON: ${answer.error}`
    : `the model's answer did not match the findings schema: ${answer.error}`;
}

/** Why the run stopped; the budget and the caller's signal win over what the call reported. */
function failureReason(error: unknown, options: ModelReviewOptions, budget: AbortSignal): string {
  if (budget.aborted) return `model stage exceeded its ${options.timeoutMs} ms budget`;
  if (options.signal?.aborted) return 'the model review was cancelled';
  if (error instanceof ModelError) return error.message;
  const detail = error instanceof Error ? error.message : String(error);
  return `the model call to ${options.llm.description} failed: ${detail}`;
}
