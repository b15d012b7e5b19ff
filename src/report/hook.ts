/**
 * @fileoverview The hook's message to the agent: the error findings of the
 * edited file, one compact line each (`file:line message → advice [rule]`),
 * and how to act on them. Only errors: warnings would make every edit noisy.
 */
import type { ReviewResult } from '../pipeline/index.js';
import { extraSuggestion, location, printable } from './finding-text.js';

/** The message for stderr, or undefined when there is no error finding (the hook stays silent). */
export function formatHookMessage(result: ReviewResult, file: string): string | undefined {
  const errors = printable(result).findings.filter((f) => f.severity === 'error');
  if (errors.length === 0) return undefined;
  const lines = [`review-guard: ${errors.length} error finding(s) in ${file} after this edit:`];
  for (const f of errors) {
    const advice = extraSuggestion(f);
    lines.push(`- ${location(f)} ${f.message}${advice ? ` → ${advice}` : ''} [${f.rule}]`);
  }
  const others = result.findings.length - errors.length;
  if (others > 0) lines.push(`(${others} warning/info finding(s) not shown: review-guard review ${file})`);
  lines.push('Fix these now, or, if one is deliberate, mark it with `// review-guard-ignore <rule>: <reason>` above the line.');
  return lines.join('\n');
}
