/**
 * @fileoverview The local-model review stage: a bounded tool-using loop
 * over one file, its tools and their port to the index, its answer parser
 * and verifier, and its transcript. The rest of the pipeline imports from
 * here: the loop, its port to the index and the transcript.
 */
export { runModelReview } from './loop.js';
export type { RunStats } from './loop.js';
export type { ModelFinding } from './verify.js';
export type { DeclarationSpan } from './file-parts.js';
export { ToolInputError } from './tools.js';
export type { AgentCandidate, CandidateSource } from './tools.js';
export { Transcript } from './transcript.js';
export type { TranscriptSink } from './transcript.js';
export { DEFAULT_MAX_TOOL_CALLS, DEFAULT_MAX_TURNS } from './limits.js';
