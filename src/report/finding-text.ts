/**
 * @fileoverview How every reporter names a finding's place and its advice,
 * so text, the hook message and SARIF say the same.
 */
import type { Finding } from '../pipeline/index.js';

/** `src/a.ts:12`, or the bare path for a finding about the whole review of the file. */
export function location(finding: Finding): string {
  return finding.line === undefined ? finding.file : `${finding.file}:${finding.line}`;
}

/** The suggestion when it adds to the message (a rename is already spelled out in it), else undefined. */
export function extraSuggestion(finding: Finding): string | undefined {
  return finding.suggestion && !finding.message.includes(finding.suggestion) ? finding.suggestion : undefined;
}
