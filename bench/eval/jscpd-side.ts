/**
 * @fileoverview jscpd on the same copies, side by side with the product:
 * one jscpd run per edit type and setting over the corpus plus that type's
 * copies folder. A copy counts as found when a reported clone links the
 * copy's file to the original's file with a line range overlapping the
 * original function.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findJscpd, jscpdArgs, readJscpdClones, type JscpdClone } from '../lib/jscpd.js';
import { timedRun } from '../lib/proc.js';

/** The two settings compared: jscpd's defaults, and its best settings for agent-like copies (identifiers and literals ignored, 0.85 similarity). */
export const JSCPD_SETTINGS = {
  default: [],
  // TS → JS copies need the js-ts group: without it jscpd never compares a .js file with a .ts one.
  tuned: ['--ignore-identifiers', '--ignore-literals', '--similarity', '0.85', '--cross-formats', 'js-ts'],
} as const satisfies Record<string, readonly string[]>;

export type JscpdSetting = keyof typeof JSCPD_SETTINGS;

/** Where one copy and its original are, as absolute paths (jscpd runs with `--absolute`). */
export interface CopyPlace {
  readonly copyFile: string;
  readonly originalFile: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** For each copy, whether jscpd linked it to its original, and the run's wall time. */
export interface JscpdOutcome {
  readonly found: readonly boolean[];
  readonly clones: number;
  readonly seconds: number;
}

/** Runs jscpd once with `setting` over `roots` and judges every copy of `copies`; `extraFormats` as in `jscpdArgs`. */
export async function jscpdFindings(
  roots: readonly string[],
  copies: readonly CopyPlace[],
  setting: JscpdSetting,
  extraFormats?: Readonly<Record<string, string>>,
): Promise<JscpdOutcome> {
  const run = await jscpdClones(roots, setting, extraFormats);
  const byFile = new Map<string, JscpdClone[]>();
  for (const clone of run.clones) {
    for (const file of new Set([clone.first.file, clone.second.file])) {
      const list = byFile.get(file);
      if (list) list.push(clone);
      else byFile.set(file, [clone]);
    }
  }
  const found = copies.map((copy) => (byFile.get(copy.copyFile) ?? []).some((clone) => linksToOriginal(clone, copy)));
  return { found, clones: run.clones.length, seconds: run.seconds };
}

/** The clones of one jscpd run with `setting` over `roots` (absolute paths), and its wall time. */
export async function jscpdClones(
  roots: readonly string[],
  setting: JscpdSetting,
  extraFormats?: Readonly<Record<string, string>>,
): Promise<{ clones: JscpdClone[]; seconds: number }> {
  const reportDir = await mkdtemp(path.join(os.tmpdir(), 'rg-jscpd-'));
  try {
    const args = jscpdArgs(roots, reportDir, { json: true, absolute: true, detection: JSCPD_SETTINGS[setting], ...(extraFormats ? { extraFormats } : {}) });
    const run = await timedRun(findJscpd().command, args);
    return { clones: readJscpdClones(reportDir), seconds: run.wallMs / 1000 };
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

function linksToOriginal(clone: JscpdClone, copy: CopyPlace): boolean {
  const [ours, theirs] = clone.first.file === copy.copyFile ? [clone.first, clone.second] : [clone.second, clone.first];
  if (ours.file !== copy.copyFile) return false;
  return theirs.file === copy.originalFile && theirs.start <= copy.endLine && copy.startLine <= theirs.end;
}
