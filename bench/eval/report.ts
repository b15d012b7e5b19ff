/**
 * @fileoverview Renders the benchmark's results as plain-text tables for
 * stdout (the JSON output is the same data, unformatted).
 */
import type { FalsePositiveReport } from './false-positives.js';
import type { TypeSummary } from './metrics.js';

/** What a run reports about its corpus and settings. */
export interface RunInfo {
  readonly corpus: string;
  readonly seed: number;
  readonly samples: number;
  readonly files: number;
  readonly chunks: number;
  readonly eligible: number;
  readonly indexSeconds: number;
  readonly querySeconds: number;
  readonly threshold: number;
}

const COLUMNS: ReadonlyArray<[string, (s: TypeSummary) => string]> = [
  ['edit', (s) => s.type],
  ['n', (s) => String(s.n)],
  ['skip', (s) => String(s.skipped)],
  ['R@1', (s) => pct(s.recallAt1)],
  ['R@5', (s) => pct(s.recallAt5)],
  ['R@10', (s) => pct(s.recallAt10)],
  ['MRR', (s) => num(s.mrr)],
  ['exact', (s) => pct(s.exact)],
  ['≥thr', (s) => pct(s.aboveThreshold)],
  ['p10', (s) => num(s.scoreP10)],
  ['p50', (s) => num(s.scoreP50)],
  ['p90', (s) => num(s.scoreP90)],
  ['dir@1', (s) => pct(s.dirAt1)],
];

/** The recall table, one row per edit type. */
export function recallTable(info: RunInfo, rows: readonly TypeSummary[]): string {
  const header = [
    `corpus ${info.corpus}: ${info.files} files, ${info.chunks} chunks, ${info.eligible} sampleable functions; ` +
      `${info.samples} sampled (seed ${info.seed}); index ${info.indexSeconds.toFixed(1)} s, queries ${info.querySeconds.toFixed(1)} s`,
    `rank = position of the original (or an exact normalised copy) in search({code, language}, 10); ` +
      `scores are the original's cosine; ≥thr = original scores ≥ ${info.threshold}; dir@1 = top hit in the original's folder`,
  ];
  return [...header, '', table(COLUMNS.map(([name]) => name), rows.map((r) => COLUMNS.map(([, cell]) => cell(r))))].join('\n');
}

/** Skip reasons per edit type, for judging coverage. */
export function skipTable(rows: readonly TypeSummary[]): string {
  const lines = rows
    .filter((r) => r.skipped > 0 && !r.type.startsWith('overall'))
    .map((r) => `  ${r.type}: ${Object.entries(r.skipReasons).map(([why, n]) => `${why} ${n}`).join(', ')}`);
  return lines.length === 0 ? '' : ['skipped samples:', ...lines].join('\n');
}

/** The false-positive counts and the flagged pairs. */
export function falsePositiveReport(fp: FalsePositiveReport): string {
  const counts = fp.thresholds.map((t) => `≥ ${t.threshold.toFixed(2)}: ${t.flagged}/${fp.checked} (${pct(t.flagged / fp.checked)})`).join('   ');
  const out = [
    `false-positive check (untouched functions through searchDuplicates, ${fp.candidates} candidates): ${counts}`,
    `flagged at the default threshold: ${fp.pairs.length}, of which exact normalised copies (score 1) ${fp.exact}, ` +
      `same function name on both sides ${fp.sameName}; showing ${fp.shown.length}, spread over the score range`,
  ];
  fp.shown.forEach((p, i) => {
    out.push(
      '',
      `#${i + 1}  ${p.query.file}:${p.query.line} ${p.query.symbol}  →  ${p.match.file}:${p.match.line} ${p.match.symbol}  score ${p.score.toFixed(3)}`,
      indent(p.query.head, '  | '),
      '  ---',
      indent(p.match.head, '  | '),
    );
  });
  return out.join('\n');
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function pct(x: number): string {
  return Number.isNaN(x) ? '–' : `${(x * 100).toFixed(1)}%`;
}

function num(x: number): string {
  return Number.isNaN(x) ? '–' : x.toFixed(3);
}

function indent(text: string, prefix: string): string {
  return text.split('\n').map((l) => prefix + l).join('\n');
}
