/**
 * @fileoverview Turns the bench's measurements into the printed report:
 * machine and corpus, one Markdown table of absolute figures, ratios to
 * jscpd and the acceptance targets, then the breakdowns behind them.
 */
import type { CorpusInfo, MachineInfo } from './env-info.js';
import type { JscpdTotals } from './jscpd.js';
import type { BuildSample, RunSample } from './scenarios.js';
import { median, summarize, type Summary } from './stats.js';
import type { HeapProbeResult, IncrementalResult, WarmCheckResult } from './types.js';

/** HNSW graph degree the index is built with (HnswIndex's default M). */
export const HNSW_M = 16;

/** Everything one bench run measured. */
export interface BenchResult {
  readonly machine: MachineInfo;
  readonly corpus: CorpusInfo;
  readonly runs: number;
  readonly rssSource: string;
  readonly jscpd: { readonly version: string; readonly native: boolean; readonly totals: JscpdTotals };
  readonly jscpdScan: readonly RunSample[];
  readonly jscpdScanOneWorker: readonly RunSample[];
  readonly build: readonly BuildSample[];
  readonly heap: HeapProbeResult;
  readonly warmCheck: WarmCheckResult;
  readonly warmIncremental: IncrementalResult;
  readonly coldIncremental: readonly RunSample[];
  readonly coldReview: readonly RunSample[];
  readonly floors: { readonly node: readonly RunSample[]; readonly cliVersion: readonly RunSample[] };
  readonly totalSeconds: number;
  readonly loadAvgEnd: readonly number[];
}

/** Index memory per chunk, from the heap probe. */
export interface MemoryFigures {
  readonly vectorBytes: number;
  readonly graphEstimateBytes: number;
  /** hnswlib's per-index table of 65 536 label locks (std::mutex, 40 B on Linux x64), whatever the size. */
  readonly fixedNativeBytes: number;
  /** hnswlib's tables beside the graph: per slot a lock, level and link pointer, visited mark; per label a map node. */
  readonly hnswTablesBytes: number;
  readonly hnswFileBeyondVectors: number;
  /** Later opens: JS heap used + external (median), native = ΔRSS − Δcommitted heap (median, min, max). */
  readonly js: number;
  readonly native: { readonly median: number; readonly min: number; readonly max: number };
  /** (JS heap + hnswlib tables) / chunks: what the index holds beyond vectors and graph, by measurement and layout. */
  readonly attributablePerChunk: number;
  readonly jsPerChunk: number;
  /** (JS + native − vectors − graph − fixed table) / chunks from RSS: median, min, max over the later opens. */
  readonly rssBeyondPerChunk: { readonly median: number; readonly min: number; readonly max: number };
}

export function memoryFigures(heap: HeapProbeResult, m = HNSW_M): MemoryFigures {
  const { chunks, dimensions, opens } = heap;
  const n = Math.max(1, chunks);
  const capacity = Number.isNaN(heap.hnswCapacity) ? chunks : heap.hnswCapacity;
  const hnsw = heap.flatFileBytes === 0;
  // HNSW holds dense float32 vectors; a flat index the sparse lists of its file (values, slots, entries), which a load wraps.
  const vectorBytes = hnsw ? chunks * dimensions * 4 : heap.flatFileBytes;
  // Level-0 links (2M ids + count), the label, and upper levels (M ids + count, on 1/(M-1) levels on average).
  const graphEstimateBytes = hnsw ? chunks * (2 * m * 4 + 4 + 8 + (m * 4 + 4) / (m - 1)) : 0;
  // Per slot: std::mutex 40 + level int 4 + link-list pointer 8 + visited mark 2; per label: a hash-map node ~40.
  const hnswTablesBytes = hnsw ? capacity * (40 + 4 + 8 + 2) + chunks * 40 : 0;
  const fixedNativeBytes = hnsw ? 65_536 * 40 : 0;
  // A flat index keeps its vectors in the JS heap: they are vectors, not overhead.
  const jsVectorBytes = hnsw ? 0 : vectorBytes;
  const parts = opens.map(({ before, after }) => ({
    js: after.heapUsed - before.heapUsed + (after.external - before.external),
    native: after.rss - before.rss - (after.heapTotal - before.heapTotal),
  }));
  // The first open also pays one-time costs (compiled code, malloc arenas): only the later ones count.
  const later = parts.length > 1 ? parts.slice(1) : parts;
  const natives = later.map((p) => p.native);
  const js = median(later.map((p) => p.js));
  const beyond = later.map((p) => (p.js + p.native - vectorBytes - graphEstimateBytes - fixedNativeBytes) / n);
  return {
    vectorBytes,
    graphEstimateBytes,
    fixedNativeBytes,
    hnswTablesBytes,
    hnswFileBeyondVectors: heap.hnswFileBytes - vectorBytes,
    js,
    native: { median: median(natives), min: Math.min(...natives), max: Math.max(...natives) },
    attributablePerChunk: (js - jsVectorBytes + hnswTablesBytes) / n,
    jsPerChunk: (js - jsVectorBytes) / n,
    rssBeyondPerChunk: { median: median(beyond), min: Math.min(...beyond), max: Math.max(...beyond) },
  };
}

