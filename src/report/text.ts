/**
 * @fileoverview The human-readable report: findings grouped by file, each
 * line starting with `file:line` (terminals and editors make that a link),
 * then files that were not reviewed, then one summary line. Colour only
 * when the caller says so (a terminal, NO_COLOR unset). Pure: returns text.
 */
import type { Finding, ReviewResult } from '../pipeline/index.js';
import { extraSuggestion, location, printable } from './finding-text.js';

interface TextOptions {
  /** ANSI colours; the adapter decides (TTY and NO_COLOR), never the reporter. */
  readonly color?: boolean;
}

const ANSI = { dim: 2, underline: 4, red: 31, yellow: 33, cyan: 36 } as const;
type Style = keyof typeof ANSI;

const SEVERITY_STYLE: Readonly<Record<Finding['severity'], Style>> = { error: 'red', warning: 'yellow', info: 'cyan' };

/** Renders a review result for a terminal or an agent's context. */
export function formatText(reviewed: ReviewResult, options: TextOptions = {}): string {
  const result = printable(reviewed);
  const paint = (style: Style, text: string): string => (options.color ? `\x1b[${ANSI[style]}m${text}\x1b[0m` : text);
  const out: string[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const finding of result.findings) {
    const list = byFile.get(finding.file) ?? [];
    list.push(finding);
    byFile.set(finding.file, list);
  }
  for (const [file, findings] of byFile) {
    out.push(paint('underline', file));
    // reduce, not Math.max(...): a file with 100k findings would overflow the call stack.
    const width = findings.reduce((widest, f) => Math.max(widest, location(f).length), 0);
    for (const f of findings) {
      const severity = paint(SEVERITY_STYLE[f.severity], f.severity.padEnd(7));
      out.push(`  ${location(f).padEnd(width)}  ${severity} ${f.message}  ${paint('dim', `[${f.rule}]`)}`);
      const advice = extraSuggestion(f);
      if (advice) out.push(`${' '.repeat(width + 4)}${paint('dim', `→ ${advice}`)}`);
    }
  }
  for (const status of result.summary.files) {
    if (status.status !== 'reviewed') out.push(`${status.file}: ${status.status}: ${status.reason ?? ''}`.trimEnd());
    // A reviewed file's reason is a note on its text (empty, not valid UTF-8).
    else if (status.reason) out.push(`${status.file}: note: ${status.reason}`);
  }
  for (const notice of result.summary.notices ?? []) out.push(`note: ${notice}`);
  const model = modelLine(result);
  if (model) out.push(model);
  const summary = summaryLine(result);
  out.push(result.summary.counts.error > 0 ? paint('red', summary) : summary);
  return out.join('\n');
}

function summaryLine(result: ReviewResult): string {
  const { counts, files, durationMs } = result.summary;
  const reviewed = files.filter((f) => f.status === 'reviewed').length;
  const total = counts.error + counts.warning + counts.info;
  if (total === 0) return `No findings in ${reviewed} file(s) (${durationMs} ms).`;
  return `${total} finding(s): ${counts.error} error, ${counts.warning} warning, ${counts.info} info in ${reviewed} reviewed file(s) (${durationMs} ms).`;
}

/** What the model stage did, when it ran: outcome, turns, tool calls, tokens, time and prompt version. */
function modelLine(result: ReviewResult): string | undefined {
  const model = result.summary.model;
  if (!model || model.outcome === 'skipped') return undefined;
  const used =
    `${model.turns} turn(s), ${model.toolCalls} tool call(s), ${model.promptTokens + model.outputTokens} tokens, ` +
    `${model.elapsedMs} ms, prompt ${model.promptVersion}` +
    (model.droppedDuplicates > 0 ? `, ${model.droppedDuplicates} unfounded duplicate(s) dropped` : '');
  return model.outcome === 'ok' ? `model: ok (${used})` : `model: failed: ${model.reason ?? 'unknown reason'} (${used})`;
}
