/**
 * @fileoverview Asking about near-certain duplicates. When a new function is
 * at least 95 % similar to an existing one, the client (if it can elicit)
 * is asked whether to reuse the existing code or keep the new function.
 * "reuse" keeps the error finding with its suggestion; "accept" drops it
 * and records the pair so it is not reported again; no answer (declined,
 * cancelled, missing) keeps the finding as it was.
 */
import { z } from 'zod';
import { inputRequired, inputResponse, type InputRequest } from '@modelcontextprotocol/server';
import { duplicatePair, withoutFindings, type DuplicatePair, type Finding, type ReviewResult } from '../pipeline/index.js';

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
}

/** The questions worth asking about `result`: index-proven duplicates at or above ASK_SIMILARITY. */
export function duplicateQuestions(result: ReviewResult): DuplicateQuestion[] {
  const questions: DuplicateQuestion[] = [];
  for (const finding of result.findings) {
    const pair = duplicatePair(finding);
    const score = finding.related?.[0]?.score ?? 0;
    // A similar candidate nobody judged is no duplicate to ask about.
    if (pair && finding.source === 'index' && finding.kind !== 'similar' && score >= ASK_SIMILARITY) {
      questions.push({ key: `duplicate-${questions.length + 1}`, fingerprint: finding.fingerprint, pair, score });
    }
  }
  return questions;
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
    const name = `${q.pair.symbol} (${q.pair.file})`;
    if (decision === 'accept') {
      accepted.push(q.pair);
      dropped.add(q.fingerprint);
      notes.push(`${name}: kept as a new function at your request; this pair is not reported again`);
    } else if (decision === 'reuse') {
      notes.push(`${name}: reuse ${q.pair.relatedSymbol} from ${q.pair.relatedFile}`);
    } else {
      notes.push(`${name}: no answer, the finding stands`);
    }
  }
  const shaped = withoutFindings(result, (f: Finding) => dropped.has(f.fingerprint));
  return { result: shaped, accepted, notes };
}
