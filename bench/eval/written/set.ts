/**
 * @fileoverview Loads and checks a written set (`bench/written/<corpus>/`,
 * format in `bench/written/README.md`): the cases' originals must be units
 * of the corpus at the stated lines (as the product's chunker cuts them), T1
 * must decode from those lines, every tier's file must exist, and no new
 * file may already exist in the corpus. A broken case is reported with what
 * is wrong and left out of the measurement, never guessed at.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { chunkFileWithTokens } from '../../../indexer/chunks/chunker.js';
import { readSourceText } from '../../../indexer/walk/file-walk.js';
import { createSourceFile, languageForPath } from '../../../syntax/index.js';
import { decodeT1, type T1Op } from './t1.js';

/** The copies of a case, in the order they are measured. */
export const TIERS = ['t1', 't2', 't3'] as const;
export type Tier = (typeof TIERS)[number];

const place = z.object({
  file: z.string().min(1),
  symbol: z.string().min(1),
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
});
const setSchema = z.object({
  repo: z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'owner/name'),
  commit: z.string().regex(/^[0-9a-f]{40}$/, '40 hex digits'),
  cases: z.array(z.object({ id: z.string().min(1), original: place, newFile: z.string().min(1) })),
  negatives: z.array(z.object({ id: z.string().min(1), newFile: z.string().min(1) })).default([]),
});
const opsSchema = z.object({
  ops: z.array(
    z.union([z.tuple([z.literal('keep'), z.number()]), z.tuple([z.literal('drop'), z.number()]), z.tuple([z.literal('add'), z.array(z.string())])]),
  ),
});

export type WrittenSetFile = z.infer<typeof setSchema>;
export type WrittenCaseEntry = WrittenSetFile['cases'][number];

/** One copy to review: a tier of a case, or a negative. */
export interface WrittenCopy {
  readonly id: string;
  /** `t1`, `t2`, `t3` or `negative`. */
  readonly tier: Tier | 'negative';
  /** Workspace-relative path the copy is placed at. */
  readonly newFile: string;
  readonly text: string;
  /** The original (absent for a negative). */
  readonly original?: WrittenCaseEntry['original'];
}

/** A loaded set: the copies that can be measured and what is broken. */
export interface WrittenSet {
  readonly name: string;
  readonly repo: string;
  readonly commit: string;
  readonly cases: number;
  readonly negatives: number;
  readonly copies: readonly WrittenCopy[];
  /** `id (tier): what is wrong`, one line each. */
  readonly broken: readonly string[];
}

/** Reads `<dir>/corpus.json`; throws with the problem and the fix when the file itself is unusable. */
export function readSetFile(dir: string): WrittenSetFile {
  const file = path.join(dir, 'corpus.json');
  if (!existsSync(file)) throw new Error(`${file} not found: pass a written-set folder such as bench/written/zod`);
  const parsed = setSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const ids = [...parsed.data.cases, ...parsed.data.negatives].map((c) => c.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length > 0) throw new Error(`${file}: ids used twice: ${[...new Set(twice)].join(', ')}`);
  return parsed.data;
}

/** The original's lines, or why the corpus does not hold that unit there. */
export function originalLines(corpusRoot: string, original: WrittenCaseEntry['original']): { lines: string[] } | { error: string } {
  const { file, symbol, startLine, endLine } = original;
  const text = readSourceText(corpusRoot, path.join(corpusRoot, ...file.split('/')));
  if (text === undefined) return { error: `original ${file} is not a readable source file of the corpus` };
  const language = languageForPath(file);
  if (!language) return { error: `original ${file}: no language for its extension` };
  const units = chunkFileWithTokens(createSourceFile(file, text, language), file).map((c) => c.chunk);
  if (!units.some((u) => u.symbol === symbol && u.startLine === startLine && u.endLine === endLine)) {
    const same = units.filter((u) => u.symbol === symbol).map((u) => `${u.startLine}-${u.endLine}`);
    return { error: `no unit ${symbol} at ${file}:${startLine}-${endLine}${same.length ? ` (it is at ${same.join(', ')}: another commit?)` : ''}` };
  }
  return { lines: text.split(/\r?\n/).slice(startLine - 1, endLine) };
}

/** Loads the set in `dir` against the corpus at `corpusRoot`. */
export function loadWrittenSet(dir: string, corpusRoot: string): WrittenSet {
  const set = readSetFile(dir);
  const copies: WrittenCopy[] = [];
  const broken: string[] = [];
  const read = (id: string, tier: string, file: string): string | undefined => {
    if (existsSync(file)) return readFileSync(file, 'utf8');
    broken.push(`${id} (${tier}): ${path.basename(file)} is missing`);
    return undefined;
  };
  const placeable = (id: string, newFile: string): boolean => {
    if (!existsSync(path.join(corpusRoot, ...newFile.split('/')))) return true;
    broken.push(`${id}: newFile ${newFile} already exists in the corpus; pick a new path`);
    return false;
  };
  for (const entry of set.cases) {
    const ext = path.posix.extname(entry.newFile);
    if (!placeable(entry.id, entry.newFile)) continue;
    const lines = originalLines(corpusRoot, entry.original);
    if ('error' in lines) {
      broken.push(`${entry.id}: ${lines.error}`);
      continue;
    }
    const t1 = t1Text(dir, entry.id, lines.lines);
    if ('error' in t1) broken.push(`${entry.id} (t1): ${t1.error}`);
    else copies.push({ id: entry.id, tier: 't1', newFile: entry.newFile, text: t1.text, original: entry.original });
    for (const tier of ['t2', 't3'] as const) {
      const text = read(entry.id, tier, path.join(dir, `${entry.id}.${tier}${ext}`));
      if (text !== undefined) copies.push({ id: entry.id, tier, newFile: entry.newFile, text, original: entry.original });
    }
  }
  for (const negative of set.negatives) {
    if (!placeable(negative.id, negative.newFile)) continue;
    const text = read(negative.id, 'negative', path.join(dir, `${negative.id}${path.posix.extname(negative.newFile)}`));
    if (text !== undefined) copies.push({ id: negative.id, tier: 'negative', newFile: negative.newFile, text });
  }
  return { name: path.basename(path.resolve(dir)), repo: set.repo, commit: set.commit, cases: set.cases.length, negatives: set.negatives.length, copies, broken };
}

/** T1's text from `<id>.t1.json` over the original's lines. */
export function t1Text(dir: string, id: string, original: readonly string[]): { text: string } | { error: string } {
  const file = path.join(dir, `${id}.t1.json`);
  if (!existsSync(file)) return { error: `${id}.t1.json is missing (write it with bench/encode-t1.ts)` };
  const parsed = opsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) return { error: `${id}.t1.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
  return decodeT1(original, parsed.data.ops as T1Op[]);
}
