/**
 * Code written again, not copied, as a user sees it without a model: the
 * CLI's `review --no-model --json` over fixtures/rewritten (see its README).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ReviewResultSchema, type Finding } from '../../src/pipeline/index.js';
import { runCli } from '../support/cli.js';
import { copyFixtureRepo, REPO_ROOT, type SampleRepo } from '../support/sample-repo.js';

const FIXTURE = join(REPO_ROOT, 'fixtures', 'rewritten');
const NEW_FILES = ['src/reports/by-owner.ts', 'src/jobs/backoff.ts', 'src/util/luhn.ts', 'src/audit/audited-store.ts'];

async function review(repo: SampleRepo): Promise<Finding[]> {
  const run = await runCli(repo.root, ['review', '--no-model', '--json', ...NEW_FILES]);
  return ReviewResultSchema.parse(JSON.parse(run.stdout)).findings.filter((f) => f.rule === 'duplicate');
}

describe('reimplementations without the model (CLI, fixtures/rewritten)', () => {
  let repo: SampleRepo;
  let findings: Finding[];
  const on = (file: string): Finding[] => findings.filter((f) => f.file === file);

  before(async () => {
    repo = await copyFixtureRepo(FIXTURE);
    findings = await review(repo);
  });
  after(() => repo.remove());

  it('reports a loop rewritten from a reduce as a reimplementation of the original, naming what they share', () => {
    const [finding, ...more] = on('src/reports/by-owner.ts');
    assert.equal(more.length, 0);
    assert.deepEqual([finding?.kind, finding?.severity, finding?.related?.[0]?.symbol], ['reimplementation', 'warning', 'groupBy']);
    assert.match(finding?.message ?? '', /^"bucketTickets" re-implements "groupBy" at src\/util\/group\.ts:2 \(written differently, about the same things: same calls: [^)]*keyOf/);
    assert.match(finding?.suggestion ?? '', /^check whether groupBy at src\/util\/group\.ts:2 already does this; if it does, call it/);
  });

  it('reports a retry loop written from scratch as a reimplementation of withRetry', () => {
    const [finding] = on('src/jobs/backoff.ts');
    assert.deepEqual([finding?.kind, finding?.related?.[0]?.symbol], ['reimplementation', 'withRetry']);
    assert.match(finding?.message ?? '', /same literals: 'AbortError'/);
  });

  it('reports a subclass method once (not its class too), and advises the method it inherits', () => {
    const [finding, ...more] = on('src/audit/audited-store.ts');
    assert.equal(more.length, 0);
    assert.deepEqual([finding?.kind, finding?.symbol, finding?.related?.[0]?.symbol], ['reimplementation', 'AuditedSessionStore.get', 'SessionStore.get']);
    assert.match(finding?.suggestion ?? '', /^AuditedSessionStore inherits get from SessionStore \(src\/store\/session-store\.ts:10\): call the inherited get/);
  });

  it('leaves a new helper with no counterpart alone', () => {
    assert.deepEqual(on('src/util/luhn.ts'), []);
  });

  it('reports nothing of the kind when its severity is off', async () => {
    const quiet = await copyFixtureRepo(FIXTURE, { rules: { duplicate: ['error', { reimplementation: 'off' }] } });
    try {
      const kinds = (await review(quiet)).filter((f) => f.severity !== 'info').map((f) => f.kind);
      assert.deepEqual(kinds, []);
    } finally {
      await quiet.remove();
    }
  });
});
