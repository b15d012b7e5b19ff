/**
 * @fileoverview Inline suppressions, read from the file's comments:
 *
 *   // review-guard-ignore <rule>[, <rule>…][: reason]   the next code line,
 *        or the whole declaration that starts on it (a trailing comment:
 *        its own line)
 *   // review-guard-ignore-file <rule>[, <rule>…][: reason]   the whole file
 *
 * A rule name the catalog does not know is reported (rule `review`), since
 * a typo would otherwise suppress nothing without anyone noticing.
 */
import { isRuleId, RULE_IDS } from '../../../rules/index.js';
import type { SourceFile } from '../../../syntax/index.js';
import { catalogMessage, type FindingDraft } from '../findings/index.js';
import type { Severity } from '../schemas.js';

/** The directive opens the comment (`//` or a one-line `/* … *\/`); prose that mentions it is not one. */
const DIRECTIVE = /^(?:\/\/|\/\*)\s*review-guard-ignore(-file)?(?:\s+([^:\n*]*?))?\s*(?::[^\n]*?)?\s*(?:\*\/)?\s*$/;

interface Suppression {
  /** `file`: the whole file; `lines`: findings starting in [start, end]. */
  readonly scope: 'file' | 'lines';
  readonly rules: readonly string[];
  readonly start: number;
  readonly end: number;
  /** 1-based line of the comment. */
  readonly commentLine: number;
  readonly comment: string;
}

/** Every suppression comment of `file`, with the lines each covers. */
export function readSuppressions(file: SourceFile): Suppression[] {
  const found: Suppression[] = [];
  const declarations = file.declarations;
  for (const token of file.tokens) {
    if (!token.isComment) continue;
    const text = file.text.slice(token.startIndex, token.endIndex);
    const match = DIRECTIVE.exec(text);
    if (!match) continue;
    const rules = (match[2] ?? '').split(/[\s,]+/).filter((r) => r.length > 0);
    const comment = text.replace(/^(?:\/\/|\/\*)\s*/, '').replace(/\s*\*\/\s*$/, '').trim();
    const commentLine = token.startRow + 1;
    if (match[1]) {
      found.push({ scope: 'file', rules, start: 1, end: file.lines.length, commentLine, comment });
      continue;
    }
    const target = targetLine(file, token.startRow, token.endRow, token.startIndex);
    // The widest declaration starting on the target line: `export class A` covers its methods too.
    const end = declarations.filter((d) => d.startLine === target).reduce((max, d) => Math.max(max, d.endLine), target);
    found.push({ scope: 'lines', rules, start: target, end, commentLine, comment });
  }
  return found;
}

/**
 * Drops the drafts a suppression covers and adds a `review` draft per
 * unknown rule name (unless that rule is off: `reviewSeverity` 'off').
 */
export function applySuppressions(file: SourceFile, drafts: readonly FindingDraft[], reviewSeverity: Severity | 'off'): FindingDraft[] {
  const suppressions = readSuppressions(file);
  if (suppressions.length === 0) return [...drafts];
  const kept = drafts.filter((draft) => !suppressions.some((s) => covers(s, draft)));
  if (reviewSeverity === 'off') return kept;
  for (const suppression of suppressions) {
    const unknown = suppression.rules.length === 0 ? [''] : suppression.rules.filter((rule) => !isRuleId(rule));
    for (const rule of unknown) {
      const message = catalogMessage('review', 'unknownSuppression', { comment: suppression.comment, rule, known: RULE_IDS.join(', ') });
      kept.push({ file: file.path, rule: 'review', severity: reviewSeverity, source: 'rule', message, line: suppression.commentLine, anchor: suppression.comment });
    }
  }
  return kept;
}

function covers(suppression: Suppression, draft: FindingDraft): boolean {
  if (!suppression.rules.includes(draft.rule)) return false;
  if (suppression.scope === 'file') return true;
  return draft.line !== undefined && draft.line >= suppression.start && draft.line <= suppression.end;
}

/**
 * The line a line-suppression is about: its own line when code stands
 * before the comment on it, else the next line holding code.
 */
function targetLine(file: SourceFile, startRow: number, endRow: number, startIndex: number): number {
  const lineStart = file.text.lastIndexOf('\n', startIndex - 1) + 1;
  if (file.text.slice(lineStart, startIndex).trim() !== '') return startRow + 1;
  for (let row = endRow + 1; row < file.codeLines.length; row++) {
    if (file.codeLines[row] === 1) return row + 1;
  }
  return endRow + 2;
}
