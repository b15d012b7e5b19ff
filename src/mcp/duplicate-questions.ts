/**
 * @fileoverview Asking about near-certain duplicates. When a new function is
 * at least 95 % similar to an existing one, the client (if it can elicit)
 * is asked whether to reuse the existing code or keep the new function.
 * "reuse" keeps the error finding with its suggestion; "accept" drops it
 * and records the pair so it is not reported again; no answer (declined,
 * cancelled, missing) keeps the finding as it was.
 *
 * A pair is asked about once. When both halves were reviewed, each is
 * reported as a copy of the other; the question is about the newer half
 * (pair-age.ts says which), and the answer settles the mirrored finding
 * too: "reuse" drops it (its advice, to reuse the newer code, would point
 * back the other way), "accept" drops and records both.
 */
import { z } from 'zod';
import { inputRequired, inputResponse, type InputRequest } from '@modelcontextprotocol/server';
import { duplicatePair, plainText, withoutFindings, type DuplicatePair, type Finding, type ReviewResult } from '../pipeline/index.js';
import { newerFileRule } from './pair-age.js';

/** Similarity from which a duplicate is worth a question. */
const ASK_SIMILARITY = 0.95;

const DecisionSchema = z.object({
  decision: z.enum(['reuse', 'accept']).describe('reuse: call the existing function instead; accept: keep the new function'),
});

export interface DuplicateQuestion {
  /** The inputRequests key: unique within one review. */
  readonly key: string;
  readonly fingerprint: string;
  readonly pair: DuplicatePair;
  readonly score: number;
  /** The finding about the same pair the other way round (both halves were reviewed); the answer settles it too. */
  readonly mirrorFingerprint?: string;
}

interface Candidate {
  readonly fingerprint: string;
  readonly pair: DuplicatePair;
  readonly score: number;
}

/**
 * The questions worth asking about `result` (reviewed in the workspace at
 * `root`): index-proven duplicates at or above ASK_SIMILARITY, one per pair.
 */
export async function duplicateQuestions(result: ReviewResult, root: string): Promise<DuplicateQuestion[]> {
  const candidates: Candidate[] = [];
  for (const finding of result.findings) {
    const pair = duplicatePair(finding);
    const score = finding.related?.[0]?.score ?? 0;
    // A similar candidate nobody judged is no duplicate to ask about.
    if (pair && finding.source === 'index' && finding.kind !== 'similar' && finding.kind !== 'reimplementation' && score >= ASK_SIMILARITY) candidates.push({ fingerprint: finding.fingerprint, pair, score });
  }
  const mirrorOf = (c: Candidate): Candidate | undefined => candidates.find((other) => other !== c && isMirror(other.pair, c.pair));
  const mirrored = candidates.filter((c) => mirrorOf(c) !== undefined);
  // Git and the file times are asked only when a pair was reported both ways.
  const newer = mirrored.length > 0 ? await newerFileRule(root, [...new Set(mirrored.map((c) => c.pair.file))]) : undefined;
  const questions: DuplicateQuestion[] = [];
  const settled = new Set<Candidate>();
  for (const first of candidates) {
    if (settled.has(first)) continue;
    const mirror = mirrorOf(first);
    settled.add(first);
    if (mirror) settled.add(mirror);
    const asked = mirror && newer?.(first.pair.file, mirror.pair.file) === mirror.pair.file ? mirror : first;
    const other = asked === first ? mirror : first;
    const key = `duplicate-${questions.length + 1}`;
    questions.push({ key, fingerprint: asked.fingerprint, pair: asked.pair, score: asked.score, ...(other ? { mirrorFingerprint: other.fingerprint } : {}) });
  }
  return questions;
}

/** `b` is `a` the other way round: its new code is a's existing code and the reverse. */
function isMirror(a: DuplicatePair, b: DuplicatePair): boolean {
  return a.file === b.relatedFile && a.symbol === b.relatedSymbol && a.relatedFile === b.file && a.relatedSymbol === b.symbol;
}

/** The pair the other way round. */
function reversed(pair: DuplicatePair): DuplicatePair {
  return { file: pair.relatedFile, symbol: pair.relatedSymbol, relatedFile: pair.file, relatedSymbol: pair.symbol };
}

/** The elicitation for each question, keyed as the question. */
export function questionRequests(questions: readonly DuplicateQuestion[]): Record<string, InputRequest> {
  const requests: Record<string, InputRequest> = {};
  for (const q of questions) {
    const { symbol, file, relatedSymbol, relatedFile } = q.pair;
    requests[q.key] = inputRequired.elicit({
      message:
        `${symbol} in ${file} is nearly identical to ${relatedSymbol} in ${relatedFile} (similarity ${q.score}). ` +
        `Suggest reusing ${relatedSymbol}, or accept the new function?`,
      requestedSchema: DecisionSchema,
    });
  }
  return requests;
}

interface AppliedAnswers {
  readonly result: ReviewResult;
  /** Pairs the person accepted, to be recorded. */
  readonly accepted: DuplicatePair[];
  /** What each answer did, for the text result. */
  readonly notes: string[];
}

/** Shapes the findings by the answers in `responses` (untrusted: validated here). */
export function applyAnswers(result: ReviewResult, questions: readonly DuplicateQuestion[], responses: Record<string, unknown> | undefined): AppliedAnswers {
  const accepted: DuplicatePair[] = [];
  const dropped = new Set<string>();
  const notes: string[] = [];
  for (const q of questions) {
    const view = inputResponse(responses, q.key);
    const decision = view.kind === 'elicit' && view.action === 'accept' ? DecisionSchema.safeParse(view.content).data?.decision : undefined;
    const name = plainText(`${q.pair.symbol} (${q.pair.file})`);
    if (decision === 'accept') {
      accepted.push(q.pair);
      dropped.add(q.fingerprint);
      if (q.mirrorFingerprint !== undefined) {
        accepted.push(reversed(q.pair));
        dropped.add(q.mirrorFingerprint);
      }
      notes.push(`${name}: kept as a new function at your request; this pair is not reported again`);
    } else if (decision === 'reuse') {
      // The mirrored finding would advise reusing the new code: the answer says it goes the other way.
      if (q.mirrorFingerprint !== undefined) dropped.add(q.mirrorFingerprint);
      notes.push(`${name}: reuse ${plainText(`${q.pair.relatedSymbol} from ${q.pair.relatedFile}`)}`);
    } else {
      notes.push(`${name}: no answer, the finding stands`);
    }
  }
  const shaped = withoutFindings(result, (f: Finding) => dropped.has(f.fingerprint));
  return { result: shaped, accepted, notes };
}
