/**
 * @fileoverview The written set's report: per tier the copies found (count
 * and share: a written set is small), by severity and kind, the other
 * outcomes (equivalent, part, info, misattributed, missed) and tuned jscpd
 * on the same copies; the negatives flagged by each; the broken cases; and
 * every copy that was not found, for reading by eye. Markdown.
 */
import { OUTCOMES, type Outcome } from '../finding-outcome.js';
import { markdownTable, pct } from '../findings-report.js';
import type { FlaggedFinding } from '../findings-run.js';
import { JSCPD_SETTINGS } from '../jscpd-side.js';
import type { WrittenResult } from './run.js';
import type { WrittenSet } from './set.js';

/** One tier's figures. */
export interface WrittenRow {
  readonly tier: string;
  readonly n: number;
  readonly unreviewed: number;
  readonly found: number;
  readonly error: number;
  readonly warning: number;
  readonly kinds: Readonly<Record<string, number>>;
  readonly outcomes: Readonly<Record<Outcome, number>>;
  /** Tuned jscpd found (absent when it did not run). */
  readonly jscpd?: number;
}

const TIER_NAMES: Readonly<Record<string, string>> = { t1: 'T1 adapted', t2: 'T2 rewritten', t3: 'T3 re-implemented', overall: 'T1–T3' };

/** The rows for T1, T2, T3 and all three together. */
export function writtenRows(results: readonly WrittenResult[]): WrittenRow[] {
  const cases = results.filter((r) => r.tier !== 'negative');
  return [...(['t1', 't2', 't3'] as const).map((tier) => row(tier, cases.filter((r) => r.tier === tier))), row('overall', cases)];
}

function row(tier: string, results: readonly WrittenResult[]): WrittenRow {
  const done = results.filter((r) => r.judgement !== undefined);
  const found = done.filter((r) => r.judgement!.outcome === 'found');
  const kinds: Record<string, number> = {};
  for (const r of found) kinds[r.judgement!.kind!] = (kinds[r.judgement!.kind!] ?? 0) + 1;
  const withJscpd = done.filter((r) => r.jscpd !== undefined);
  return {
    tier,
    n: done.length,
    unreviewed: results.length - done.length,
    found: found.length,
    error: found.filter((r) => r.judgement!.severity === 'error').length,
    warning: found.filter((r) => r.judgement!.severity === 'warning').length,
    kinds,
    outcomes: Object.fromEntries(OUTCOMES.map((o) => [o, done.filter((r) => r.judgement!.outcome === o).length])) as Record<Outcome, number>,
    ...(withJscpd.length > 0 ? { jscpd: withJscpd.filter((r) => r.jscpd).length } : {}),
  };
}

/** Negatives: reviewed, flagged by review-guard, flagged by tuned jscpd. */
export function negativeFigures(results: readonly WrittenResult[]): { n: number; flagged: number; jscpd?: number } {
  const done = results.filter((r) => r.tier === 'negative' && r.flagged !== undefined);
  const withJscpd = done.filter((r) => r.jscpd !== undefined);
  return { n: done.length, flagged: done.filter((r) => r.flagged).length, ...(withJscpd.length > 0 ? { jscpd: withJscpd.filter((r) => r.jscpd).length } : {}) };
}

