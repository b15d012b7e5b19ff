/**
 * @fileoverview How the reviewer model's tool calls are executed for one
 * review. Small models call tools badly (unknown names, arguments as a JSON
 * string or of the wrong shape, the same call again and again, no end of
 * calls), so every mistake gets a short corrective tool message instead of
 * an error, and the calls of one review are budgeted.
 */
import type { ZodType } from 'zod';
import type { ToolCall } from '../../../../models/llm-client.js';
import type { LineRange } from './file-parts.js';
import { DEFAULT_MAX_TOOL_CALLS } from './limits.js';
import { formatCandidates, formatCode } from './tool-text.js';
import {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  READ_TOOL_NAME,
  ReadArgsSchema,
  SearchArgsSchema,
  TOOL_USAGE,
  type SearchArgs,
} from './tool-specs.js';

/** Existing code the index proposes as possibly equivalent. */
export interface AgentCandidate {
  /** Stable id of the indexed chunk. */
  readonly id: string;
  /** Workspace-relative path. */
  readonly file: string;
  readonly symbol: string;
  readonly startLine: number;
  readonly endLine: number;
  /** Similarity of shape in [0, 1]; higher is more similar. */
  readonly score: number;
  /** Agreement of what the code is about (calls, members, types, literals, words) in [0, 1], when the evidence search found it. */
  readonly evidence?: number;
  readonly snippet: string;
  /** The snippet is cut short of the candidate's full source. */
  readonly snippetTruncated: boolean;
}

/** What to search for: a declaration of the reviewed file by name, or a piece of code. */
export type CandidateQuery = { readonly symbol: string } | { readonly code: string };

/** A candidate's code as indexed; `changed` (and no text) when its file changed since. */
export interface CodeText {
  readonly text: string;
  readonly changed: boolean;
}

/** The port to the similarity index; the pipeline adapts the indexer to it. */
export interface CandidateSource {
  /** Throws {@link ToolInputError} when the query names nothing (e.g. an unknown symbol). */
  search(query: CandidateQuery, limit: number): Promise<readonly AgentCandidate[]>;
  /** The code of an indexed chunk, or undefined when the index does not know the id. */
  read(id: string): Promise<CodeText | undefined>;
  /**
   * The index's best candidates for every declaration of the reviewed file
   * (up to `perDeclaration` each, once each), for the first turn and for
   * telling "nothing to find" from "did not look"; with `lines`, for the
   * declarations that start in them (one part of a file). Absent: unknown.
   */
  overview?(perDeclaration: number, lines?: LineRange): Promise<readonly AgentCandidate[]>;
}

/** A query the model got wrong; the message is shown to it as the tool result. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

/** What one tool call produced: the tool message for the model. */
interface ToolOutcome {
  readonly toolName: string;
  readonly content: string;
}

/** A short candidate id as the listings show it: `c1`, `c2`, … */
export const SHORT_CANDIDATE_ID = /^c\d+$/i;

/**
 * Executes the tool calls of one review run; remembers calls and the
 * candidates shown. Every candidate shown gets a short id (`c1`, `c2`, …,
 * in the order first shown): small models copy `c3` faithfully where they
 * garble `src/config/load.ts#loadConfig~2`, and an id names exactly one
 * candidate where a file and line may name none or several.
 */
export class ToolRunner {
  private readonly done = new Set<string>();
  private readonly seen = new Map<string, AgentCandidate>();
  private readonly shortIds = new Map<string, string>();
  private readonly byShortId = new Map<string, AgentCandidate>();
  private calls = 0;
  private searches = 0;

  constructor(
    private readonly source: CandidateSource,
    private readonly maxCalls: number = DEFAULT_MAX_TOOL_CALLS,
  ) {}

  /** Tool calls asked for so far, including refused ones. */
  get callCount(): number {
    return this.calls;
  }

  /** Searches that ran (the model looked for similar code). */
  get searchCount(): number {
    return this.searches;
  }

  /** Candidates the model was shown outside a tool call (the first turn's): they count as returned. */
  remember(candidates: readonly AgentCandidate[]): void {
    for (const candidate of candidates) this.seen.set(candidate.id, candidate);
  }

  /** Every candidate the model was shown (first turn and searches), once each. */
  get seenCandidates(): readonly AgentCandidate[] {
    return [...this.seen.values()];
  }

