/**
 * @fileoverview Judges what a user saw for one copy: the `duplicate`
 * findings of a review on the copy's file. A copy is found when a finding
 * at warning or error names the original (file, symbol, line) among its
 * related code; a finding naming only a function whose normalised code
 * equals the original's (a genuine duplicate of it in the corpus) counts as
 * found-equivalent; one naming a function nested inside the original (the
 * copy's inner function matched the original's) counts as part; a finding
 * naming none of these is a misattribution. Info
 * findings ("similar, not judged") are counted apart from the headline.
 */
import type { Finding } from '../../src/pipeline/index.js';
import type { RelatedCode, Severity } from '../../src/pipeline/schemas.js';
import { placeKey } from './corpus.js';

/** What one copy's review showed, best outcome first. */
export type Outcome = 'found' | 'equivalent' | 'part' | 'misattributed' | 'info' | 'missed';

export const OUTCOMES: readonly Outcome[] = ['found', 'equivalent', 'part', 'misattributed', 'info', 'missed'];

/** The function a copy was made from. */
export interface Original {
  readonly file: string;
  readonly symbol: string;
  readonly startLine: number;
  readonly endLine: number;
  /** Hash of its normalised tokens (equal for equivalents). */
  readonly hash: string;
}

/** The judgement of one copy, with the finding it rests on. */
export interface CopyJudgement {
  readonly outcome: Outcome;
  readonly severity?: Severity;
  /** The finding's kind (its `kind` field when the finding has one, else its severity). */
  readonly kind?: string;
  /** The code the deciding finding's message names (its first related entry). */
  readonly named?: RelatedCode;
  /** Whether that first entry is the original (or an equivalent): the place the message tells the user to reuse. */
  readonly namedFirst?: boolean;
}

const HEADLINE: ReadonlySet<Severity> = new Set(['error', 'warning']);
const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** The `duplicate` findings about `file`, most severe first. */
export function duplicateFindings(findings: readonly Finding[], file: string): Finding[] {
  return findings.filter((f) => f.rule === 'duplicate' && f.file === file).sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

/** A finding's kind: the verdict's own label when the finding carries one, else its severity. */
export function kindOf(finding: Finding): string {
  const kind = (finding as Finding & { readonly kind?: unknown }).kind;
  return typeof kind === 'string' ? kind : finding.severity;
}

/** See the file overview; `hashByPlace` tells equivalents (see Corpus). */
export function judgeCopy(findings: readonly Finding[], copyFile: string, original: Original, hashByPlace: ReadonlyMap<string, string>): CopyJudgement {
  // The line tells apart units of one symbol in one file (`inst.parse`, `inst.parse~2`, … in chunk ids).
  const isOriginal = (r: RelatedCode): boolean => r.file === original.file && r.symbol === original.symbol && r.line === original.startLine;
  const isEquivalent = (r: RelatedCode): boolean => r.line !== undefined && hashByPlace.get(placeKey(r.file, r.line)) === original.hash;
  const isPart = (r: RelatedCode): boolean => r.file === original.file && r.line !== undefined && r.line > original.startLine && r.line <= original.endLine;
  const duplicates = duplicateFindings(findings, copyFile);
  const headline = duplicates.filter((f) => HEADLINE.has(f.severity));
  const naming = (test: (r: RelatedCode) => boolean) => (f: Finding): boolean => (f.related ?? []).some(test);
  const judged = (outcome: Outcome, finding: Finding): CopyJudgement => {
    const named = finding.related?.[0];
    return {
      outcome,
      severity: finding.severity,
      kind: kindOf(finding),
      ...(named ? { named, namedFirst: isOriginal(named) || isEquivalent(named) } : {}),
    };
  };
  const found = headline.find(naming(isOriginal));
  if (found) return judged('found', found);
  const equivalent = headline.find(naming(isEquivalent));
  if (equivalent) return judged('equivalent', equivalent);
  const part = headline.find(naming(isPart));
  if (part) return judged('part', part);
  if (headline[0]) return judged('misattributed', headline[0]);
  const info = duplicates.find(naming((r) => isOriginal(r) || isEquivalent(r)));
  if (info) return judged('info', info);
  return { outcome: 'missed' };
}
