/**
 * @fileoverview What a deterministic duplicate finding says: its kind, the
 * values or lines that differ, and advice an agent can act on (the call
 * that replaces a copy, the parameters a parametric copy needs, the lines
 * a near copy adds).
 */
import type { Candidate, Chunk } from '../../../indexer/index.js';
import type { LiteralDifference } from './alignment.js';
import { DuplicateOptionsSchema } from '../../../rules/duplicate.js';
import { severityOf, type RuleSettings } from '../../../rules/engine.js';
import type { PairVerdict } from './verdict.js';
import { catalogMessage, reuseSuggestion, type FindingDraft } from '../findings/index.js';
import type { DuplicateFindingKind, Severity } from '../schemas.js';

/** The configured severity of each kind (`rules.duplicate` and its options). */
export type DuplicateSeverities = Readonly<Record<DuplicateFindingKind, Severity | 'off'>>;

/** Each kind's severity: a copy has the rule's, the other kinds their option; all off with the rule. */
export function duplicateSeverities(settings: RuleSettings): DuplicateSeverities {
  const copy = severityOf(settings, 'duplicate');
  if (copy === 'off') return { copy, parametric: 'off', near: 'off', reimplementation: 'off', similar: 'off' };
  // Validated when the config was loaded: parsing again only fills in the defaults.
  const options = DuplicateOptionsSchema.parse((Object.hasOwn(settings, 'duplicate') ? settings['duplicate']?.options : undefined) ?? {});
  return { copy, ...options };
}

/** A candidate and the verdict on it. */
export interface DuplicateMatch {
  readonly candidate: Candidate;
  readonly verdict: PairVerdict;
}

// Enough to act on, short enough for a hook message.
const MAX_LISTED_VALUES = 4;
const MAX_LISTED_LINES = 6;
const MAX_VALUE_CHARS = 24;

/** The finding for `chunk`, whose best match `matches[0]` decides its kind. */
export function duplicateDraft(chunk: Chunk, matches: readonly DuplicateMatch[], severity: Severity): FindingDraft {
  const { candidate: best, verdict } = matches[0]!;
  const original = { symbol: best.symbol, file: best.file, line: best.startLine };
  const place = { symbol: chunk.symbol, originalSymbol: best.symbol, file: best.file, line: best.startLine };
  const text = kindText(chunk, best, verdict, place);
  return {
    file: chunk.file,
    rule: 'duplicate',
    kind: verdict.kind,
    severity,
    source: 'index',
    line: chunk.startLine,
    endLine: chunk.endLine,
    symbol: chunk.symbol,
    message: text.message,
    suggestion: text.suggestion ?? reuseSuggestion(original),
    related: matches.map((m) => ({ file: m.candidate.file, line: m.candidate.startLine, symbol: m.candidate.symbol, score: m.candidate.score })),
  };
}

type Place = Readonly<Record<'symbol' | 'originalSymbol' | 'file', string> & { line: number }>;

function kindText(chunk: Chunk, best: Candidate, verdict: PairVerdict, place: Place): { message: string; suggestion?: string } {
  const at = `${best.file}:${best.startLine}`;
  if (verdict.kind === 'copy') {
    const message = catalogMessage('duplicate', 'duplicate', { ...place, score: best.score.toFixed(2) });
    if (!verdict.args) return { message };
    // A lifted method is called on the receiver the copy passes: `self.build(conn)`, not `Embedded.build(conn)`.
    const callee = verdict.receiver ? `${verdict.receiver}.${best.symbol.split('.').at(-1)}` : best.symbol;
    return { message, suggestion: `call ${callee}(${verdict.args.join(', ')}) from ${at} instead of keeping a second copy` };
  }
  if (verdict.kind === 'parametric') {
    const values = listValues(verdict.literals, chunk.startLine);
    return {
      message: catalogMessage('duplicate', 'parametric', { ...place, values }),
      suggestion: `give ${best.symbol} at ${at} a parameter for each differing value (${countValues(verdict.literals)}), then call it instead of keeping a second copy`,
    };
  }
  const { lines, matchingLines, differingRows, removedRows } = verdict.lines;
  const ours = listLines(differingRows, chunk.startLine);
  const theirs = listLines(removedRows, best.startLine);
  const differing = [ours && `here ${ours}`, theirs && `there ${theirs}`].filter(Boolean).join('; ');
  const values = verdict.literals.length > 0 ? `; other values: ${listValues(verdict.literals, chunk.startLine)}` : '';
  return {
    message: catalogMessage('duplicate', 'near', { ...place, matching: matchingLines, lines, differing: differing || 'none', values }),
    suggestion: `call ${best.symbol} from ${at} and keep only what differs (${differing || 'the token order'})`,
  };
}

/** The info for a close candidate nobody judged, with why (the model stage is off, or did not finish). */
export function similarDraft(chunk: Chunk, candidate: Candidate, severity: Severity, reason: string): FindingDraft {
  const score = (candidate.evidence ?? candidate.score).toFixed(2);
  const message = catalogMessage('duplicate', 'similar', { ...placeOf(chunk, candidate), score, reason });
  return { ...singleMatchDraft(chunk, candidate, severity), kind: 'similar', message };
}

