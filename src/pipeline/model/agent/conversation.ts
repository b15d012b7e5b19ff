/**
 * @fileoverview One bounded conversation with the model about one file, or
 * one part of it (see loop.ts): the file, the index's candidates for its
 * declarations (one round instead of one search per function), and tools
 * to search and read more; turns, tool calls, time and the context window
 * are bounded. The last turn offers no tools and is constrained to the
 * answer schema, so the conversation ends with a verdict; a bad answer
 * earlier is repaired the same way. A server fault that follows the
 * conversation is retried once with it shortened.
 */
import type { ChatMessage, ChatRequest, ChatResponse, LlmClient, ToolCall } from '../../../../models/llm-client.js';
import { raceAbort } from './abort.js';
import { MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer, stripThinking, type AnswerFinding } from './answer.js';
import { estimateTokens, fitsWindow, overflowed } from './context-window.js';
import type { DeclarationSpan } from './file-parts.js';
import {
  buildCandidatesMessage,
  buildFinalMessage,
  buildRepairMessage,
  buildShortenedMessage,
  buildSystemPrompt,
  buildUserMessage,
  type PromptPart,
} from './prompt.js';
import { describeBadAnswer, isConversationFault, stopReason } from './stop-reasons.js';
import { extractTextToolCalls } from './text-tool-calls.js';
import { AGENT_TOOLS } from './tool-specs.js';
import { DEFAULT_MAX_TOOL_CALLS, DEFAULT_MAX_TURNS } from './limits.js';
import { ToolRunner, type CandidateSource } from './tools.js';
import { Transcript, type TranscriptSink } from './transcript.js';
import { verifyFindings, type ModelFinding } from './verify.js';

export interface ModelReviewOptions {
  readonly llm: LlmClient;
  readonly candidates: CandidateSource;
  /** The reviewed file: workspace-relative path and full text. */
  readonly file: { readonly path: string; readonly text: string };
  /** The file's declarations: where a file too long for one conversation may be cut into parts. */
  readonly declarations?: readonly DeclarationSpan[];
  /** Model calls before giving up; the last one offers no tools. A retry after a server fault may exceed it by one. */
  readonly maxTurns?: number;
  /** Tool calls (valid or not) the model may make in this run. */
  readonly maxToolCalls?: number;
  /** Budget for the whole run: every model call and every tool call. */
  readonly timeoutMs: number;
  /** `model.timeoutMs`, the budget of the review's whole model stage, named when the run exceeds what was left of it. */
  readonly reviewBudgetMs?: number;
  /** Hand the index's candidates for every declaration in the first turn (default true). */
  readonly firstTurnCandidates?: boolean;
  readonly signal?: AbortSignal;
  /** Hears "loading <model> (first use, estimated ~N s)" while the run waits for the model's load. */
  readonly onModelLoading?: (status: string) => void;
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
      /** Set when a model call failed and the next file would fail the same way (see `ModelError.affectsEveryFile`). */
      readonly affectsEveryFile?: boolean;
      /** What the model found in the parts of the file it did judge (a file reviewed in parts). */
      readonly findings?: readonly ModelFinding[];
    });

type Incomplete = Extract<ModelReviewResult, { status: 'incomplete' }>;

/** Candidates per declaration handed in with the first turn. */
const FIRST_TURN_PER_DECLARATION = 3;

const CUT_OFF = 'your answer was cut off at the length limit';

/** The run cannot judge this file; the message says why. Thrown inside the loop, returned as `incomplete`. */
class NotJudged extends Error {}

export function systemMessage(options: Pick<ModelReviewOptions, 'maxToolCalls' | 'maxTurns'>): ChatMessage {
  const maxToolCalls = options.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
  return { role: 'system', content: buildSystemPrompt({ maxToolCalls, maxTurns: options.maxTurns ?? DEFAULT_MAX_TURNS }) };
}

export function tooLarge(options: ModelReviewOptions, tokens: number, window: number | undefined): string {
  return (
    `${options.file.path} does not fit the model's context window: about ${tokens} tokens with the instructions, ` +
    `and the window is ${window} (model.numCtx, capped at the model's context length), so the model did not judge it`
  );
}

/** One conversation about the file, or about one part of it. */
export class ReviewRun {
  private readonly messages: ChatMessage[] = [];
  private readonly tools: ToolRunner;
  private readonly maxTurns: number;
  private readonly transcript: Transcript;
  private readonly started = Date.now();
  private turns = 0;
  private promptTokens = 0;
  private outputTokens = 0;
  /** Messages before the tool exchanges: kept when the conversation is shortened. */
  private prefixLength = 0;
  /** Candidates handed in with the first turn; undefined when none were looked up. */
  private handedIn: number | undefined;
  private shortened = false;
  /** The last reply stopped at the length limit. */
  private lastReplyCut = false;

