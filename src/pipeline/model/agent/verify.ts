/**
 * @fileoverview From a validated answer to findings the pipeline can trust
 * in shape: always about the reviewed file, lines inside it, text on one
 * line without control characters (the model's words reach terminals and
 * the calling agent) and of bounded length, each finding once. A cited
 * candidate id (`c3`) becomes the index's candidate it names. (Whether a
 * duplicate names code the index returned for the code it is about is
 * checked by the model stage, which knows what each search was for.)
 */
import { plainText } from '../../plain-text.js';
import { MAX_MESSAGE_CHARS, type AnswerFinding, type ModelRule } from './answer.js';
import { SHORT_CANDIDATE_ID, type AgentCandidate } from './tools.js';

/** A finding the model made; `file` is always the reviewed file. */
export interface ModelFinding {
  readonly file: string;
  readonly rule: ModelRule;
  readonly severity: AnswerFinding['severity'];
  readonly message: string;
  readonly line?: number;
  readonly symbol?: string;
  /** The existing code a duplicate points at: the candidate a cited id names (with its index `id`), else the place the model named. */
  readonly related?: { readonly file: string; readonly line?: number; readonly symbol?: string; readonly id?: string };
  /** The id the model cited that names no candidate shown in this review: such a duplicate backs nothing. */
  readonly unknownCandidate?: string;
}

/** The candidate shown in this review that an id names (`c3`, or the index's own id), if any. */
export type CandidateLookup = (ref: string) => AgentCandidate | undefined;

const MAX_NAME_CHARS = 200;

/** The answer's findings, normalised for the reviewed file; repeats of one finding are kept once. */
export function verifyFindings(
  found: readonly AnswerFinding[],
  file: { readonly path: string; readonly text: string },
  lookup: CandidateLookup = () => undefined,
): ModelFinding[] {
  const lineCount = Math.max(1, file.text.split(/\r?\n/).length - (file.text.endsWith('\n') ? 1 : 0));
  const seen = new Set<string>();
  const findings: ModelFinding[] = [];
  for (const f of found) {
    const citation = f.related ? relatedOf(f.related, lookup) : {};
    const related = citation.related;
    const symbol = f.symbol && cap(f.symbol, MAX_NAME_CHARS);
    // The file is ours, not the model's: it may only talk about the reviewed file, inside its lines.
    const finding: ModelFinding = {
      file: file.path,
      rule: f.rule,
      severity: f.severity,
      message: cap(f.message, MAX_MESSAGE_CHARS) || '(the model gave no message)',
      ...(typeof f.line === 'number' ? { line: Math.min(f.line, lineCount) } : {}),
      ...(symbol ? { symbol } : {}),
      ...(related ? { related } : {}),
      ...(citation.unknownCandidate !== undefined ? { unknownCandidate: citation.unknownCandidate } : {}),
    };
    const key = [finding.rule, finding.symbol ?? `line ${finding.line ?? '-'}`, related?.id ?? related?.file ?? finding.unknownCandidate ?? '', related?.symbol ?? ''].join('\0');
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(finding);
  }
  return findings;
}

/** `text` as plain text on one line, cut to `max` characters, ending in "…" when cut. */
function cap(text: string, max: number): string {
  const trimmed = plainText(text).trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

/**
 * What a `related` cites: the candidate an id names (an id may also sit in
 * `file`), else the place named. An id-shaped citation that names no
 * candidate shown is kept as `unknownCandidate`, never read as a place.
 */
function relatedOf(cited: NonNullable<AnswerFinding['related']>, lookup: CandidateLookup): Pick<ModelFinding, 'related' | 'unknownCandidate'> {
  for (const ref of [cited.candidate, cited.file]) {
    if (!ref) continue;
    const candidate = lookup(ref);
    if (candidate) return { related: { file: candidate.file, line: candidate.startLine, symbol: candidate.symbol, id: candidate.id } };
    if (SHORT_CANDIDATE_ID.test(ref.trim())) return { unknownCandidate: cap(ref, MAX_NAME_CHARS) };
  }
  // A candidate that is no id is a place: "src/config/load.ts:13-26" written under "candidate".
  const place = cited.file ?? cited.candidate;
  if (!place) return {};
  const symbol = cited.symbol && cap(cited.symbol, MAX_NAME_CHARS);
  return { related: { ...citedPlace(cap(place, MAX_NAME_CHARS), cited.line ?? undefined), ...(symbol ? { symbol } : {}) } };
}

// "src/config/load.ts:13" or "src/config/load.ts:13-26": models cite a candidate by the place a search showed.
const FILE_AND_LINES = /^(.+?):(\d+)(?:-\d+)?$/;

/** The cited file and line; a `file:line` or `file:start-end` form is read as that file at that line. */
function citedPlace(file: string, line: number | undefined): { file: string; line?: number } {
  const match = FILE_AND_LINES.exec(file);
  if (match && line === undefined) return { file: match[1]!, line: Number(match[2]) };
  return { file: match?.[1] ?? file, ...(line !== undefined ? { line } : {}) };
}