/** The finding for code written again: `evidence` names what it shares with the original (evidence-verdict.ts). */
export function reimplementationDraft(chunk: Chunk, candidate: Candidate, severity: Severity, evidence: string): FindingDraft {
  const place = placeOf(chunk, candidate);
  const suggestion = `check whether ${candidate.symbol} at ${candidate.file}:${candidate.startLine} already does this; if it does, call it instead of keeping a second implementation`;
  return { ...singleMatchDraft(chunk, candidate, severity), kind: 'reimplementation', message: catalogMessage('duplicate', 'reimplementation', { ...place, evidence }), suggestion };
}

/**
 * The advice for a method whose class inherits the original from `base`:
 * a subclass is never told to call some other object's copy of what it
 * already has.
 */
export function inheritedSuggestion(chunk: Chunk, original: Candidate, base: string): string {
  const method = original.symbol.split('.').at(-1);
  const at = `${original.file}:${original.startLine}`;
  return `${chunk.symbol.split('.')[0]} inherits ${method} from ${base} (${at}): call the inherited ${method} (or override only what differs) instead of keeping a second implementation`;
}

function placeOf(chunk: Chunk, candidate: Candidate): Place {
  return { symbol: chunk.symbol, originalSymbol: candidate.symbol, file: candidate.file, line: candidate.startLine };
}

function singleMatchDraft(chunk: Chunk, candidate: Candidate, severity: Severity): Omit<FindingDraft, 'message'> {
  return {
    file: chunk.file,
    rule: 'duplicate',
    severity,
    source: 'index',
    line: chunk.startLine,
    endLine: chunk.endLine,
    symbol: chunk.symbol,
    related: [{ file: candidate.file, line: candidate.startLine, symbol: candidate.symbol, score: candidate.evidence ?? candidate.score }],
  };
}

/** `8080 vs 3000 (line 21), 'config' vs 'options' (line 9)`: each distinct pair once, the first few. */
function listValues(literals: readonly LiteralDifference[], startLine: number): string {
  const seen = new Map<string, string>();
  for (const { token, ours, theirs, row } of literals) {
    const key = `${ours}\0${theirs}`;
    const [a, b] = cutWhereTheyDiffer(ours, theirs);
    if (!seen.has(key)) seen.set(key, `${quote(token, a)} vs ${quote(token, b)} (line ${startLine + row})`);
  }
  const listed = [...seen.values()];
  const more = listed.length > MAX_LISTED_VALUES ? `, and ${listed.length - MAX_LISTED_VALUES} more` : '';
  return listed.slice(0, MAX_LISTED_VALUES).join(', ') + more;
}

function countValues(literals: readonly LiteralDifference[]): string {
  const distinct = new Set(literals.map((l) => l.theirs)).size;
  const [first] = literals;
  return distinct === 1 ? `its ${quote(first!.token, first!.theirs)}` : `${distinct} values`;
}

// Characters of shared text kept before the first difference, so the reader sees where it is.
const CONTEXT_CHARS = 6;

/**
 * Two long values cut at the same place, just before they first differ:
 * `'No root path can be fou…'` twice would hide the difference, so
 * `'…be found for wheel'` vs `'…be found for sdist'` shows it.
 */
export function cutWhereTheyDiffer(ours: string, theirs: string): [string, string] {
  if (Math.max(ours.length, theirs.length) <= MAX_VALUE_CHARS) return [ours, theirs];
  let at = 0;
  while (at < ours.length && at < theirs.length && ours[at] === theirs[at]) at++;
  const start = at + CONTEXT_CHARS < MAX_VALUE_CHARS ? 0 : at - CONTEXT_CHARS;
  const cut = (value: string): string => (start > 0 ? `…${value.slice(start)}` : value);
  return [cut(ours), cut(theirs)];
}

/** A literal as written in a message: numbers and regexes bare, strings quoted, long ones cut. */
function quote(token: string, value: string): string {
  const cut = value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS - 1)}…` : value;
  return token === 'STR' ? `'${cut}'` : cut;
}

/** `line 14` / `lines 14–16, 20`: 0-based rows of a chunk as file lines, in ranges, the first few. */
function listLines(rows: readonly number[], startLine: number): string {
  if (rows.length === 0) return '';
  const ranges: Array<[number, number]> = [];
  for (const row of rows) {
    const line = startLine + row;
    const last = ranges.at(-1);
    if (last && line === last[1] + 1) last[1] = line;
    else ranges.push([line, line]);
  }
  const shown = ranges.slice(0, MAX_LISTED_LINES).map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`));
  const more = ranges.length > MAX_LISTED_LINES ? ', …' : '';
  return `${rows.length === 1 ? 'line' : 'lines'} ${shown.join(', ')}${more}`;
}