  constructor(
    private readonly options: ModelReviewOptions,
    private readonly signal: AbortSignal,
    private readonly budget: AbortSignal,
    /** The model's context window; undefined when the client does not say. */
    private readonly window: number | undefined,
    private readonly part?: PromptPart,
  ) {
    const maxToolCalls = options.maxToolCalls ?? DEFAULT_MAX_TOOL_CALLS;
    this.tools = new ToolRunner(options.candidates, maxToolCalls);
    this.maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
    this.transcript = new Transcript(options.file.path, options.transcript);
  }

  /** The conversation's outcome; every failure becomes `incomplete`. */
  async run(): Promise<ModelReviewResult> {
    try {
      return await this.converse();
    } catch (error) {
      if (error instanceof NotJudged) return this.incomplete(error.message);
      const { reason, affectsEveryFile } = stopReason(error, this.options, this.budget, this.shortened);
      return this.incomplete(reason, affectsEveryFile);
    }
  }

  private async converse(): Promise<ModelReviewResult> {
    this.add(systemMessage(this.options));
    this.add({ role: 'user', content: buildUserMessage(this.options.file, this.part) });
    await this.handInCandidates();
    this.prefixLength = this.messages.length;
    while (this.turns < this.maxTurns - 1) {
      const tools = this.tools.exhausted ? undefined : AGENT_TOOLS;
      // A conversation grown past the window is shortened and asked for its answer.
      if (!this.fits(this.messages, tools)) return this.shortenAndAnswer();
      let reply: ChatMessage;
      try {
        reply = await this.chat({ messages: [...this.messages], ...(tools ? { tools } : {}) });
      } catch (error) {
        if (!isConversationFault(error) || this.shortened) throw error;
        this.transcript.note(`the server failed on this conversation (${error.message}); shortening it and asking for the answer once more`);
        return this.shortenAndAnswer();
      }
      const native = reply.tool_calls ?? [];
      // Reasoning is not an answer: a call the model only thought about is not made.
      const text = native.length > 0 ? undefined : extractTextToolCalls(stripThinking(reply.content));
      const calls = native.length > 0 ? native : (text?.calls ?? []);
      if (calls.length === 0) return this.finish(reply.content);
      // Text-form calls are recorded as native ones so the chat template renders them as calls.
      this.messages.push({ role: 'assistant', content: text?.rest ?? reply.content, tool_calls: calls });
      await this.runTools(calls);
    }
    return this.answerTurn(buildFinalMessage(this.turns + 1, this.maxTurns), 'final');
  }

  private incomplete(reason: string, affectsEveryFile?: boolean): Incomplete {
    this.transcript.note(`stopped: ${reason}`);
    return { status: 'incomplete', reason, ...(affectsEveryFile ? { affectsEveryFile } : {}), ...this.stats() };
  }

  private add(message: ChatMessage): void {
    this.messages.push(message);
    this.transcript.sent(message);
  }

  /** The index's candidates for the whole file (or this part), as many as fit the window, so one round can judge them. */
  private async handInCandidates(): Promise<void> {
    const { candidates, file } = this.options;
    if (this.options.firstTurnCandidates === false || !candidates.overview) return;
    let shown = [...(await raceAbort(candidates.overview(FIRST_TURN_PER_DECLARATION, this.part), this.signal))];
    this.handedIn = 0;
    while (shown.length > 0) {
      const message: ChatMessage = { role: 'user', content: buildCandidatesMessage(file.path, this.tools.describe(shown), this.part) };
      if (this.fits([...this.messages, message], AGENT_TOOLS)) {
        this.add(message);
        this.tools.remember(shown);
        this.handedIn = shown.length;
        return;
      }
      shown = shown.slice(0, Math.floor(shown.length / 2));
    }
  }

  private fits(messages: readonly ChatMessage[], tools: ChatRequest['tools']): boolean {
    return this.window === undefined || fitsWindow(estimateTokens(messages, tools), this.window);
  }