const ms = (v: number): string => (Number.isNaN(v) ? 'n/a' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`);
const mb = (kb: number): string => (Number.isNaN(kb) ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`);
const ratio = (a: number, b: number): string => (b > 0 && !Number.isNaN(a) ? `${(a / b).toFixed(2)}×` : '—');
const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' / ');
const perChunk = (x: { median: number; min: number; max: number }): string =>
  `${x.median.toFixed(0)} [${x.min.toFixed(0)}–${x.max.toFixed(0)}] B/chunk`;
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
const p50 = (samples: readonly RunSample[], key: keyof RunSample): number => median(samples.map((s) => s[key]));

/** The full text report. */
export function formatReport(r: BenchResult): string {
  const jscpdWall = p50(r.jscpdScan, 'wallMs');
  const jscpdOne = p50(r.jscpdScanOneWorker, 'wallMs');
  const buildWall = p50(r.build, 'wallMs');
  const chunks = r.build.at(-1)?.chunks ?? Number.NaN;
  const mem = memoryFigures(r.heap);
  const warm = r.warmCheck.reviewMs;
  const inc = r.warmIncremental.oneFileRefreshMs;
  const coldInc = summarize(r.coldIncremental.map((s) => s.wallMs));
  const coldReview = summarize(r.coldReview.map((s) => s.wallMs));
  const rows: string[][] = [
    ['Full scan / full index build, wall p50', ms(buildWall), ms(jscpdWall), ratio(buildWall, jscpdWall), '≤ 5×', verdict(buildWall <= 5 * jscpdWall)],
    ['  same, vs jscpd --workers 1', ms(buildWall), ms(jscpdOne), ratio(buildWall, jscpdOne), '', ''],
    ['  peak RSS p50', mb(p50(r.build, 'peakRssKb')), mb(p50(r.jscpdScan, 'peakRssKb')), ratio(p50(r.build, 'peakRssKb'), p50(r.jscpdScan, 'peakRssKb')), '', ''],
    ['  CPU user+sys p50', `${p50(r.build, 'cpuS').toFixed(2)} s`, `${p50(r.jscpdScan, 'cpuS').toFixed(2)} s`, ratio(p50(r.build, 'cpuS'), p50(r.jscpdScan, 'cpuS')), '', ''],
    ['Incremental, 1 changed file, warm p50', ms(inc.p50), `${ms(jscpdWall)} (rescan)`, ratio(inc.p50, jscpdWall), '≤ 150 ms', verdict(inc.p50 <= 150)],
    ['  warm p95 / CPU p50', `${ms(inc.p95)} / ${ms(r.warmIncremental.oneFileRefreshCpuMs.p50)}`, '', '', '', ''],
    ['Incremental, 1 changed file, cold CLI p50', ms(coldInc.p50), `${ms(jscpdWall)} (rescan)`, ratio(coldInc.p50, jscpdWall), '', ''],
    ['Single-file check, warm p50', ms(warm.p50), `${ms(jscpdWall)} (rescan)`, ratio(warm.p50, jscpdWall), '≤ 50 ms', verdict(warm.p50 <= 50)],
    ['  warm p95 / CPU p50', `${ms(warm.p95)} / ${ms(r.warmCheck.reviewCpuMs.p50)}`, '', '', '', ''],
    ['Single-file check, cold CLI p50', ms(coldReview.p50), `${ms(jscpdWall)} (rescan)`, ratio(coldReview.p50, jscpdWall), '≤ 500 ms', verdict(coldReview.p50 <= 500)],
    ['  cold CLI p95 / peak RSS p50', `${ms(coldReview.p95)} / ${mb(p50(r.coldReview, 'peakRssKb'))}`, '', '', '', ''],
    ['Index RAM beyond vectors+graph (JS heap + hnswlib tables)', `${mem.attributablePerChunk.toFixed(0)} B/chunk`, '—', '', '≤ 2048 B', verdict(mem.attributablePerChunk <= 2048)],
    ['  of which JS heap (catalog), measured', `${mem.jsPerChunk.toFixed(0)} B/chunk`, '', '', '', ''],
    ['  RSS cross-check, median [min–max]', `${perChunk(mem.rssBeyondPerChunk)}`, '', '', '', ''],
  ];
  const { machine: m, corpus: c, jscpd: j } = r;
  const exts = Object.entries(c.byExtension).map(([e, n]) => `${e} ${n}`).join(', ');
  return [
    `# review-guard index bench: ${c.name}`,
    '',
    `Machine: ${m.cores} cores, ${m.cpuModel}, ${m.ramGiB} GiB RAM, Node ${m.node}, ${m.kernel}; ` +
      `load average ${load(m.loadAvg)} at start, ${load(r.loadAvgEnd)} at end`,
    `Corpus: ${c.files} files (${exts}), ${c.lines.toLocaleString('en')} lines, ${(c.bytes / 2 ** 20).toFixed(1)} MiB; ` +
      `index: ${r.build.at(-1)?.files ?? 'n/a'} files, ${chunks} chunks`,
    `jscpd ${j.version} (${j.native ? 'native binary' : 'Node launcher'}): ${j.totals.sources} sources over its min-tokens, ` +
      `${j.totals.lines.toLocaleString('en')} lines, ${j.totals.tokens.toLocaleString('en')} tokens, ${j.totals.clones} clones ` +
      `(${j.totals.percentage.toFixed(1)}% duplicated lines)`,
    `Runs: ${r.runs} per full scan/build; RSS via ${r.rssSource}; whole bench ${r.totalSeconds.toFixed(0)} s`,
    '',
    markdownTable(['Measure', 'review-guard', 'jscpd', 'ours / jscpd', 'Target', 'Verdict'], rows),
    '',
    ...details(r, mem),
  ].join('\n');
}