  /** The listing of `candidates` with their short ids (given here on first sight). */
  describe(candidates: readonly AgentCandidate[]): string {
    return formatCandidates(candidates, (candidate) => this.shortIdOf(candidate));
  }

  /**
   * The shown candidate a short id (`c3`) names; its index id is accepted
   * too. Undefined for anything else, including a candidate never shown.
   */
  shownCandidate(ref: string): AgentCandidate | undefined {
    const key = ref.trim();
    const candidate = SHORT_CANDIDATE_ID.test(key) ? this.byShortId.get(key.toLowerCase()) : this.seen.get(key);
    return candidate && this.seen.has(candidate.id) ? candidate : undefined;
  }

  private shortIdOf(candidate: AgentCandidate): string {
    let short = this.shortIds.get(candidate.id);
    if (short === undefined) {
      short = `c${this.shortIds.size + 1}`;
      this.shortIds.set(candidate.id, short);
      this.byShortId.set(short, candidate);
    }
    return short;
  }

  /** No call left: the loop stops offering tools. */
  get exhausted(): boolean {
    return this.calls >= this.maxCalls;
  }

  /** Never throws for a bad call; a failing index is reported to the model as text. */
  async execute(call: ToolCall): Promise<ToolOutcome> {
    const toolName = call.function.name;
    const reply = (content: string): ToolOutcome => ({ toolName, content });
    if (++this.calls > this.maxCalls) {
      return reply(`Tool budget used up (${this.maxCalls} calls per review). Do not call tools again: give your final JSON answer now.`);
    }
    const usage = TOOL_USAGE[toolName];
    if (usage === undefined) {
      const tools = Object.values(TOOL_USAGE).join('; ');
      return reply(`Unknown tool "${toolName}". The tools are: ${tools}. Call one of them, or give your final JSON answer.`);
    }
    const args =
      toolName === READ_TOOL_NAME ? parseArguments(call.function.arguments, ReadArgsSchema) : parseArguments(call.function.arguments, SearchArgsSchema);
    if (typeof args === 'string') return reply(`Invalid arguments: ${args}. ${usage}.`);
    // The limit is left out: the same search with another limit is still a repeat.
    const what = 'id' in args ? args.id : args.symbol ? `symbol ${args.symbol}` : `code ${(args.code ?? '').replace(/\s+/g, ' ')}`;
    const key = `${toolName}\0${what}`;
    if (this.done.has(key)) {
      return reply('You already made this call; its result is above. Do not repeat it: use another call or answer now with the final JSON.');
    }
    try {
      const content = 'id' in args ? await this.read(args.id) : await this.search(args);
      // Only a call that worked counts as made: after a correction, the same call may succeed.
      this.done.add(key);
      // Executed anyway (the intent was clear), but told, so the next call is well-formed.
      const note = typeof call.function.arguments === 'string' ? '\n(Note: send arguments as a JSON object, not as a string.)' : '';
      return reply(content + note);
    } catch (error) {
      if (error instanceof ToolInputError) return reply(`${error.message}. ${usage}.`);
      const detail = error instanceof Error ? error.message : String(error);
      return reply(`The ${toolName} call failed (${detail}). Judge the code without it and answer with the final JSON.`);
    }
  }

  private async search(args: SearchArgs): Promise<string> {
    const limit = Math.min(Math.max(args.limit ?? DEFAULT_SEARCH_LIMIT, 1), MAX_SEARCH_LIMIT);
    const query = args.symbol ? { symbol: args.symbol } : { code: args.code ?? '' };
    const candidates = await this.source.search(query, limit);
    this.searches++;
    this.remember(candidates);
    return this.describe(candidates);
  }

  /** Only candidates a search showed: an id taken from the reviewed file's text must not open the index. */
  private async read(ref: string): Promise<string> {
    const candidate = this.shownCandidate(ref);
    if (!candidate) throw new ToolInputError(`No candidate "${ref}" was shown in this review`);
    const code = await this.source.read(candidate.id);
    if (!code) throw new ToolInputError(`Candidate "${ref}" is no longer in the index`);
    return formatCode(candidate, this.shortIdOf(candidate), code);
  }
}

/** The arguments object, or a short description of what is wrong with it. */
function parseArguments<T>(raw: Record<string, unknown> | string, schema: ZodType<T>): T | string {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return 'arguments must be a JSON object, not plain text';
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
}