  /** One model call; tokens are counted, and a reply that shows the prompt overflowed ends the run. */
  private async chat(request: Omit<ChatRequest, 'signal'>): Promise<ChatMessage> {
    this.signal.throwIfAborted();
    this.turns++;
    const response: ChatResponse = await raceAbort(this.options.llm.chat({ ...request, signal: this.signal }), this.signal);
    this.promptTokens += response.promptEvalCount ?? 0;
    this.outputTokens += response.evalCount ?? 0;
    this.transcript.received(this.turns, response);
    this.lastReplyCut = response.cut ?? false;
    if (this.window !== undefined && overflowed(response.promptEvalCount, this.window)) {
      const estimate = estimateTokens(request.messages, request.tools);
      throw new NotJudged(
        `${this.options.file.path} was not fully seen: Ollama read ${response.promptEvalCount} prompt tokens in a ${this.window}-token window ` +
          `(estimated ${estimate}), so the start of the conversation was probably cut; raise model.numCtx (up to the model's context length)`,
      );
    }
    return response.message;
  }

  private async runTools(calls: readonly ToolCall[]): Promise<void> {
    for (const call of calls) {
      const outcome = await raceAbort(this.tools.execute(call), this.signal);
      this.add({ role: 'tool', content: outcome.content, tool_name: outcome.toolName });
    }
  }

  /**
   * Accepts the answer, or asks once more with the answer schema enforced.
   * After an empty reply, a forced "no findings" is no judgement (the
   * schema admits nothing else): the file stays unjudged, and the index's
   * "similar, not judged" notes with it. Findings it then names count.
   */
  private async finish(content: string): Promise<ModelReviewResult> {
    const first = parseModelAnswer(content);
    if (first.ok) return this.completed(first.findings);
    this.messages.push({ role: 'assistant', content });
    const empty = stripThinking(content).trim() === '';
    return this.answerTurn(buildRepairMessage(this.lastReplyCut ? `${CUT_OFF}, so keep it short: ${first.error}` : first.error), 'repair', empty);
  }

  /** The tool exchanges replaced by what they found, then the answer asked for. */
  private async shortenAndAnswer(): Promise<ModelReviewResult> {
    this.shortened = true;
    this.messages.splice(this.prefixLength);
    const found = this.tools.seenCandidates.slice(this.handedIn ?? 0);
    if (found.length > 0) this.add({ role: 'user', content: buildShortenedMessage(this.tools.describe(found)) });
    return this.answerTurn(buildFinalMessage(this.turns + 1, this.maxTurns), 'final');
  }

  /** A turn without tools whose reply must match the answer schema: the last turn, or the repair of a bad answer. */
  private async answerTurn(request: string, why: 'final' | 'repair', afterEmpty = false): Promise<ModelReviewResult> {
    this.add({ role: 'user', content: request });
    if (!this.fits(this.messages, undefined)) throw new NotJudged(tooLarge(this.options, estimateTokens(this.messages), this.window));
    let reply: ChatMessage;
    try {
      reply = await this.chat({ messages: [...this.messages], format: MODEL_ANSWER_JSON_SCHEMA });
    } catch (error) {
      if (!isConversationFault(error) || this.shortened) throw error;
      this.transcript.note(`the server failed on this conversation (${error.message}); shortening it and asking once more`);
      return this.shortenAndAnswer();
    }
    const ending = why === 'final' ? `no verdict after ${this.turns} turns: ` : '';
    if (reply.tool_calls?.length) return this.incomplete(`${ending}the model called a tool again instead of giving its JSON answer`);
    const answer = parseModelAnswer(reply.content);
    if (answer.ok && afterEmpty && answer.findings.length === 0) {
      return this.incomplete('the model answered nothing, then, made to answer in the JSON schema, only "no findings": no judgement');
    }
    if (answer.ok) return this.completed(answer.findings);
    // A reply cut at the limit is not a malformed one: say which, so the fix (a shorter answer, a larger window) is clear.
    const cut = this.lastReplyCut ? `the model's reply was cut off at its length limit (Ollama's done_reason "length"): ` : '';
    return this.incomplete(`${ending}${cut}${describeBadAnswer(answer)}`);
  }

  /** The verdict, unless the model judged nothing it was shown although the index had candidates. */
  private async completed(found: readonly AnswerFinding[]): Promise<ModelReviewResult> {
    if (found.length === 0 && this.tools.searchCount === 0 && !this.handedIn) {
      const overview = this.handedIn === undefined ? this.options.candidates.overview : undefined;
      const had = overview ? (await raceAbort(overview(1, this.part), this.signal)).length : 0;
      if (had > 0) {
        return this.incomplete(
          `the model searched nothing and named nothing, although the index has candidates for ${had} declaration(s) of this file: it did not judge them`,
        );
      }
    }
    const findings = verifyFindings(found, this.options.file, (ref) => this.tools.shownCandidate(ref));
    return { status: 'completed', findings, ...this.stats() };
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
