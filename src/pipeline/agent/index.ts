/**
 * @fileoverview The local-model review stage: a bounded tool-using loop
 * over one file, its tools and their port to the index, its answer parser
 * and verifier, and its transcript.
 */
export { DEFAULT_MAX_TOOL_CALLS, DEFAULT_MAX_TURNS } from './limits.js';
export { runModelReview } from './loop.js';
export type { ModelReviewOptions, ModelReviewResult, RunStats } from './loop.js';
export type { ModelFinding } from './verify.js';
export { ToolInputError, ToolRunner } from './tools.js';
export type { AgentCandidate, CandidateQuery, CandidateSource, CodeText, ToolOutcome } from './tools.js';
export { AGENT_TOOLS, DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, READ_TOOL_NAME, SEARCH_TOOL_NAME } from './tool-specs.js';
export { formatCandidates, formatCode } from './tool-text.js';
export { MAX_MESSAGE_CHARS, MODEL_ANSWER_JSON_SCHEMA, MODEL_RULES, ModelAnswerSchema, parseModelAnswer, stripThinking } from './answer.js';
export type { AnswerFinding, AnswerParse, ModelRule } from './answer.js';
export { extractTextToolCalls } from './text-tool-calls.js';
export type { TextToolCalls } from './text-tool-calls.js';
export { buildRepairMessage, buildSystemPrompt, buildUserMessage } from './prompt.js';
export { Transcript } from './transcript.js';
export type { TranscriptSink } from './transcript.js';
