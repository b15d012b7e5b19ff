/**
 * @fileoverview The baseline: findings accepted as they are, recorded by
 * fingerprint in `review-guard.baseline.json` at the workspace root (meant
 * to be committed, so the whole team and CI share it). Reviews leave out
 * findings whose fingerprint is recorded and say how many they left out.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './errors.js';
import type { Finding, ReviewResult } from './schemas.js';

export const BASELINE_FILE_NAME = 'review-guard.baseline.json';

const BaselineEntrySchema = z.object({
  fingerprint: z.string().min(1),
  rule: z.string(),
  file: z.string(),
  /** For the reader of the file and its diffs; matching uses the fingerprint only. */
  message: z.string(),
});

export const BaselineSchema = z.object({
  version: z.literal(1),
  findings: z.array(BaselineEntrySchema),
});

export type Baseline = z.infer<typeof BaselineSchema>;

/** The recorded fingerprints, or undefined when there is no baseline file; a broken one is a ConfigError. */
export async function readBaseline(root: string): Promise<ReadonlySet<string> | undefined> {
  let text: string;
  try {
    text = await readFile(join(root, BASELINE_FILE_NAME), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`${BASELINE_FILE_NAME}: cannot read it (${(error as Error).message})`);
  }
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
  return new Set(parsed.data.findings.map((f) => f.fingerprint));
}

/** Writes the findings as the new baseline, sorted so its diffs stay readable; returns its path. */
export async function writeBaseline(root: string, findings: readonly Finding[]): Promise<string> {
  const entries = findings
    .map(({ fingerprint, rule, file, message }) => ({ fingerprint, rule, file, message }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.rule.localeCompare(b.rule) || a.fingerprint.localeCompare(b.fingerprint));
  const baseline: Baseline = { version: 1, findings: entries };
  const path = join(root, BASELINE_FILE_NAME);
  await writeFile(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return path;
}

/** The result without baselined findings, counts recomputed, and a notice of how many were left out. */
export function withoutBaselined(result: ReviewResult, known: ReadonlySet<string>): ReviewResult {
  const findings = result.findings.filter((f) => !known.has(f.fingerprint));
  const hidden = result.findings.length - findings.length;
  if (hidden === 0) return result;
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  const notice = `${hidden} finding(s) recorded in ${BASELINE_FILE_NAME} not shown`;
  return { findings, summary: { ...result.summary, counts, notices: [...(result.summary.notices ?? []), notice] } };
}