/** The whole report. */
export function writtenReport(set: WrittenSet, corpus: string, results: readonly WrittenResult[], jscpdVersion: string | undefined): string {
  const rows = writtenRows(results);
  const negatives = negativeFigures(results);
  const withJscpd = rows.some((r) => r.jscpd !== undefined);
  const share = (count: number | undefined, of: number): string => (count === undefined ? '–' : `${count}/${of} (${pct(count, of)})`);
  const header = ['tier', 'n', 'found', 'error', 'warning', 'equiv', 'part', 'info', 'misattr', 'missed', ...(withJscpd ? ['tuned jscpd'] : [])];
  const body = rows.map((r) => [
    TIER_NAMES[r.tier] ?? r.tier,
    String(r.n),
    share(r.found, r.n),
    String(r.error),
    String(r.warning),
    String(r.outcomes.equivalent),
    String(r.outcomes.part),
    String(r.outcomes.info),
    String(r.outcomes.misattributed),
    String(r.outcomes.missed),
    ...(withJscpd ? [share(r.jscpd, r.n)] : []),
  ]);
  body.push(['negatives flagged', String(negatives.n), share(negatives.flagged, negatives.n), '', '', '', '', '', '', '', ...(withJscpd ? [share(negatives.jscpd, negatives.n)] : [])]);
  const overall = rows.find((r) => r.tier === 'overall')!;
  const out = [
    `written set ${set.name} (${set.repo} at ${set.commit.slice(0, 12)}) on ${corpus}: ${set.cases} cases, ${set.negatives} negatives, ${set.copies.length} copies reviewed one at a time, each alone at its new file`,
    '',
    'found = a warning or error `duplicate` finding on the copy names the original (file, symbol, line); equiv = names only a function whose normalised code equals it; ' +
      'part = names only a function nested inside it; info = only an info finding names it; misattr = a warning/error finding names another place; ' +
      'negatives flagged = any warning or error duplicate finding' +
      (withJscpd ? `; tuned jscpd ${jscpdVersion ?? ''} (${JSCPD_SETTINGS.tuned.join(' ')}) = a clone links the copy to the original's lines (a negative: to any corpus file)` : ''),
    '',
    markdownTable(header, body),
    ...(Object.keys(overall.kinds).length > 0 ? ['', `found by kind (T1–T3): ${Object.entries(overall.kinds).map(([k, n]) => `${k} ${n}`).join(', ')}`] : []),
    ...oracleLine(results),
  ];
  if (set.broken.length > 0) out.push('', `BROKEN (${set.broken.length}, left out of the figures):`, ...set.broken.map((b) => `- ${b}`));
  const unreviewed = results.filter((r) => r.error !== undefined);
  if (unreviewed.length > 0) out.push('', `not reviewed (${unreviewed.length}):`, ...unreviewed.map((r) => `- ${r.id} ${r.tier}: ${r.error}`));
  const misattributed = results.filter((r) => r.judgement?.outcome === 'misattributed');
  if (misattributed.length > 0) {
    out.push('', `misattributed (${misattributed.length}):`, ...misattributed.map((r) => `- ${r.id} ${r.tier} (original ${r.original!.symbol}) → ${named(r.findings)}`));
  }
  const flaggedNegatives = results.filter((r) => r.flagged);
  if (flaggedNegatives.length > 0) out.push('', 'negatives flagged:', ...flaggedNegatives.map((r) => `- ${r.id} (${r.newFile}) → ${named(r.findings)}`));
  return out.join('\n');
}

function named(findings: readonly FlaggedFinding[] | undefined): string {
  const headline = (findings ?? []).filter((f) => f.severity !== 'info');
  return headline.map((f) => `${f.named ? `${f.named.file}:${f.named.line ?? '?'} ${f.named.symbol ?? '?'}` : '(nothing named)'} ${f.severity}/${f.kind}`).join('; ') || '(none)';
}

/** With the oracle (`--oracle`): how often the model stage showed the model the original, per tier: the model path's ceiling. */
function oracleLine(results: readonly WrittenResult[]): string[] {
  const cases = results.filter((r) => r.tier !== 'negative' && r.shownToModel !== undefined);
  if (cases.length === 0) return [];
  const tiers = ['t1', 't2', 't3'].map((tier) => {
    const of = cases.filter((r) => r.tier === tier);
    return `${tier.toUpperCase()} ${of.filter((r) => r.shownToModel).length}/${of.length}`;
  });
  const shown = cases.filter((r) => r.shownToModel).length;
  return ['', `model path ceiling (oracle double): original shown to the model for ${shown}/${cases.length} (${pct(shown, cases.length)}) of T1–T3 — ${tiers.join(', ')}`];
}
