/**
 * @fileoverview Test support for the index fault tests: a one-shot review
 * as `review --no-model` runs it, the check that every deterministic finding
 * of the sample repository is there, and small file-system helpers.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createReviewService, type ReviewResult } from '../../src/pipeline/index.js';
import { INDEX_DIR } from '../../src/pipeline/service.js';

export const DUPLICATE_FILE = 'src/handler/settings.ts';

/** A one-shot review without the model, as `review --no-model` runs it. */
export async function reviewOnce(root: string, files: readonly string[] = [DUPLICATE_FILE, 'src/report/messages.ts']): Promise<ReviewResult> {
  const service = await createReviewService({ root, env: {}, watch: false });
  try {
    return await service.review({ files: [...files] }, { model: false });
  } finally {
    service.close();
  }
}

/** The rule findings and the index's duplicate are all there. */
export function assertComplete(result: ReviewResult): void {
  assert.ok(result.findings.some((f) => f.rule === 'max-lines' && f.file === 'src/report/messages.ts'), 'max-lines');
  const duplicate = result.findings.find((f) => f.rule === 'duplicate' && f.file === DUPLICATE_FILE);
  assert.equal(duplicate?.related?.[0]?.file, 'src/config/load.ts', 'the duplicate from the index');
}

/** Runs a command; true when it exits 0. */
export function run(command: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

export async function storeFiles(root: string): Promise<string[]> {
  return readdir(join(root, INDEX_DIR)).catch(() => []);
}

