/**
 * Quiet by design, through the review service: inline suppressions cover
 * index duplicates too, and a diff scope keeps only what the change touched.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService } from '../../src/pipeline/index.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('suppressions and diff scope in a review', () => {
  let repo: SampleRepo;
  let settings: string;
  before(async () => {
    repo = await copySampleRepo();
    settings = await readFile(join(repo.root, 'src', 'handler', 'settings.ts'), 'utf8');
  });
  after(() => repo.remove());

  it('a review-guard-ignore comment above a copy suppresses its duplicate finding', async () => {
    const path = join(repo.root, 'src', 'handler', 'settings.ts');
    await writeFile(path, settings.replace('export function parseSettings', '// review-guard-ignore duplicate: validated differently soon\nexport function parseSettings'));
    const service = await createReviewService({ root: repo.root, watch: false });
    const { findings } = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
    assert.deepEqual(findings, []);
    await writeFile(path, settings.replace('export function parseSettings', '// review-guard-ignore duplicat\nexport function parseSettings'));
    const typo = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
    assert.deepEqual(typo.findings.map((f) => [f.rule, f.line]), [['review', 5], ['duplicate', 6]]);
    // The typo's notice and the near copy it failed to silence.
    assert.deepEqual(typo.findings.map((f) => f.severity), ['warning', 'warning']);
    await writeFile(path, settings);
  });

  it('a scope without the duplicate\'s lines drops it; one with them keeps it', async () => {
    const service = await createReviewService({ root: repo.root, watch: false });
    const review = (start: number, end: number) =>
      service.review({ files: ['src/handler/settings.ts'] }, { model: false, scope: new Map([['src/handler/settings.ts', { kind: 'lines', ranges: [{ start, end }], growth: 0 }]]) });
    assert.deepEqual((await review(20, 21)).findings, []);
    assert.deepEqual((await review(8, 8)).findings.map((f) => f.rule), ['duplicate']);
  });

  it('under a scope, an edit that makes a function copy one further down its file is still reported', async () => {
    const path = join(repo.root, 'src', 'util', 'text-tools.ts');
    const later = `export function clampText(text: string, max: number): string {\n  if (text.length <= max) return text;\n  const kept = text.slice(0, Math.max(0, max - 1));\n  return \`\${kept}…\`;\n}\n`;
    const unrelated = `export function sumAll(values: number[]): number {\n  let total = 0;\n  for (const value of values) total += value;\n  return total;\n}\n`;
    const edited = later.replace('clampText', 'shortenText');
    await writeFile(path, `${unrelated}\n${later}`);
    const service = await createReviewService({ root: repo.root, watch: false });
    await service.updateIndex();
    // The first function is rewritten into a copy of the one below it: lines 1-5 changed, the copy's original is at 7.
    await writeFile(path, `${edited}\n${later}`);
    const { findings } = await service.review({ files: ['src/util/text-tools.ts'] }, { model: false, scope: new Map([['src/util/text-tools.ts', { kind: 'lines', ranges: [{ start: 1, end: 5 }], growth: 0 }]]) });
    const messages = findings.map((f) => f.message);
    assert.ok(messages.some((m) => m.startsWith('"clampText" duplicates "shortenText" at src/util/text-tools.ts:1 (copy')), messages.join('\n'));
  });
});
