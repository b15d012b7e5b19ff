/**
 * @fileoverview What a synchronous review carries, signed, while the client
 * answers its duplicate questions — and its check when it comes back. The
 * signature says the state is ours; it is still read as untrusted input
 * (a leaked key, an old bug): the shape is parsed, every question must name
 * a duplicate finding of the carried result, paths stay inside the
 * workspace, and every text is cleaned as the plain-text reporters clean
 * it (`printable`) before it reaches the reply.
 */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { duplicatePair, plainText, ReviewResultSchema, type Finding, type ReviewRequest, type ReviewResult } from '../pipeline/index.js';
import { printable } from '../report/finding-text.js';
import type { DuplicateQuestion } from './duplicate-questions.js';

export interface Execution {
  readonly mode: 'sync' | 'task';
  readonly reason: string;
}

export interface PendingAnswers {
  /** The workspace and arguments the state was issued for (requestBinding): echoed with other ones, it is refused. */
  readonly request: string;
  readonly result: ReviewResult;
  readonly questions: readonly DuplicateQuestion[];
  readonly execution: Execution;
}

/** Text a cleaning would not change: no control characters, no line breaks. */
const isPlain = (text: string) => plainText(text) === text;
const isInsideRoot = (path: string) => isPlain(path) && !isAbsolute(path) && !path.includes('\\') && !path.split('/').includes('..');
const RelPathSchema = z.string().min(1).max(1024).refine(isInsideRoot, 'a path inside the workspace');
const NameSchema = z.string().min(1).max(500).refine(isPlain, 'a name without control characters');
const PairSchema = z.object({ file: RelPathSchema, symbol: NameSchema, relatedFile: RelPathSchema, relatedSymbol: NameSchema });
const QuestionSchema = z.object({
  key: z.string().regex(/^duplicate-\d{1,4}$/),
  fingerprint: z.string().max(200),
  pair: PairSchema,
  score: z.number().min(0).max(1),
  mirrorFingerprint: z.string().max(200).optional(),
});
const PendingSchema = z.object({
  request: z.string(),
  result: ReviewResultSchema,
  questions: z.array(QuestionSchema).min(1).max(200),
  execution: z.object({ mode: z.enum(['sync', 'task']), reason: z.string().max(500) }),
});

/** What a state is bound to: the workspace and the exact arguments. */
export function requestBinding(root: string, args: ReviewRequest): string {
  return JSON.stringify({ root, args });
}

/** The carried answers state checked as untrusted input, or a -32602 naming what is wrong. */
export function checkPendingAnswers(state: unknown, binding: string): PendingAnswers {
  const refuse = (why: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, `requestState ${why}: run the review again without it`);
  const parsed = PendingSchema.safeParse(state);
  if (!parsed.success) throw refuse('is not a review in progress');
  const pending = parsed.data;
  // A signature proves the state is ours, not that it belongs to this call: another file's review must not come back as this one's.
  if (pending.request !== binding) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'requestState was issued for another review_code request: send it back with the arguments it came with');
  if (!pending.result.findings.every((finding) => isInsideRoot(finding.file) && (finding.related ?? []).every((r) => isInsideRoot(r.file)))) throw refuse('names a file outside the workspace');
  const byFingerprint = new Map(pending.result.findings.map((finding) => [finding.fingerprint, finding]));
  const names = (fingerprint: string | undefined, pair: z.infer<typeof PairSchema>): boolean => {
    const found = fingerprint === undefined ? undefined : duplicatePair(byFingerprint.get(fingerprint) as Finding);
    return found !== undefined && found.file === pair.file && found.symbol === pair.symbol && found.relatedFile === pair.relatedFile && found.relatedSymbol === pair.relatedSymbol;
  };
  for (const q of pending.questions) {
    const mirror = { file: q.pair.relatedFile, symbol: q.pair.relatedSymbol, relatedFile: q.pair.file, relatedSymbol: q.pair.symbol };
    if (!names(q.fingerprint, q.pair) || (q.mirrorFingerprint !== undefined && !names(q.mirrorFingerprint, mirror))) throw refuse('asks about a pair its review does not report');
  }
  return { ...pending, result: printable(pending.result) };
}
