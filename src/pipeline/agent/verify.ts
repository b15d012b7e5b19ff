/**
 * @fileoverview From a validated answer to findings the pipeline can trust
 * in shape: always about the reviewed file, lines inside it, text on one
 * line without control characters (the model's words reach terminals and
 * the calling agent) and of bounded length, each finding once. (Whether a
 * duplicate names code the index really returned is checked by the model
 * stage, which knows the candidates' locations.)
 */
import { plainText } from '../plain-text.js';
import { MAX_MESSAGE_CHARS, type AnswerFinding, type ModelRule } from './answer.js';

/** A finding the model made; `file` is always the reviewed file. */
export interface ModelFinding {
  readonly file: string;
  readonly rule: ModelRule;
  readonly severity: AnswerFinding['severity'];
  readonly message: string;
  readonly line?: number;
  readonly symbol?: string;
  /** The existing code a duplicate points at, as the model named it. */
  readonly related?: { readonly file: string; readonly line?: number; readonly symbol?: string };
}

const MAX_NAME_CHARS = 200;

/** The answer's findings, normalised for the reviewed file; repeats of one finding are kept once. */
export function verifyFindings(found: readonly AnswerFinding[], file: { readonly path: string; readonly text: string }): ModelFinding[] {
  const lineCount = Math.max(1, file.text.split(/\r?\n/).length - (file.text.endsWith('\n') ? 1 : 0));
  const seen = new Set<string>();
  const findings: ModelFinding[] = [];
  for (const f of found) {
    const relatedSymbol = f.related?.symbol && cap(f.related.symbol, MAX_NAME_CHARS);
    const cited = f.related && citedPlace(cap(f.related.file, MAX_NAME_CHARS), f.related.line ?? undefined);
    const related = cited && { ...cited, ...(relatedSymbol ? { symbol: relatedSymbol } : {}) };
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
    };
    const key = [finding.rule, finding.symbol ?? `line ${finding.line ?? '-'}`, related?.file ?? '', related?.symbol ?? ''].join('\0');
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

// "src/config/load.ts:13" or "src/config/load.ts:13-26": models cite a candidate by the place a search showed.
const FILE_AND_LINES = /^(.+?):(\d+)(?:-\d+)?$/;

/** The cited file and line; a `file:line` or `file:start-end` form is read as that file at that line. */
function citedPlace(file: string, line: number | undefined): { file: string; line?: number } {
  const match = FILE_AND_LINES.exec(file);
  if (match && line === undefined) return { file: match[1]!, line: Number(match[2]) };
  return { file: match?.[1] ?? file, ...(line !== undefined ? { line } : {}) };
}
