/**
 * @fileoverview The local-model review stage: a bounded tool-using loop
 * over one file, its tool port and its answer parser.
 */
export { DEFAULT_MAX_TURNS, runModelReview } from './loop.js';
export type { ModelFinding, ModelReviewOptions, ModelReviewResult } from './loop.js';
export {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  SEARCH_TOOL,
  SEARCH_TOOL_NAME,
  SearchToolRunner,
  formatCandidates,
} from './tools.js';
export type { AgentCandidate, CandidateSource, ToolOutcome } from './tools.js';
export { MODEL_ANSWER_JSON_SCHEMA, MODEL_RULES, ModelAnswerSchema, parseModelAnswer, stripThinking } from './answer.js';
export type { AnswerFinding, AnswerParse, ModelRule } from './answer.js';
export { extractTextToolCalls } from './text-tool-calls.js';
export type { TextToolCalls } from './text-tool-calls.js';
export { buildRepairMessage, buildSystemPrompt, buildUserMessage } from './prompt.js';
