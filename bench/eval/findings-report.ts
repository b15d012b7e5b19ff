/**
 * @fileoverview The findings harness's report: per edit type the share of
 * copies a user is told about (found, by severity), found through an
 * equivalent, misattributed, only an info finding, missed, and jscpd's
 * share at its defaults and tuned; then foreign and untouched functions and
 * the timings. Markdown, so it pastes into bench docs and issues.
 */
import { spread, summarize as summarizeValues } from '../lib/stats.js';
import type { CopyResult, FlaggedFinding, ForeignResult, UntouchedResult } from './findings-run.js';
import { JSCPD_SETTINGS, type JscpdSetting } from './jscpd-side.js';
import { OUTCOMES, type Outcome } from './finding-outcome.js';
import type { RunInfo } from './report.js';

/** One row of the main table; shares are of the copies the edit applied to. */
export interface FindingsRow {
  readonly type: string;
  readonly n: number;
  readonly skipped: number;
  readonly skipReasons: Readonly<Record<string, number>>;
  readonly outcomes: Readonly<Record<Outcome, number>>;
  /** Found copies by the deciding finding's severity. */
  readonly error: number;
  readonly warning: number;
  /** Found copies by the deciding finding's kind. */
  readonly kinds: Readonly<Record<string, number>>;
  /** Found copies whose message names some other function first. */
  readonly namedOtherFirst: number;
  /** Copies jscpd linked to their original, per setting (absent: jscpd not run). */
  readonly jscpd: Partial<Record<JscpdSetting, number>>;
}

/** What the run reports about itself: the ranking benchmark's run facts, without its query time and threshold. */
export interface FindingsRunInfo extends Omit<RunInfo, 'querySeconds' | 'threshold'> {
  readonly foreign?: string;
  readonly jscpdVersion?: string;
  /** 1-minute load average at the start and the end: other work on the machine skews the timings. */
  readonly load: readonly [number, number];
  readonly cores: number;
}

/** jscpd's wall time for one (edit type, setting) run. */
export interface JscpdTiming {
  readonly type: string;
  readonly setting: JscpdSetting;
  readonly seconds: number;
  readonly clones: number;
}

/** The row for `results` (one edit type, or all for "overall"). */
export function findingsRow(type: string, results: readonly CopyResult[]): FindingsRow {
  const done = results.filter((r) => r.judgement !== undefined);
  const skipReasons: Record<string, number> = {};
  for (const r of results) if (r.skipped !== undefined) skipReasons[r.skipped] = (skipReasons[r.skipped] ?? 0) + 1;
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, done.filter((r) => r.judgement!.outcome === o).length])) as Record<Outcome, number>;
  const found = done.filter((r) => r.judgement!.outcome === 'found');
  const kinds: Record<string, number> = {};
  for (const r of found) kinds[r.judgement!.kind!] = (kinds[r.judgement!.kind!] ?? 0) + 1;
  const jscpd: Partial<Record<JscpdSetting, number>> = {};
  for (const setting of Object.keys(JSCPD_SETTINGS) as JscpdSetting[]) {
    if (done.some((r) => r.jscpd?.[setting] !== undefined)) jscpd[setting] = done.filter((r) => r.jscpd?.[setting] === true).length;
  }
  return {
    type,
    n: done.length,
    skipped: results.length - done.length,
    skipReasons,
    outcomes,
    error: found.filter((r) => r.judgement!.severity === 'error').length,
    warning: found.filter((r) => r.judgement!.severity === 'warning').length,
    kinds,
    namedOtherFirst: found.filter((r) => r.judgement!.namedFirst === false).length,
    jscpd,
  };
}

/** The main table. */
export function findingsTable(info: FindingsRunInfo, rows: readonly FindingsRow[]): string {
  const withJscpd = rows.some((r) => Object.keys(r.jscpd).length > 0);
  const header = ['edit', 'n', 'skip', 'found', 'error', 'warning', 'equiv', 'part', 'info', 'misattr', 'missed', 'msg names other', ...(withJscpd ? ['jscpd default', 'jscpd tuned'] : [])];
  const body = rows.map((r) => {
    const share = (count: number | undefined): string => (count === undefined ? '–' : pct(count, r.n));
    return [
      r.type,
      String(r.n),
      String(r.skipped),
      share(r.error + r.warning),
      share(r.error),
      share(r.warning),
      share(r.outcomes.equivalent),
      share(r.outcomes.part),
      share(r.outcomes.info),
      share(r.outcomes.misattributed),
      share(r.outcomes.missed),
      share(r.namedOtherFirst),
      ...(withJscpd ? [share(r.jscpd.default), share(r.jscpd.tuned)] : []),
    ];
  });
  const kinds = rows.find((r) => r.type === 'overall') ?? rows[0];
  return [
    `corpus ${info.corpus}: ${info.files} files, ${info.chunks} chunks, ${info.eligible} sampleable TS/JS functions; ${info.samples} sampled (seed ${info.seed}); index ${info.indexSeconds.toFixed(1)} s`,
    '',
    'found = an error or warning `duplicate` finding on the copy names the original (file, symbol and line) in `related` (headline); ' +
      'equiv = names only a function whose normalised code equals the original; part = names only a function nested inside the original; ' +
      'info = only an info finding names it; ' +
      'misattr = an error/warning finding names none of these; msg names other = found, but the message names another function first' +
      (withJscpd ? `; jscpd ${info.jscpdVersion ?? ''} tuned = ${JSCPD_SETTINGS.tuned.join(' ')}` : ''),
    '',
    markdownTable(header, body),
    ...(kinds && Object.keys(kinds.kinds).length > 0 ? ['', `found by kind (${kinds.type}): ${Object.entries(kinds.kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`] : []),
  ].join('\n');
}

