/**
 * Pipeline guarantees: a failing stage never costs the deterministic
 * findings, the model's answer is taken in the seed's bare form, severities
 * follow the config, and fingerprints survive edits.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReviewService, FindingSchema } from '../../src/pipeline/index.js';
import { PARSE_POOL_MIN_FILES } from '../../syntax/index.js';
import { startFakeOllama, type FakeChatRequest, type FakeReply } from '../helpers/fake-ollama.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

describe('review pipeline', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo();
  });
  after(() => repo.remove());

  it('returns findings that match the published schema exactly', async () => {
    const service = await createReviewService({ root: repo.root });
    const { findings } = await service.review(
      { files: ['src/handler/http-handler.ts', 'src/handler/settings.ts', 'src/report/messages.ts'] },
      { model: false },
    );
    assert.ok(findings.length >= 9);
    for (const finding of findings) FindingSchema.strict().parse(finding);
  });

  it('keeps every finding when the index cannot be saved, says so, and saves it next time', async () => {
    const broken = await copySampleRepo();
    try {
      await writeFile(join(broken.root, '.review-guard'), 'a file where the index folder should be');
      const service = await createReviewService({ root: broken.root });
      const first = await service.review({ files: ['src/handler/settings.ts', 'src/handler/http-handler.ts'] }, { model: false });
      assert.ok(first.findings.some((f) => f.rule === 'naming'));
      // The index works in memory; only writing it failed.
      assert.ok(first.findings.some((f) => f.rule === 'duplicate'));
      assert.ok(!first.findings.some((f) => f.rule === 'review'));
      assert.match((first.summary.notices ?? []).join('\n'), /similarity index could not be saved/);
      await rm(join(broken.root, '.review-guard'));
      const second = await service.review({ files: ['src/handler/settings.ts'] }, { model: false });
      assert.ok(second.findings.some((f) => f.rule === 'duplicate'));
      assert.ok(!(second.summary.notices ?? []).some((n) => /could not be saved/.test(n)));
    } finally {
      await broken.remove();
    }
  });

  it('finds copies made within one batch of files', async () => {
    const batch = await copySampleRepo();
    try {
      const service = await createReviewService({ root: batch.root, watch: false });
      await service.updateIndex();
      // Two new files the index has never seen, reviewed without a refresh: only batch indexing can pair them.
      const body = (name: string): string =>
        `export function ${name}(rows: number[][], limit: number): number[] {\n  const totals = rows.map((row) => row.reduce((sum, cell) => sum + cell, 0));\n  const kept = totals.filter((total) => total <= limit);\n  kept.sort((a, b) => b - a);\n  return kept.slice(0, 3);\n}\n`;
      await writeFile(join(batch.root, 'src/util/new-a.ts'), body('topRowTotals'));
      await writeFile(join(batch.root, 'src/util/new-b.ts'), body('bestRowSums'));
      const { findings } = await service.review({ files: ['src/util/new-a.ts', 'src/util/new-b.ts'] }, { model: false, refreshIndex: false });
      const duplicates = findings.filter((f) => f.rule === 'duplicate');
      assert.equal(duplicates.length, 1, 'one group of copies, reported once');
      assert.deepEqual([duplicates[0]?.file, duplicates[0]?.related?.[0]?.file].sort(), ['src/util/new-a.ts', 'src/util/new-b.ts']);
      service.close();
    } finally {
      await batch.remove();
    }
  });

  it('accepts the model answer in the seed form when it names the candidate, never the closest one unnamed', async () => {
    // Only the model may report it: the index's near copy is turned off.
    const strict = await copySampleRepo({ index: { duplicateThreshold: 1 }, rules: { duplicate: ['error', { near: 'off', parametric: 'off', reimplementation: 'off' }] } });
    const source = await readFile(join(strict.root, 'src/handler/settings.ts'), 'utf8');
    const code = source.slice(source.indexOf('export function parseSettings'), source.indexOf('export function settingsSummary'));
    let message = 'This is a copy of existing code.';
    const script = (request: FakeChatRequest): FakeReply => {
      if (!request.messages.some((m) => m.role === 'tool')) {
        return { tool_calls: [{ function: { name: 'search_similar_code', arguments: { code } } }] };
      }
      return { content: `\`\`\`json\n{"findings":[{"rule":"duplicate","severity":"error","message":"${message}"}]}\n\`\`\`` };
    };
    const ollama = await startFakeOllama(script);
    try {
      const service = await createReviewService({ root: strict.root, env: { OLLAMA_HOST: ollama.url } });
      const unnamed = await service.review({ files: ['src/handler/settings.ts'] });
      assert.deepEqual(unnamed.findings.filter((f) => f.rule === 'duplicate'), []);
      assert.equal(unnamed.summary.model?.droppedDuplicates, 1);
      message = 'This is a copy of loadConfig.';
      const { findings } = await service.review({ files: ['src/handler/settings.ts'] });
      const duplicate = findings.find((f) => f.rule === 'duplicate');
      assert.equal(duplicate?.source, 'model');
      assert.equal(duplicate?.symbol, 'parseSettings');
      assert.equal(duplicate?.related?.[0]?.symbol, 'loadConfig');
      assert.equal(duplicate?.related?.[0]?.file, 'src/config/load.ts');
    } finally {
      await ollama.close();
      await strict.remove();
    }
  });

  it('reports a bad OLLAMA_HOST once, in a notice next to the rule findings', async () => {
    const service = await createReviewService({ root: repo.root, env: { OLLAMA_HOST: 'ftp://nowhere' } });
    const withModel = await service.review({ files: ['src/handler/http-handler.ts'] });
    assert.ok(withModel.findings.some((f) => f.rule === 'naming'));
    assert.equal(withModel.summary.notices?.filter((n) => /OLLAMA_HOST "ftp:\/\/nowhere"/.test(n)).length, 1);
    assert.equal(withModel.summary.files[0]?.model, 'incomplete');
    const withoutModel = await service.review({ files: ['src/handler/http-handler.ts'] }, { model: false });
    assert.equal(withoutModel.summary.notices, undefined);
  });

  it('follows the configured severity of the review rule, including off', async () => {
    const quiet = await copySampleRepo({ rules: { review: 'off', naming: 'error' } });
    try {
      const service = await createReviewService({ root: quiet.root, env: { OLLAMA_HOST: 'http://127.0.0.1:9' } });
      const { findings } = await service.review({ files: ['src/handler/http-handler.ts'] });
      assert.equal(findings.filter((f) => f.rule === 'review').length, 0);
      assert.ok(findings.every((f) => f.rule !== 'naming' || f.severity === 'error'));
    } finally {
      await quiet.remove();
    }
  });

  it('gives distinct fingerprints to equal names and a file-level one to max-lines', async () => {
    const fp = await copySampleRepo();
    try {
      const path = join(fp.root, 'src/twice.ts');
      await writeFile(path, 'export function a(user_id: string) { return user_id; }\nexport function b(user_id: string) { return user_id; }\n');
      const service = await createReviewService({ root: fp.root });
      const twice = await service.review({ files: ['src/twice.ts'] }, { model: false });
      const prints = twice.findings.map((f) => f.fingerprint);
      assert.equal(prints.length, 2);
      assert.notEqual(prints[0], prints[1]);

      const messages = join(fp.root, 'src/report/messages.ts');
      const fingerprintOfMaxLines = async () =>
        (await service.review({ files: ['src/report/messages.ts'] }, { model: false })).findings.find((f) => f.rule === 'max-lines')?.fingerprint;
      const before = await fingerprintOfMaxLines();
      await writeFile(messages, `export const EXTRA = 1;\n${await readFile(messages, 'utf8')}`);
      assert.ok(before);
      assert.equal(await fingerprintOfMaxLines(), before);
    } finally {
      await fp.remove();
    }
  });

  it('accepts absolute paths through a symlinked root and names the root itself as "."', async () => {
    const alias = `${repo.root}-alias`;
    await symlink(repo.root, alias);
    try {
      const service = await createReviewService({ root: repo.root });
      const { summary } = await service.review({ files: [join(alias, 'src/util/strings.ts'), '.'] }, { model: false });
      assert.deepEqual(summary.files.map((f) => [f.file, f.status]), [['src/util/strings.ts', 'reviewed'], ['.', 'error']]);
      assert.match(summary.files[1]?.reason ?? '', /^\. is not a regular file$/);
    } finally {
      await rm(alias);
    }
  });

  it('reports several copies of one body once, as one group', async () => {
    const copies = await copySampleRepo();
    try {
      const source = await readFile(join(copies.root, 'src/handler/settings.ts'), 'utf8');
      await writeFile(join(copies.root, 'src/handler/settings-copy.ts'), source.replaceAll('parseSettings', 'readSettings'));
      const service = await createReviewService({ root: copies.root });
      const { findings } = await service.review({ files: ['src/handler/settings.ts', 'src/handler/settings-copy.ts'] }, { model: false });
      const copiesOfLoadConfig = new Set(['parseSettings', 'readSettings']);
      const duplicates = findings.filter((f) => f.rule === 'duplicate' && copiesOfLoadConfig.has(f.symbol ?? ''));
      assert.equal(duplicates.length, 1, duplicates.map((d) => d.message).join('\n'));
      assert.deepEqual(
        duplicates[0]!.related?.map((r) => r.symbol).sort(),
        ['loadConfig', 'readSettings'],
      );
    } finally {
      await copies.remove();
    }
  });

  it('reports parametric twins (same shape, other literals) as a parametric copy naming the values, a copy as a copy', async () => {
    const twins = await copySampleRepo();
    try {
      const twin = (name: string, bound: string) =>
        `export function ${name}(value: number, errors: string[]): boolean {\n  if (value < ${bound === 'min' ? 0 : 100}) {\n    errors.push('${bound} violated');\n    return false;\n  }\n  errors.push('${bound} ok');\n  return true;\n}\n`;
      await writeFile(join(twins.root, 'src/util/check-min.ts'), twin('checkMin', 'min'));
      await writeFile(join(twins.root, 'src/util/check-max.ts'), twin('checkMax', 'max'));
      const service = await createReviewService({ root: twins.root });
      const { findings } = await service.review({ files: ['src/util/check-max.ts'] }, { model: false });
      const twinFinding = findings.find((f) => f.rule === 'duplicate');
      assert.deepEqual([twinFinding?.kind, twinFinding?.severity, twinFinding?.related?.[0]?.symbol], ['parametric', 'warning', 'checkMin']);
      assert.match(twinFinding?.message ?? '', /100 vs 0 \(line 2\), 'max violated' vs 'min violated' \(line 3\), 'max ok' vs 'min ok' \(line 6\)/);
      await writeFile(join(twins.root, 'src/util/check-copy.ts'), twin('verifyMax', 'max'));
      const copy = await service.review({ files: ['src/util/check-copy.ts'] }, { model: false });
      const copyFinding = copy.findings.find((f) => f.rule === 'duplicate');
      assert.deepEqual([copyFinding?.kind, copyFinding?.related?.[0]?.symbol], ['copy', 'checkMax']);
    } finally {
      await twins.remove();
    }
  });

  it('reviews a batch large enough for the parse pool with every finding on the right file', async () => {
    const many = await copySampleRepo();
    try {
      // Enough files for the parse pool; every tenth has a badly named function of its own.
      const files = Array.from({ length: PARSE_POOL_MIN_FILES + 6 }, (_, i) => `src/gen/m${i}.ts`);
      await mkdir(join(many.root, 'src/gen'));
      for (const [i, file] of files.entries()) {
        const name = i % 10 === 0 ? `Bad_Name_${i}` : `value${i}`;
        await writeFile(join(many.root, file), `export function ${name}(n: number): number {\n  return n * ${i} + ${i * 7};\n}\n`);
      }
      const service = await createReviewService({ root: many.root, watch: false });
      const { findings, summary } = await service.review({ files }, { model: false });
      assert.equal(summary.files.filter((f) => f.status === 'reviewed').length, files.length);
      const named = findings.filter((f) => f.rule === 'naming').map((f) => [f.file, f.symbol]);
      assert.deepEqual(
        named,
        files.flatMap((file, i) => (i % 10 === 0 ? [[file, `Bad_Name_${i}`]] : [])),
      );
      service.close();
    } finally {
      await many.remove();
    }
  });
});
