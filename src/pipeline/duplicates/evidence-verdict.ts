/**
 * @fileoverview The reimplementation verdict: code written again rather
 * than copied. A restructured or re-implemented function shares little
 * token order with its original, but it is about the same things: the rare
 * calls, members, types, literals and words of its original
 * (indexer/evidence/). A chunk re-implements a candidate when
 *
 * - their evidence agrees (weighted Dice ≥ MIN_AGREEMENT) and there is
 *   enough of it (at least MIN_SHARED_TERMS: a tiny hook sharing `useRef`
 *   and `current` with another agrees well on very little),
 * - clearly more than with anything else (the runner-up agrees at most
 *   1 / MIN_MARGIN as much; siblings that share a vocabulary — the date
 *   formatters of one class — stay unreported rather than guessed; the
 *   original's own class, methods, helpers and callers share its words by
 *   construction and are no rivals), and
 * - the shapes fit: a function is not the re-implementation of a class.
 *
 * Candidates in the chunk's own file are not considered: the functions of
 * one file share its vocabulary (an `encode` and its `decode`), and a copy
 * inside a file is the alignment's to find. Nor, for code outside tests,
 * are functions of test files: a test's helper is no API to call (an exact
 * copy of one is still reported by the alignment).
 *
 * Measured on bench/written (171 cases of five corpora in TS, TSX, Python
 * and Go, three tiers each, 71 negatives; see bench/README.md), with the
 * alignment's kinds first: adapted copies are found 100 %, rewritten 86 %,
 * re-implemented 58 %, and 2 of 71 negatives get a warning. Between
 * GREY_AGREEMENT and the verdict, the best candidate is left to the model
 * (or an info without it), as a close structural candidate is.
 */
import type { Candidate, Chunk, CodeIndex, EvidenceCandidate } from '../../../indexer/index.js';
import { textEvidence, type EvidenceRole, type EvidenceTerm } from '../../../indexer/index.js';

export const MIN_AGREEMENT = 0.33;
export const MIN_MARGIN = 1.15;
/** Shared evidence a verdict needs, in units of a term no other chunk has. */
export const MIN_SHARED_TERMS = 2;
/** Agreement from which the best candidate is worth the model's look. */
export const GREY_AGREEMENT = 0.25;
/** Candidates an evidence search returns: enough to find the runner-up past the original's own class. */
const EVIDENCE_CANDIDATES = 8;

/** What the evidence search concluded for a chunk. */
export type EvidenceOutcome =
  | { readonly kind: 'reimplementation'; readonly candidate: EvidenceCandidate }
  | { readonly kind: 'grey'; readonly candidate: EvidenceCandidate };

/** The evidence verdict for `chunk`, or undefined when no candidate comes near. */
export function judgeEvidence(index: CodeIndex, chunk: Chunk): EvidenceOutcome | undefined {
  const inTests = isTestPath(chunk.file);
  const hits = index
    .searchEvidence(chunk, EVIDENCE_CANDIDATES)
    .filter((c) => c.file !== chunk.file && fitsShape(chunk, c) && (inTests || !isTestPath(c.file)));
  const best = hits[0];
  if (!best || best.evidence < GREY_AGREEMENT || best.sharedTerms < MIN_SHARED_TERMS) return undefined;
  const bestText = index.readCode(best.id)?.text ?? '';
  const rival = hits.slice(1).find((c) => !overlaps(c, best) && !calls(bestText, c) && !calls(index.readCode(c.id)?.text ?? '', best));
  const margin = rival ? best.evidence / rival.evidence : Infinity;
  if (best.evidence >= MIN_AGREEMENT && margin >= MIN_MARGIN) return { kind: 'reimplementation', candidate: best };
  return { kind: 'grey', candidate: best };
}

// Test folders and the test-file names of the languages indexed (`x.test.ts`, `x_test.go`, `test_x.py`, `conftest.py`).
const TEST_PATH = /(^|\/)(tests?|__tests__|specs?|__mocks__)\/|\.(test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)(test_[^/]*|conftest)\.py$/;

/** Whether a workspace path is test code. */
export function isTestPath(file: string): boolean {
  return TEST_PATH.test(file);
}

function fitsShape(chunk: Chunk, candidate: Candidate): boolean {
  return (chunk.kind === 'class') === (candidate.kind === 'class');
}

function overlaps(a: Candidate, b: Candidate): boolean {
  return a.file === b.file && a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/** Whether `text` calls the candidate by its own name (`parseEnumValue(`, `this.parseEnumValue(`). */
function calls(text: string, callee: Candidate): boolean {
  const name = callee.symbol.split('.').at(-1)!;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w$])${escaped}\\s*\\(`).test(text);
}

const ROLE_LABELS: ReadonlyArray<readonly [EvidenceRole, string]> = [
  ['call', 'calls'],
  ['member', 'members'],
  ['type', 'types'],
  ['literal', 'literals'],
  ['name', 'names'],
];
// Enough to see why, short enough for a hook message.
const LISTED_PER_ROLE = 3;
const LISTED_ROLES = 3;

/**
 * The evidence both sides share, the rarest first, as a message names it:
 * `same calls: getUTCFullYear, padStart; same types: Date`.
 */
export function sharedEvidence(index: CodeIndex, chunk: Chunk, originalText: string, originalFile: string): string {
  const theirs = new Set(textEvidence(originalText, originalFile).map((t) => t.term));
  const shared = textEvidence(chunk.text, chunk.file).filter((t) => theirs.has(t.term));
  const weighed = shared.map((term) => ({ term, weight: index.evidenceWeight(term.term) })).sort((a, b) => b.weight - a.weight);
  const byRole = new Map<EvidenceRole, string[]>();
  for (const { term } of weighed) {
    const texts = byRole.get(term.role) ?? [];
    const text = shown(term);
    if (!texts.includes(text) && texts.length < LISTED_PER_ROLE) texts.push(text);
    byRole.set(term.role, texts);
  }
  const parts = ROLE_LABELS.flatMap(([role, label]) => {
    const texts = byRole.get(role);
    return texts && texts.length > 0 ? [`same ${label}: ${texts.join(', ')}`] : [];
  });
  return parts.slice(0, LISTED_ROLES).join('; ') || 'the same rare words';
}

const MAX_SHOWN = 28;

function shown(term: EvidenceTerm): string {
  const text = term.role === 'literal' && !term.text.startsWith('/') && !/^[-.0-9]/.test(term.text) ? `'${term.text}'` : term.text;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}
