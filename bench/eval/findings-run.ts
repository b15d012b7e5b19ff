/**
 * @fileoverview The findings harness's measurements, all through the
 * product's default path with the model off: the CLI's own
 * `reviewInBatches(service, [file], {model: false})` on a warm service over
 * a scratch copy of the corpus (config defaults, no diff scope, no baseline
 * file). Each copy is written as a new file next to its original, reviewed
 * alone and deleted again, so no copy is ever a candidate for another.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { reviewInBatches } from '../../src/cli/commands/review.js';
import type { Finding, ReviewService } from '../../src/pipeline/index.js';
import { parseUnitFile, placeKey, type Corpus, type SampleUnit } from './corpus.js';
import { copyExtension, copyFileText } from './copy-file.js';
import { isSkip } from './edits/edit.js';
import { TO_JAVASCRIPT, variantText, type EditType } from './edits/registry.js';
import { duplicateFindings, judgeCopy, kindOf, type CopyJudgement } from './finding-outcome.js';
import { Rng } from './rng.js';
import { locateFunction } from './syntax-util.js';

/** What the measurements share. */
export interface HarnessContext {
  readonly corpus: Corpus;
  readonly service: ReviewService;
  readonly seed: number;
  /** Outside the workspace: each edit type's copies are also written here, for jscpd. */
  readonly copiesDir: string;
}

/** One (sample, edit type) copy and what the review showed for it. */
export interface CopyResult {
  readonly id: string;
  readonly type: EditType;
  readonly language: string;
  /** The original's place: workspace-relative file, 1-based inclusive lines. */
  readonly original: { readonly file: string; readonly symbol: string; readonly startLine: number; readonly endLine: number };
  readonly skipped?: string;
  readonly note?: string;
  /** Workspace-relative path the copy was reviewed at. */
  readonly copyFile?: string;
  /** Absolute path of the same text in the copies folder (what jscpd scans). */
  readonly jscpdFile?: string;
  /** The copy's file text, for reading misses. */
  readonly text?: string;
  readonly judgement?: CopyJudgement;
  readonly reviewMs?: number;
  /** Found by jscpd, per setting. */
  jscpd?: Record<string, boolean>;
}

/** A copy's text and where it goes, or why the sample has none. */
type CopyPlan = { readonly text: string; readonly rel: string; readonly note: string } | { readonly skip: string };

/** Writes, reviews and judges one copy per sample for `type`. */
export async function measureType(ctx: HarnessContext, sample: readonly SampleUnit[], type: EditType): Promise<CopyResult[]> {
  const { corpus } = ctx;
  const typeDir = path.join(ctx.copiesDir, type);
  await mkdir(typeDir, { recursive: true });
  const out: CopyResult[] = [];
  for (const [i, unit] of sample.entries()) {
    const { chunk } = unit;
    const base = {
      id: chunk.id,
      type,
      language: unit.language,
      original: { file: chunk.file, symbol: chunk.symbol, startLine: chunk.startLine, endLine: chunk.endLine },
    };
    const plan = planCopy(corpus.root, unit, type, ctx.seed, `rg-copy-${i}`, path.posix.dirname(chunk.file));
    if ('skip' in plan) {
      out.push({ ...base, skipped: plan.skip });
      continue;
    }
    const jscpdFile = path.join(typeDir, `${i}-${path.posix.basename(plan.rel)}`);
    await writeFile(jscpdFile, plan.text);
    const reviewed = await reviewNewFile(ctx, plan.rel, plan.text);
    if ('error' in reviewed) {
      out.push({ ...base, skipped: reviewed.error });
      continue;
    }
    const judgement = judgeCopy(reviewed.findings, plan.rel, { ...base.original, hash: chunk.hash }, corpus.hashByPlace);
    out.push({ ...base, note: plan.note, copyFile: plan.rel, jscpdFile, text: plan.text, judgement, reviewMs: reviewed.ms });
  }
  return out;
}

/** The edited copy of `unit` as a file text, at `<dir>/<name><ext>`. */
function planCopy(root: string, unit: SampleUnit, type: EditType, seed: number, name: string, dir: string): CopyPlan {
  const { chunk } = unit;
  const file = parseUnitFile(root, unit);
  const fn = file && locateFunction(file, unit.textStart, unit.textEnd);
  if (!file || !fn) return { skip: 'no function node' };
  const variant = variantText(type, { file, fn, start: unit.textStart, end: unit.textEnd, rng: Rng.derive(seed, `${chunk.id}|${type}`) });
  if (isSkip(variant)) return variant;
  const rel = path.posix.join(dir, `${name}${copyExtension(chunk.file, TO_JAVASCRIPT.has(type))}`);
  const text = copyFileText(variant.text, rel);
  return typeof text === 'string' ? { text, rel, note: variant.note } : text;
}