/** Skip reasons per edit type. */
export function findingsSkips(rows: readonly FindingsRow[]): string {
  const lines = rows
    .filter((r) => r.skipped > 0 && r.type !== 'overall')
    .map((r) => `- ${r.type}: ${Object.entries(r.skipReasons).map(([why, n]) => `${why} ${n}`).join(', ')}`);
  return lines.length === 0 ? '' : ['skipped samples:', ...lines].join('\n');
}

/** Foreign functions: the share flagged at warning or error, and each flagged one. */
export function foreignReport(results: readonly ForeignResult[], foreign: string): string {
  const done = results.filter((r) => r.findings !== undefined);
  const flaggedOnes = done.filter((r) => r.findings!.some(isHeadline));
  const infoOnly = done.filter((r) => !r.findings!.some(isHeadline) && r.findings!.length > 0);
  const out = [
    `foreign functions (from ${foreign}, renamed, dropped into the corpus as new files): ${done.length} reviewed, ${results.length - done.length} skipped; ` +
      `flagged (warning or error duplicate): ${flaggedOnes.length} (${pct(flaggedOnes.length, done.length)}); info only: ${infoOnly.length}`,
  ];
  for (const r of flaggedOnes) {
    for (const f of r.findings!.filter(isHeadline)) out.push(`- ${r.id} (as ${r.copyFile}:${f.line ?? '?'}) → ${place(f)} ${f.severity}/${f.kind}`);
  }
  return out.join('\n');
}

/** Untouched functions: counts by kind and a sample of flagged ones with both sides' places. */
export function untouchedReport(results: readonly UntouchedResult[], show: number): string {
  const flaggedOnes = results.filter((r) => r.findings.length > 0);
  const byKind: Record<string, number> = {};
  for (const r of flaggedOnes) for (const f of r.findings) byKind[`${f.severity}/${f.kind}`] = (byKind[`${f.severity}/${f.kind}`] ?? 0) + 1;
  const equivalents = flaggedOnes.filter((r) => r.findings.some((f) => f.equivalent)).length;
  const out = [
    `untouched functions reviewed as they are: ${results.length}; with a duplicate finding: ${flaggedOnes.length} (${pct(flaggedOnes.length, results.length)}); ` +
      `by severity/kind: ${Object.entries(byKind).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}; naming an exact normalised equal: ${equivalents}`,
  ];
  const shown = spread(flaggedOnes, show);
  if (shown.length > 0) out.push(`showing ${shown.length} for reading by eye:`);
  for (const r of shown) {
    for (const f of r.findings) out.push(`- ${r.file}:${r.line}-${r.endLine} ${r.symbol} → ${place(f)} ${f.severity}/${f.kind}${f.equivalent ? ' (equal normalised code)' : ''}`);
  }
  return out.join('\n');
}

/** Our review time per copy against jscpd's time per run. */
export function timingReport(info: FindingsRunInfo, results: readonly CopyResult[], jscpd: readonly JscpdTiming[]): string {
  const ms = results.flatMap((r) => (r.reviewMs !== undefined ? [r.reviewMs] : []));
  const ours = summarizeValues(ms);
  const out = [
    `timing (${info.cores} cores, 1-minute load average ${info.load[0].toFixed(1)} at the start, ${info.load[1].toFixed(1)} at the end):`,
    `review-guard: ${ours.n} copies reviewed one file at a time, per copy p50 ${ours.p50.toFixed(0)} ms, p95 ${ours.p95.toFixed(0)} ms, mean ${ours.mean.toFixed(0)} ms, total ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
  ];
  for (const setting of Object.keys(JSCPD_SETTINGS) as JscpdSetting[]) {
    const runs = jscpd.filter((t) => t.setting === setting);
    if (runs.length === 0) continue;
    const seconds = summarizeValues(runs.map((t) => t.seconds));
    out.push(`jscpd ${setting}: ${runs.length} runs (corpus + one edit type's copies each), per run p50 ${seconds.p50.toFixed(2)} s, max ${seconds.max.toFixed(2)} s, total ${(seconds.mean * seconds.n).toFixed(1)} s`);
  }
  return out.join('\n');
}

function isHeadline(f: FlaggedFinding): boolean {
  return f.severity === 'error' || f.severity === 'warning';
}

function place(f: FlaggedFinding): string {
  const n = f.named;
  return n ? `${n.file}:${n.line ?? '?'} ${n.symbol ?? '?'}${n.score !== undefined ? ` (${n.score.toFixed(2)})` : ''}` : '(nothing named)';
}

/** A markdown table, the first column left-aligned, the rest right-aligned. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** `count` as a percentage of `of` with one decimal, or – when `of` is 0. */
export function pct(count: number, of: number): string {
  return of === 0 ? '–' : `${((count / of) * 100).toFixed(1)}%`;
}
