/**
 * @fileoverview Turning stage results into findings: one place that fills
 * in the source, the fingerprint and the rule's catalog defaults.
 */
import { createHash } from 'node:crypto';
import { formatMessage } from '../../rules/define-rule.js';
import { getRule } from '../../rules/index.js';
import type { Finding, RelatedCode, Severity } from './schemas.js';

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
}

/**
 * Completes a draft with its fingerprint. The fingerprint hashes the rule,
 * the file and what the finding is about (the symbol, else the text of its
 * line), not the line number, so it survives edits above it.
 */
export function toFinding(draft: FindingDraft, lines: readonly string[]): Finding {
  const anchor = draft.symbol ?? (draft.line !== undefined ? (lines[draft.line - 1] ?? '').trim() : '');
  const fingerprint = createHash('sha256')
    .update(`${draft.rule}\0${draft.file}\0${anchor}`)
    .digest('hex')
    .slice(0, 16);
  const finding: Finding = { ...draft, related: draft.related ? [...draft.related] : undefined, fingerprint };
  if (!finding.related) delete finding.related;
  return finding;
}

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** By file, then line, errors before warnings on the same line: the order a reader fixes things in. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
}

/** A message from the rule catalog, so wording lives with the rule, not with the stage that reports it. */
export function catalogMessage(ruleId: string, messageId: string, data: Readonly<Record<string, string | number>>): string {
  const template = getRule(ruleId)?.meta.messages[messageId];
  if (template === undefined) throw new Error(`rule "${ruleId}" has no message "${messageId}"`);
  return formatMessage(template, data);
}
