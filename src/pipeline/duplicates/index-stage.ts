/**
 * @fileoverview The index stage: judge the reviewed file's chunks against
 * the candidates the index returns, without the model. A candidate is
 * aligned with the chunk (duplicate-verdict.ts) and reported as a copy, a
 * parametric copy or a near copy; one the alignment does not settle but
 * whose structural score reaches `index.duplicateThreshold` is kept as
 * unjudged, for the model to judge or, without it, for an info finding.
 */
import { type Candidate, type Chunk, type CodeIndex } from '../../../indexer/index.js';
import { type AlignableCode } from './alignment.js';
import { alignedOnce } from './aligned-once.js';
import { languageForPath } from '../../../syntax/index.js';
import { duplicateDraft, inheritedSuggestion, reimplementationDraft, type DuplicateMatch, type DuplicateSeverities } from './text.js';
import { judgeEvidence, sharedEvidence } from './evidence-verdict.js';
import { compareJudgements, judgePair, type PairJudgement } from './verdict.js';
import type { FindingDraft } from '../findings/index.js';
import { FileHelpers } from './helper-splice.js';
import { AlignmentBudget } from './token-diff.js';
import { yieldWhenBusy } from '../event-loop.js';

/**
 * Structural score from which a candidate is aligned at all. Below it the
 * index's ranking already says "unrelated" (unrelated functions score at
 * most ~0.2), and parsing its text would only cost time; copies with one
 * added statement in a small function score from ~0.55 (see scores.ts).
 */
export const ALIGN_MIN_SCORE = 0.5;

interface DuplicateSearchOptions {
  /** Structural score from which a candidate no kind fits is reported as unjudged. */
  readonly duplicateThreshold: number;
  readonly candidates: number;
  readonly severities: DuplicateSeverities;
  /** The chunks worth a search (default all): one whose finding the diff scope would drop is skipped. */
  readonly searched?: (chunk: Chunk) => boolean;
}

/** A close candidate the alignment did not settle: the model judges it, or an info says it was not judged. */
export interface UnjudgedDuplicate {
  readonly chunk: Chunk;
  readonly candidate: Candidate;
}

interface DuplicateSearch {
  readonly drafts: FindingDraft[];
  readonly unjudged: UnjudgedDuplicate[];
  /** Files whose alignments used up their work budget: some candidates were not judged. */
  readonly incomplete: ReadonlySet<string>;
}

/**
 * One finding per group of copies. Chunks are searched in batch order; a
 * chunk that an earlier copy finding already named (as its subject or among
 * its originals) is not reported again, so three copies of one body make one
 * finding, not three pairs. Each reviewed file has its own alignment budget:
 * a file of hostile functions ends its own search early, never the batch's.
 */
export async function searchDuplicates(index: CodeIndex, chunks: readonly Chunk[], options: DuplicateSearchOptions): Promise<DuplicateSearch> {
  const reported: Reported[] = [];
  const unjudged: UnjudgedDuplicate[] = [];
  const grouped = new Set<string>();
  const originals = new OriginalTexts(index);
  const helpers = new FileHelpers(chunks);
  const budgets = new Map<string, AlignmentBudget>();
  const incomplete = new Set<string>();
  for (const chunk of chunks) {
    if (grouped.has(chunk.id) || options.searched?.(chunk) === false) continue;
    // Ranked by structural score: with the semantic signal on, search order is the fused one.
    const close = (await index.search({ chunk }, options.candidates)).filter(
      (candidate) => candidate.score >= ALIGN_MIN_SCORE && !isSelfOrEarlierInFile(chunk, candidate),
    );
    const budget = budgets.get(chunk.file) ?? new AlignmentBudget();
    budgets.set(chunk.file, budget);
    const judged = close.length === 0 ? [] : await judgeClose(chunk, close, { originals, helpers, budget });
    if (budget.exhausted) incomplete.add(chunk.file);
    const kind = judged[0]?.judgement.verdict?.kind;
    const severity = kind && options.severities[kind];
    if (kind && severity && severity !== 'off') {
      // The best match decides the kind; the other originals follow, those judged the same kind first.
      const matches: DuplicateMatch[] = judged.flatMap(({ candidate, judgement: { verdict } }) => (verdict ? [{ candidate, verdict }] : []));
      matches.sort((a, b) => Number(a.verdict.kind !== kind) - Number(b.verdict.kind !== kind));
      reported.push({ chunk, original: matches[0]!.candidate, draft: duplicateDraft(chunk, matches, severity) });
      grouped.add(chunk.id);
      // Copies of one body are one finding; a near or parametric match may still be another chunk's exact copy.
      if (kind === 'copy') for (const match of matches) if (match.verdict.kind === 'copy') grouped.add(match.candidate.id);
      continue;
    }
    // No kind fits the token order: the code may still be written again, about the same things.
    const evidence = judgeEvidence(index, chunk);
    const reimplemented = evidence?.kind === 'reimplementation' && options.severities.reimplementation;
    if (evidence && reimplemented && reimplemented !== 'off') {
      const original = originals.text(evidence.candidate);
      const shared = original === undefined ? 'the same rare words' : sharedEvidence(index, chunk, original, evidence.candidate.file);
      reported.push({ chunk, original: evidence.candidate, draft: reimplementationDraft(chunk, evidence.candidate, reimplemented, shared) });
      grouped.add(chunk.id);
      continue;
    }
    const best = [judged[0]?.candidate, ...close].find((c) => c !== undefined && c.score >= options.duplicateThreshold) ?? evidence?.candidate;
    if (best) {
      unjudged.push({ chunk, candidate: best });
      grouped.add(chunk.id);
    }
  }
  const drafts = innermost(reported).map(({ chunk, original, draft }) => {
    const base = inheritedFrom(chunk, chunks, original);
    return base ? { ...draft, suggestion: inheritedSuggestion(chunk, original, base) } : draft;
  });
  return { drafts, unjudged, incomplete };
}

