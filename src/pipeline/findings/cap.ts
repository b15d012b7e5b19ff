/**
 * @fileoverview At most `maxFindingsPerFile` findings listed per file. The
 * rest become one summary finding per rule and severity ("and 141,600 more
 * naming findings in this file") that stands for them in every count (its
 * `omitted`), so summary counts, exit codes and the hook gate see the true
 * numbers and severities while one crafted file cannot flood a report or a
 * host's context.
 */
import { countSeverities, fingerprintOf, severityRank } from './drafts.js';
import type { Finding, ReviewResult } from '../schemas.js';

/** `result` with at most `max` findings listed per file (the most severe first) plus the summaries. */
export function capFindingsPerFile(result: ReviewResult, max: number): ReviewResult {
  const byFile = groupByFile(result.findings);
  if (![...byFile.values()].some((findings) => findings.length > max)) return result;
  const findings: Finding[] = [];
  for (const fileFindings of byFile.values()) {
    for (const finding of capFile(fileFindings, max)) findings.push(finding);
  }
  return { findings, summary: { ...result.summary, counts: countSeverities(findings) } };
}

/** One file's findings, in their order, the `max` most severe kept, then one summary per rule and severity left out. */
function capFile(findings: readonly Finding[], max: number): Finding[] {
  if (findings.length <= max) return [...findings];
  // A stable choice: by severity, then by the order the findings came in (file order).
  const chosen = findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => severityRank(a.finding) - severityRank(b.finding) || a.order - b.order)
    .slice(0, max);
  const kept = new Set(chosen.map(({ finding }) => finding));
  const left = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (kept.has(finding)) continue;
    const key = `${finding.rule}\0${finding.severity}`;
    const group = left.get(key) ?? [];
    group.push(finding);
    left.set(key, group);
  }
  return findings.filter((finding) => kept.has(finding)).concat([...left.values()].map((group) => summaryOf(group, max)));
}

/** The finding standing for `group` (one rule, one severity, one file), counted as all of them. */
function summaryOf(group: readonly Finding[], max: number): Finding {
  const { file, rule, severity, source } = group[0]!;
  const omitted = group.reduce((sum, finding) => sum + (finding.omitted ?? 1), 0);
  const message = `and ${omitted.toLocaleString('en-US')} more ${rule} finding(s) in this file, not listed: at most ${max} findings are listed per file (maxFindingsPerFile)`;
  // The count is part of the anchor: a baselined summary reappears when the number behind it changes.
  return { file, rule, severity, source, message, omitted, fingerprint: fingerprintOf(rule, file, `${omitted} more ${severity}`) };
}

function groupByFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) {
    const group = byFile.get(finding.file) ?? [];
    group.push(finding);
    byFile.set(finding.file, group);
  }
  return byFile;
}
