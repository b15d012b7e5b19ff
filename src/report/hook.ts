/**
 * @fileoverview The hook's message to the agent: the error findings of the
 * edited file, one compact line each (`file:line message → advice [rule]`),
 * and how to act on them. Only errors: warnings would make every edit noisy.
 * A review that failed inside on the file says so too, so a file that trips
 * review-guard cannot pass the gate in silence.
 */
import { countSeverities, type FileChange, type ReviewResult } from '../pipeline/index.js';
import { extraSuggestion, location, printable } from './finding-text.js';

/**
 * The message for stderr, or undefined when there is nothing to act on (the
 * hook stays silent). Errors, and duplicates of every kind the rule reports
 * as a warning (a parametric or near copy): reusing code is what the hook is
 * for, and it runs without the model.
 */
export function formatHookMessage(result: ReviewResult, file: string): string | undefined {
  const shown = printable(result);
  const actionable = shown.findings.filter((f) => f.severity === 'error' || (f.rule === 'duplicate' && f.severity === 'warning'));
  const failed = shown.summary.files.filter((status) => status.failedStage !== undefined);
  if (actionable.length === 0 && failed.length === 0) return undefined;
  // Counted, not the list's length: a summary finding stands for the findings it leaves out (maxFindingsPerFile).
  const counts = countSeverities(result.findings);
  const copies = actionable.filter((f) => f.severity === 'warning').length;
  const lines = failed.map((status) => `review-guard: the review of ${status.file} is incomplete: ${status.reason ?? 'internal error'}`);
  if (actionable.length > 0) {
    lines.push(`review-guard: ${counts.error} error finding(s)${copies > 0 ? ` and ${copies} duplicate warning(s)` : ''} in ${file} after this edit:`);
  }
  for (const f of actionable) {
    const advice = extraSuggestion(f);
    lines.push(`- ${location(f)} ${f.message}${advice ? ` → ${advice}` : ''} [${f.rule}]`);
  }
  const others = counts.warning - copies + counts.info;
  if (others > 0) lines.push(`(${others} warning/info finding(s) not shown: review-guard review ${file})`);
  if (actionable.length > 0) lines.push('Fix these now, or, if one is deliberate, mark it with `// review-guard-ignore <rule>: <reason>` above the line.');
  return lines.join('\n');
}

/**
 * The before-edit hook's reason for stopping a tool call, or undefined when
 * the proposal adds no duplicate of a kind in `block`. Only duplicates of
 * existing code block (never a rule finding, never a failed review): the
 * reason names the original and how to call it, so the agent reuses it.
 * Copies on the lines the call writes (`written`) are listed; an existing
 * copy elsewhere in the file only when none is, as the one sign the new
 * code repeats it (the new code cannot name a copy further down its file).
 */
export function formatDenial(result: ReviewResult, file: string, tool: string, block: readonly string[], written: FileChange): string | undefined {
  const all = printable(result).findings.filter((f) => f.rule === 'duplicate' && f.severity !== 'info' && f.kind !== undefined && block.includes(f.kind));
  const onWritten = all.filter((f) => written.kind === 'all' || (f.line !== undefined && written.ranges.some((r) => r.start <= (f.endLine ?? f.line!) && f.line! <= r.end)));
  const copies = onWritten.length > 0 ? onWritten : all;
  if (copies.length === 0) return undefined;
  const lines = [`review-guard: this ${tool} of ${file} was stopped: it writes code that already exists.`];
  for (const f of copies) {
    const advice = extraSuggestion(f);
    lines.push(`- ${location(f)} ${f.message}${advice ? ` → ${advice}` : ''} [duplicate]`);
  }
  lines.push(
    'Call the existing code instead of writing it again. If you are moving it, remove the original first; if this copy is deliberate, put `// review-guard-ignore duplicate: <reason>` above it.',
  );
  return lines.join('\n');
}