/** A finding with the chunk it is about and the original it names. */
interface Reported {
  readonly chunk: Chunk;
  readonly original: Candidate;
  readonly draft: FindingDraft;
}

/**
 * One finding per pair: when a class and a method of it are both reported
 * and the method's original lies within the class's (the same function, or
 * a method of the class's original), only the method is — it is where the
 * copy is, and the class adds nothing but its name. (A function nested in a
 * function is not folded this way: the outer one is what callers call.)
 */
function innermost(reported: readonly Reported[]): Reported[] {
  const within = (inner: { file: string; startLine: number; endLine: number }, outer: { file: string; startLine: number; endLine: number }): boolean =>
    inner.file === outer.file && inner.startLine >= outer.startLine && inner.endLine <= outer.endLine;
  return reported.filter(
    (outer) =>
      outer.chunk.kind !== 'class' ||
      !reported.some((inner) => inner !== outer && within(inner.chunk, outer.chunk) && within(inner.original, outer.original)),
  );
}

/**
 * The class the reviewed method's class inherits the original from, when it
 * does (`class CountingDigestAuth(DigestAuth)` re-implementing
 * `DigestAuth._build_auth_header`): calling "the original" then means
 * calling its own inherited method.
 */
function inheritedFrom(chunk: Chunk, chunks: readonly Chunk[], original: Candidate): string | undefined {
  const [originalClass, method] = original.symbol.split('.');
  if (!method || !originalClass) return undefined;
  const owner = chunks.find((c) => c.kind === 'class' && c.file === chunk.file && c.startLine <= chunk.startLine && c.endLine >= chunk.endLine && c !== chunk);
  const header = owner?.text.split('\n')[0] ?? '';
  const name = originalClass.replace(/[$]/g, '\\$');
  return new RegExp(`(extends|\\(|,)\\s*${name}\\b`).test(header) ? originalClass : undefined;
}

interface AlignmentContext {
  readonly originals: OriginalTexts;
  readonly helpers: FileHelpers;
  readonly budget: AlignmentBudget;
}

/** Each close candidate aligned with the chunk, best judgement first (stable: among equals the index's order decides). */
async function judgeClose(chunk: Chunk, close: readonly Candidate[], { originals, helpers, budget }: AlignmentContext): Promise<Judged[]> {
  // Our side is parsed only for the rare chunk with close candidates, and once.
  const ours = alignedOnce(chunk.text, languageForPath(chunk.file) ?? 'typescript');
  const inlined = helpers.inline(chunk, ours);
  const judged: Judged[] = [];
  for (const candidate of close) {
    // Each alignment may take a few hundred milliseconds: the loop runs between them.
    await yieldWhenBusy();
    const theirs = !budget.exhausted && originals.read(candidate);
    if (!theirs) continue;
    await yieldWhenBusy();
    // With its helpers spliced in, a copy split into pieces aligns whole; the better reading counts.
    const judgement = [judgePair(ours, theirs, budget), inlined && judgePair(inlined, theirs, budget)]
      .filter((j): j is PairJudgement => j !== undefined)
      .sort(compareJudgements)[0];
    if (judgement) judged.push({ candidate, judgement });
  }
  judged.sort((a, b) => compareJudgements(a.judgement, b.judgement));
  return judged;
}

interface Judged {
  readonly candidate: Candidate;
  readonly judgement: PairJudgement;
}

/**
 * The candidates' code, read and normalised once per search batch (several
 * chunks of one file often share an original). Without the original's text
 * (it changed since it was indexed) there is nothing to align: undefined.
 */
class OriginalTexts {
  private readonly cache = new Map<string, AlignableCode | undefined>();

  constructor(private readonly index: CodeIndex) {}

  read(candidate: Candidate): AlignableCode | undefined {
    if (this.cache.has(candidate.id)) return this.cache.get(candidate.id);
    const text = this.text(candidate);
    const language = languageForPath(candidate.file);
    const code = text !== undefined && language ? alignedOnce(text, language) : undefined;
    this.cache.set(candidate.id, code);
    return code;
  }

  /** The candidate's text as indexed, or undefined when it changed since. */
  text(candidate: Candidate): string | undefined {
    const original = this.index.readCode(candidate.id);
    return original && !original.changed ? original.text : undefined;
  }
}

/**
 * Two copies inside one file would report each other; only the later one,
 * the copy, is reported. Overlapping ranges (a class and its own method) are
 * containment, not duplication.
 */
function isSelfOrEarlierInFile(chunk: Chunk, candidate: Candidate): boolean {
  if (candidate.file !== chunk.file) return false;
  const overlaps = candidate.startLine <= chunk.endLine && chunk.startLine <= candidate.endLine;
  return overlaps || candidate.startLine > chunk.startLine;
}
