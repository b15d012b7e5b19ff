/**
 * @fileoverview The baseline: findings accepted as they are, recorded by
 * fingerprint in `review-guard.baseline.json` at the workspace root (meant
 * to be committed, so the whole team and CI share it). Reviews leave out
 * findings whose fingerprint is recorded and say how many they left out.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { walkSourceFiles } from '../../../indexer/index.js';
import { writeWorkspaceFile } from '../../../workspace/index.js';
import { fileSelectionOf, type Config, readForRewrite } from '../config/index.js';
import { ConfigError, linkRefusalAsUserError } from '../errors.js';
import { fingerprintOf, withoutFindings } from '../findings/index.js';
import type { Finding, ReviewResult } from '../schemas.js';

export const BASELINE_FILE_NAME = 'review-guard.baseline.json';

const BaselineEntrySchema = z.object({
  fingerprint: z.string().min(1),
  rule: z.string(),
  file: z.string(),
  /** For the reader of the file and its diffs; matching uses the fingerprint only. */
  message: z.string(),
});

const BaselineSchema = z.object({
  version: z.literal(1),
  findings: z.array(BaselineEntrySchema),
});

type Baseline = z.infer<typeof BaselineSchema>;

/** The recorded fingerprints, or undefined when there is no baseline file; a broken one is a ConfigError. */
export async function readBaseline(root: string): Promise<ReadonlySet<string> | undefined> {
  const baseline = await readBaselineFile(root);
  return baseline && new Set(baseline.findings.map((f) => f.fingerprint));
}

/** The baseline file's entries, or undefined when there is none. */
export async function readBaselineFile(root: string): Promise<Baseline | undefined> {
  // `baseline` rewrites it: a link leading out of the root is refused before it is read, as for the write.
  const text = await readForRewrite(root, BASELINE_FILE_NAME, 'inside').catch((error: unknown) => {
    throw linkRefusalAsUserError(error);
  });
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${BASELINE_FILE_NAME}: not valid JSON (${(error as Error).message}); run "review-guard baseline" to write it again`);
  }
  const parsed = BaselineSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${BASELINE_FILE_NAME}: "${issue.path.join('.') || '(root)'}": ${issue.message}; run "review-guard baseline" to write it again`);
  }
  return parsed.data;
}

/**
 * Writes the findings as the new baseline, sorted so its diffs stay
 * readable, keeping the entries in `kept` (those of files not reviewed
 * this time); returns its path and how many entries it holds.
 */
export async function writeBaseline(root: string, findings: readonly Finding[], kept: Baseline['findings'] = []): Promise<{ path: string; entries: number }> {
  const byFingerprint = new Map(kept.map((entry) => [entry.fingerprint, entry]));
  for (const entry of findings.flatMap(entriesOf)) if (!byFingerprint.has(entry.fingerprint)) byFingerprint.set(entry.fingerprint, entry);
  const entries = [...byFingerprint.values()]
    .sort((a, b) => a.file.localeCompare(b.file) || a.rule.localeCompare(b.rule) || a.fingerprint.localeCompare(b.fingerprint));
  const baseline: Baseline = { version: 1, findings: entries };
  const path = join(root, BASELINE_FILE_NAME);
  await writeWorkspaceFile(root, BASELINE_FILE_NAME, `${JSON.stringify(baseline, null, 2)}\n`, 'inside').catch((error: unknown) => {
    throw linkRefusalAsUserError(error);
  });
  return { path, entries: entries.length };
}

/**
 * A finding's entry; a duplicate also records each original as a copy of it,
 * since which of two copies is reported depends on which file a review
 * names first (a review of the other file alone reports the other one).
 */
function entriesOf(finding: Finding): Baseline['findings'] {
  const own = { fingerprint: finding.fingerprint, rule: finding.rule, file: finding.file, message: finding.message };
  if (finding.rule !== 'duplicate' || finding.symbol === undefined) return [own];
  const mirrored = (finding.related ?? []).flatMap((r) =>
    r.symbol === undefined
      ? []
      : [{ fingerprint: fingerprintOf('duplicate', r.file, r.symbol), rule: 'duplicate', file: r.file, message: `"${r.symbol}" is copied by "${finding.symbol}" at ${finding.file}:${finding.line ?? 1}` }],
  );
  return [own, ...mirrored];
}

/** The result without baselined findings, counts recomputed, and a notice of how many were left out. */
export function withoutBaselined(result: ReviewResult, known: ReadonlySet<string>): ReviewResult {
  const kept = withoutFindings(result, (f) => known.has(f.fingerprint));
  const hidden = result.findings.length - kept.findings.length;
  if (hidden === 0) return result;
  const notice = `${hidden} finding(s) recorded in ${BASELINE_FILE_NAME} not shown`;
  return { ...kept, summary: { ...kept.summary, notices: [...(kept.summary.notices ?? []), notice] } };
}

/** Workspace-relative paths of every source file the index would select (config include/exclude, .gitignore). */
export async function workspaceSourcePaths(root: string, config: Config): Promise<string[]> {
  const entries = await walkSourceFiles(root, fileSelectionOf(config));
  return entries.map((entry) => entry.relPath);
}
