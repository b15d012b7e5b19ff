/**
 * @fileoverview The human-readable report: findings grouped by file, then
 * files that were not reviewed, then one summary line. Pure: returns text.
 */
import type { Finding, ReviewResult } from '../pipeline/index.js';

/** Renders a review result for a terminal or an agent's context. */
export function formatText(result: ReviewResult): string {
  const out: string[] = [];
  const byFile = new Map<string, Finding[]>();
  for (const finding of result.findings) {
    const list = byFile.get(finding.file) ?? [];
    list.push(finding);
    byFile.set(finding.file, list);
  }
  for (const [file, findings] of byFile) {
    out.push(file);
    for (const f of findings) {
      const where = f.line === undefined ? '' : `${f.line}`;
      out.push(`  ${where.padStart(4)}  ${f.severity.padEnd(7)} ${f.message}  [${f.rule}]`);
      // A rename is already spelled out in the message; repeat only advice that adds something.
      if (f.suggestion && !f.message.includes(f.suggestion)) out.push(`${' '.repeat(16)}→ ${f.suggestion}`);
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
  out.push(summaryLine(result));
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