function details(r: BenchResult, mem: MemoryFigures): string[] {
  const s = (x: Summary): string => `p50 ${ms(x.p50)}, p95 ${ms(x.p95)}, n=${x.n}`;
  const w = r.warmCheck;
  const kb = (b: number): string => `${(b / 1024).toFixed(0)} KiB`;
  return [
    '## Breakdown',
    `Full build runs (wall): ${r.build.map((b) => ms(b.wallMs)).join(', ')}; jscpd: ${r.jscpdScan.map((b) => ms(b.wallMs)).join(', ')}; ` +
      `jscpd --workers 1: ${r.jscpdScanOneWorker.map((b) => ms(b.wallMs)).join(', ')}`,
    `Warm single-file check over ${w.files.length} files (${w.meanChunksPerFile.toFixed(1)} chunks each on average, ` +
      `${w.duplicateFindings} duplicate findings): ${s(w.reviewMs)}`,
    `  measured apart: workspace walk+stat (each review's refresh floor) ${s(w.breakdown.walkMs)}; ` +
      `parse ${s(w.breakdown.parseMs)}; chunk ${s(w.breakdown.chunkMs)}; search (all chunks of the file) ${s(w.breakdown.searchMs)}; ` +
      `search + verdict (alignment of every close candidate) ${s(w.breakdown.verdictMs)}`,
    `Warm incremental over ${r.warmIncremental.files.length} files (edit + restore): ${s(r.warmIncremental.oneFileRefreshMs)}`,
    `  no-change refresh ${s(r.warmIncremental.noChangeRefreshMs)}; indexSource (1 file, in memory) ` +
      `${s(r.warmIncremental.breakdown.indexSourceMs)}; save (whole store) ${s(r.warmIncremental.breakdown.saveMs)}`,
    `Cold CLI index after 1 change: ${s(summarize(r.coldIncremental.map((x) => x.wallMs)))}, peak RSS p50 ${mb(p50(r.coldIncremental, 'peakRssKb'))}`,
    `Cold CLI review --no-model: ${s(summarize(r.coldReview.map((x) => x.wallMs)))}`,
    `Start-up floors: node -e 0 p50 ${ms(p50(r.floors.node, 'wallMs'))}; review-guard --version p50 ${ms(p50(r.floors.cliVersion, 'wallMs'))} ` +
      `(module loading), peak RSS ${mb(p50(r.floors.cliVersion, 'peakRssKb'))}`,
    `Index memory (fresh process, CodeIndex.open ${r.heap.opens.length}× with GC before/after each, copies kept; ` +
      `open ${r.heap.opens.map((o) => ms(o.openMs)).join(', ')}): later opens: JS heap+external median ${kb(mem.js)}, ` +
      `native (ΔRSS − Δcommitted heap) median ${kb(mem.native.median)} [${kb(mem.native.min)}–${kb(mem.native.max)}]`,
    r.heap.flatFileBytes > 0
      ? `  vectors as the flat index holds them (sparse lists, as in its file) ${kb(mem.vectorBytes)} ` +
        `(${(mem.vectorBytes / Math.max(1, r.heap.chunks)).toFixed(0)} B/chunk; dense ${r.heap.chunks}×${r.heap.dimensions}×4 would be ${kb(r.heap.chunks * r.heap.dimensions * 4)}); no graph`
      : `  vectors ${r.heap.chunks}×${r.heap.dimensions}×4 = ${kb(mem.vectorBytes)}; graph links estimate (M=${HNSW_M}) ${kb(mem.graphEstimateBytes)}; ` +
        `hnswlib tables (capacity ${r.heap.hnswCapacity} slots) ${kb(mem.hnswTablesBytes)}; ` +
        `hnswlib fixed label-lock table ${kb(mem.fixedNativeBytes)} (${(mem.fixedNativeBytes / Math.max(1, r.heap.chunks)).toFixed(0)} B/chunk here, not counted per chunk)`,
    r.heap.flatFileBytes > 0
      ? `  store on disk: .flat ${kb(r.heap.flatFileBytes)}, meta.json ${kb(r.heap.metaFileBytes)}`
      : `  store on disk: .hnsw ${kb(r.heap.hnswFileBytes)} (${kb(mem.hnswFileBeyondVectors)} beyond vectors), meta.json ${kb(r.heap.metaFileBytes)}`,
  ];
}

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}
