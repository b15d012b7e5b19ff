/**
 * @fileoverview Measures a written set (`bench/written/<corpus>/`): each
 * copy (a tier of a case, or a negative) is placed ALONE at its new file in
 * the scratch copy of the corpus, reviewed through the CLI's own
 * `--no-model` path and removed again, so a T2 is never a candidate for the
 * T1 of the same case. A copy is found when a warning or error duplicate
 * finding names the original (the findings harness's judging); a negative
 * is flagged by any warning or error duplicate finding. Tuned jscpd runs on
 * the same copies: one run per tier over the corpus plus that tier's copies.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { placeKey } from '../corpus.js';
import { duplicateFindings, judgeCopy, type CopyJudgement } from '../finding-outcome.js';
import { flagged, reviewNewFile, type FlaggedFinding, type HarnessContext } from '../findings-run.js';
import { jscpdClones, jscpdFindings } from '../jscpd-side.js';
import type { Tier, WrittenCopy, WrittenSet } from './set.js';
import type { WrittenOracle } from './oracle.js';
import { chunkFile } from '../../../indexer/index.js';
import { createSourceFile, languageForPath } from '../../../syntax/index.js';

/** What the review (and jscpd) showed for one written copy. */
export interface WrittenResult {
  readonly id: string;
  readonly tier: Tier | 'negative';
  readonly newFile: string;
  readonly original?: WrittenCopy['original'];
  /** Why it could not be reviewed. */
  readonly error?: string;
  /** Cases only: the outcome as the findings harness judges it. */
  readonly judgement?: CopyJudgement;
  /** Negatives only: a warning or error duplicate finding was reported. */
  readonly flagged?: boolean;
  /** The duplicate findings on the copy (all severities). */
  readonly findings?: readonly FlaggedFinding[];
  readonly reviewMs?: number;
  /** With the oracle: the model stage showed the model the original (first-turn list or a search). */
  readonly shownToModel?: boolean;
  /** Tuned jscpd linked the copy to its original (a negative: to any corpus file). */
  jscpd?: boolean;
}

/** jscpd formats beyond TS/JS that a set's copies need (written sets also hold Python and Go). */
const EXTRA_FORMATS: Readonly<Record<string, readonly [format: string, exts: string]>> = { '.py': ['python', 'py'], '.go': ['go', 'go'] };

/**
 * Reviews every copy of `set` one at a time; with `oracle`, with the model
 * stage on against it (written/oracle.ts), recording whether the model was
 * shown the original.
 */
export async function measureWritten(ctx: HarnessContext, set: WrittenSet, log: (line: string) => void, oracle?: WrittenOracle): Promise<WrittenResult[]> {
  const out: WrittenResult[] = [];
  for (const [i, copy] of set.copies.entries()) {
    if (!oracle) {
      out.push(await measureCopy(ctx, copy));
    } else {
      oracle.aim({ ...(copy.original ? { original: copy.original } : {}), symbols: declaredSymbols(copy) });
      const result = await measureCopy(ctx, copy, true);
      out.push({ ...result, shownToModel: oracle.shown });
    }
    if ((i + 1) % 25 === 0 || i + 1 === set.copies.length) log(`reviewed ${i + 1}/${set.copies.length} copies`);
  }
  return out;
}

/** The chunk names of the copy's file, as the model's search tool takes them. */
function declaredSymbols(copy: WrittenCopy): string[] {
  const language = languageForPath(copy.newFile);
  return language ? chunkFile(createSourceFile(copy.newFile, copy.text, language), copy.newFile).map((c) => c.symbol) : [];
}

async function measureCopy(ctx: HarnessContext, copy: WrittenCopy, model = false): Promise<WrittenResult> {
  const base = { id: copy.id, tier: copy.tier, newFile: copy.newFile, ...(copy.original ? { original: copy.original } : {}) };
  const abs = path.join(ctx.service.root, ...copy.newFile.split('/'));
  const createdDir = await makeParents(ctx.service.root, path.dirname(abs));
  try {
    const reviewed = await reviewNewFile(ctx, copy.newFile, copy.text, model);
    if ('error' in reviewed) return { ...base, error: reviewed.error };
    const duplicates = duplicateFindings(reviewed.findings, copy.newFile);
    const findings = duplicates.map(flagged);
    if (!copy.original) {
      return { ...base, flagged: duplicates.some((f) => f.severity !== 'info'), findings, reviewMs: reviewed.ms };
    }
    const { file, startLine } = copy.original;
    const hash = ctx.corpus.hashByPlace.get(placeKey(file, startLine)) ?? '';
    const judgement = judgeCopy(reviewed.findings, copy.newFile, { ...copy.original, hash }, ctx.corpus.hashByPlace);
    return { ...base, judgement, findings, reviewMs: reviewed.ms };
  } finally {
    if (createdDir) await rm(createdDir, { recursive: true, force: true });
  }
}

/** Creates the missing folders up to `dir`; returns the topmost one created (to remove afterwards), if any. */
async function makeParents(root: string, dir: string): Promise<string | undefined> {
  let top: string | undefined;
  for (let at = dir; at.startsWith(root) && at !== root && !existsSync(at); at = path.dirname(at)) top = at;
  if (top) await mkdir(dir, { recursive: true });
  return top;
}

/**
 * Tuned jscpd on the same copies: per tier one run over the corpus and a
 * folder holding that tier's copies (never two tiers of a case together).
 * Sets `jscpd` on every result that was reviewed; returns the wall times.
 */
export async function addWrittenJscpd(root: string, copiesDir: string, set: WrittenSet, results: WrittenResult[]): Promise<{ tier: string; seconds: number }[]> {
  const extraFormats = Object.fromEntries(
    [...new Set(set.copies.map((c) => path.posix.extname(c.newFile)))].flatMap((ext) => (EXTRA_FORMATS[ext] ? [EXTRA_FORMATS[ext]] : [])),
  );
  const timings: { tier: string; seconds: number }[] = [];
  for (const tier of ['t1', 't2', 't3', 'negative'] as const) {
    const dir = path.join(copiesDir, tier);
    await mkdir(dir, { recursive: true });
    const judged = results.filter((r) => r.tier === tier && r.error === undefined);
    if (judged.length === 0) continue;
    const files: string[] = [];
    for (const r of judged) {
      const copy = set.copies.find((c) => c.id === r.id && c.tier === r.tier)!;
      const file = path.join(dir, `${r.id}-${path.posix.basename(r.newFile)}`);
      await writeFile(file, copy.text);
      files.push(file);
    }
    if (tier === 'negative') {
      const run = await jscpdClones([root, dir], 'tuned', extraFormats);
      const inCorpus = (file: string): boolean => file.startsWith(root + path.sep);
      judged.forEach((r, i) => {
        r.jscpd = run.clones.some((c) => (c.first.file === files[i] && inCorpus(c.second.file)) || (c.second.file === files[i] && inCorpus(c.first.file)));
      });
      timings.push({ tier, seconds: run.seconds });
      continue;
    }
    const places = judged.map((r, i) => ({
      copyFile: files[i]!,
      originalFile: path.join(root, ...r.original!.file.split('/')),
      startLine: r.original!.startLine,
      endLine: r.original!.endLine,
    }));
    const outcome = await jscpdFindings([root, dir], places, 'tuned', extraFormats);
    judged.forEach((r, i) => (r.jscpd = outcome.found[i]!));
    timings.push({ tier, seconds: outcome.seconds });
  }
  return timings;
}