/** Writes `text` as a new workspace file (its folder must exist), reviews it as the CLI does, and deletes it again. */
export async function reviewNewFile(ctx: HarnessContext, rel: string, text: string, model = false): Promise<{ findings: Finding[]; ms: number } | { error: string }> {
  const abs = path.join(ctx.service.root, ...rel.split('/'));
  await writeFile(abs, text, { flag: 'wx' });
  try {
    const started = performance.now();
    const result = await reviewInBatches(ctx.service, [rel], { model });
    const ms = performance.now() - started;
    const status = result.summary.files[0];
    if (status?.status !== 'reviewed') return { error: `not reviewed: ${status?.reason ?? 'no status'}` };
    return { findings: result.findings, ms };
  } finally {
    await rm(abs, { force: true });
  }
}

/** A foreign function, renamed and dropped into the corpus, and the duplicate findings on it. */
export interface ForeignResult {
  readonly id: string;
  readonly skipped?: string;
  readonly copyFile?: string;
  readonly findings?: readonly FlaggedFinding[];
}

/** A duplicate finding, as the report lists it. */
export interface FlaggedFinding {
  readonly severity: string;
  readonly kind: string;
  readonly line?: number;
  readonly endLine?: number;
  readonly symbol?: string;
  readonly named?: { readonly file: string; readonly line?: number; readonly symbol?: string; readonly score?: number };
}

/** Reviews renamed functions of another corpus, each placed in the folder of a random corpus function. */
export async function measureForeign(ctx: HarnessContext, foreignRoot: string, units: readonly SampleUnit[]): Promise<ForeignResult[]> {
  const folders = Rng.derive(ctx.seed, 'foreign-folders');
  const out: ForeignResult[] = [];
  for (const [i, unit] of units.entries()) {
    const dir = path.posix.dirname(folders.pick(ctx.corpus.eligible).chunk.file);
    const plan = planCopy(foreignRoot, unit, 'rename', ctx.seed, `rg-foreign-${i}`, dir);
    if ('skip' in plan) {
      out.push({ id: unit.chunk.id, skipped: plan.skip });
      continue;
    }
    const reviewed = await reviewNewFile(ctx, plan.rel, plan.text);
    if ('error' in reviewed) out.push({ id: unit.chunk.id, skipped: reviewed.error });
    else out.push({ id: unit.chunk.id, copyFile: plan.rel, findings: duplicateFindings(reviewed.findings, plan.rel).map(flagged) });
  }
  return out;
}

/** An untouched corpus function and the duplicate findings a review of its file reports on it. */
export interface UntouchedResult {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly endLine: number;
  readonly symbol: string;
  readonly findings: readonly (FlaggedFinding & { readonly equivalent: boolean })[];
}

/** Reviews the files of `units` as they are (each file once) and keeps the findings on the sampled functions. */
export async function measureUntouched(ctx: HarnessContext, units: readonly SampleUnit[]): Promise<UntouchedResult[]> {
  const byFile = new Map<string, Finding[]>();
  for (const file of new Set(units.map((u) => u.chunk.file))) {
    byFile.set(file, (await reviewInBatches(ctx.service, [file], { model: false })).findings);
  }
  return units.map(({ chunk }) => {
    const findings = duplicateFindings(byFile.get(chunk.file) ?? [], chunk.file)
      .filter((f) => f.symbol === chunk.symbol && f.line === chunk.startLine)
      .map((f) => {
        const named = f.related?.[0];
        const equivalent = named?.line !== undefined && ctx.corpus.hashByPlace.get(placeKey(named.file, named.line)) === chunk.hash;
        return { ...flagged(f), equivalent };
      });
    return { id: chunk.id, file: chunk.file, line: chunk.startLine, endLine: chunk.endLine, symbol: chunk.symbol, findings };
  });
}

/** A finding as the reports list it: severity, kind, place and the code it names first. */
export function flagged(f: Finding): FlaggedFinding {
  const named = f.related?.[0];
  return {
    severity: f.severity,
    kind: kindOf(f),
    ...(f.line !== undefined ? { line: f.line } : {}),
    ...(f.endLine !== undefined ? { endLine: f.endLine } : {}),
    ...(f.symbol !== undefined ? { symbol: f.symbol } : {}),
    ...(named ? { named } : {}),
  };
}
