/**
 * @fileoverview Turning stage results into findings: one place that fills
 * in the source, the fingerprint and the rule's catalog defaults.
 */
import { createHash } from 'node:crypto';
import { compareIds } from '../../../indexer/index.js';
import { formatMessage } from '../../../rules/define-rule.js';
import type { RuleResult } from '../../../rules/engine.js';
import { getRule } from '../../../rules/index.js';
import type { Finding, RelatedCode, ReviewResult, Severity } from '../schemas.js';

export interface FindingDraft {
  readonly file: string;
  readonly rule: string;
  readonly severity: Severity;
  readonly message: string;
  readonly source: Finding['source'];
  readonly line?: number;
  readonly endLine?: number;
  readonly symbol?: string;
  readonly related?: readonly RelatedCode[];
  readonly suggestion?: string;
  /** A duplicate's kind, for the index stage's findings. */
  readonly kind?: Finding['kind'];
  /** What the finding is about, for its fingerprint; default: the symbol, else the text of its line. */
  readonly anchor?: string;
}

/** A deterministic rule's result about `file` as a draft. */
export function ruleDraft(file: string, r: RuleResult): FindingDraft {
  return {
    file,
    rule: r.ruleId,
    severity: r.severity,
    message: r.message,
    source: 'rule',
    ...(r.line !== undefined ? { line: r.line } : {}),
    ...(r.endLine !== undefined ? { endLine: r.endLine } : {}),
    ...(r.symbol !== undefined ? { symbol: r.symbol } : {}),
    ...(r.suggestion !== undefined ? { suggestion: r.suggestion } : {}),
    ...(r.anchor !== undefined ? { anchor: r.anchor } : {}),
  };
}

/**
 * Completes the drafts of one file with fingerprints. A fingerprint hashes
 * the rule, the file and the anchor, never the line number, so it survives
 * edits above the finding; equal anchors are told apart by their order.
 */
export function toFindings(drafts: readonly FindingDraft[], lines: readonly string[]): Finding[] {
  const seen = new Map<string, number>();
  return drafts.map(({ anchor: explicit, related, ...draft }) => {
    const anchor = explicit ?? draft.symbol ?? (draft.line !== undefined ? (lines[draft.line - 1] ?? '').trim() : '');
    const key = `${draft.rule}\0${draft.file}\0${anchor}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    const fingerprint = fingerprintOf(draft.rule, draft.file, anchor, occurrence);
    return { ...draft, ...(related ? { related: [...related] } : {}), fingerprint };
  });
}

/** The fingerprint of the `occurrence`th finding of `rule` about `anchor` in `file`. */
export function fingerprintOf(rule: string, file: string, anchor: string, occurrence = 1): string {
  return createHash('sha256').update(`${rule}\0${file}\0${anchor}\0${occurrence}`).digest('hex').slice(0, 16);
}

/** The advice for a duplicate: reuse the original. */
export function reuseSuggestion(original: { readonly symbol: string; readonly file: string; readonly line: number }): string {
  return `call ${original.symbol} from ${original.file}:${original.line} instead of keeping a second copy`;
}

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** How many findings of each severity: the summary's counts (a summary finding counts as the findings it stands for). */
export function countSeverities(findings: readonly Finding[]): Record<Severity, number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += f.omitted ?? 1;
  return counts;
}

/** 0 for an error, then warning, then info: the order in which findings matter. */
export function severityRank(finding: Pick<Finding, 'severity'>): number {
  return SEVERITY_ORDER[finding.severity];
}

/** `result` without the findings `drop` selects, with the counts to match. */
export function withoutFindings(result: ReviewResult, drop: (finding: Finding) => boolean): ReviewResult {
  const findings = result.findings.filter((f) => !drop(f));
  return { findings, summary: { ...result.summary, counts: countSeverities(findings) } };
}

/** By file, then line, errors before warnings on the same line: the order a reader fixes things in. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      compareIds(a.file, b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      severityRank(a) - severityRank(b),
  );
}

/** A message from the rule catalog, so wording lives with the rule, not with the stage that reports it. */
export function catalogMessage(ruleId: string, messageId: string, data: Readonly<Record<string, string | number>>): string {
  const template = getRule(ruleId)?.meta.messages[messageId];
  if (template === undefined) throw new Error(`rule "${ruleId}" has no message "${messageId}"`);
  return formatMessage(template, data);
}
