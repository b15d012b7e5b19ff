/**
 * @fileoverview How every reporter names a finding's place and its advice,
 * so text, the hook message and SARIF say the same; and the result as the
 * plain-text reporters show it.
 */
import { plainText, type Finding, type ReviewResult } from '../pipeline/index.js';

/** `src/a.ts:12`, or the bare path for a finding about the whole review of the file. */
export function location(finding: Finding): string {
  return finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`;
}

/** The suggestion when it adds to the message (a rename is already spelled out in it), else undefined. */
export function extraSuggestion(finding: Finding): string | undefined {
  return finding.suggestion && !finding.message.includes(finding.suggestion) ? finding.suggestion : undefined;
}

/**
 * `result` with its texts from outside (messages, advice, paths, names,
 * reasons, notices) on one line without control characters, for the
 * plain-text reporters and a result carried back in a requestState: model text is cleaned where it enters, this is the second line
 * of defence, so nothing a file name or a server says can fake report lines.
 */
export function printable(result: ReviewResult): ReviewResult {
  const { summary } = result;
  return {
    ...result,
    findings: result.findings.map((f) => ({
      ...f,
      file: plainText(f.file),
      message: plainText(f.message),
      ...(f.suggestion !== undefined ? { suggestion: plainText(f.suggestion) } : {}),
      ...(f.symbol !== undefined ? { symbol: plainText(f.symbol) } : {}),
      ...(f.related ? { related: f.related.map((r) => ({ ...r, file: plainText(r.file), ...(r.symbol !== undefined ? { symbol: plainText(r.symbol) } : {}) })) } : {}),
    })),
    summary: {
      ...summary,
      files: summary.files.map((s) => ({ ...s, file: plainText(s.file), ...(s.reason !== undefined ? { reason: plainText(s.reason) } : {}) })),
      ...(summary.notices ? { notices: summary.notices.map(plainText) } : {}),
      ...(summary.model?.reason !== undefined ? { model: { ...summary.model, reason: plainText(summary.model.reason) } } : {}),
    },
  };
}
