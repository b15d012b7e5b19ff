/**
 * An internal error in one file's stage (index, rules, report) is that
 * file's status, never the batch's: the other files' findings are exactly
 * those of a clean review, the failed file says which stage failed in one
 * line, and the stack goes to the transcript only. Errors are injected
 * through the service's own seams: the progress callback each stage calls,
 * and the change scope the report stage reads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createReviewService, WHOLE_FILE, type ReviewEvent, type ReviewResult, type ReviewService } from '../../../src/pipeline/index.js';
import { copySampleRepo, type SampleRepo } from '../../support/sample-repo.js';

const FILES = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts'];
const BROKEN = 'src/handler/http-handler.ts';
const STACK_LINE = /\n\s+at .+[(:]\d+/;

/** Fingerprints of every finding about `file`. */
function fingerprints(result: ReviewResult, file: string): string[] {
  return result.findings.filter((f) => f.file === file).map((f) => f.fingerprint);
}

/** A progress callback that throws when `BROKEN` reaches `stage`. */
function throwingAt(stage: 'index' | 'rules'): (event: ReviewEvent) => void {
  return (event) => {
    if (event.type === 'stage' && event.file === BROKEN && event.stage === stage) throw new Error(`injected failure\nsecond line`);
  };
}

describe('an internal error in one file', () => {
  let repo: SampleRepo;
  let service: ReviewService;
  let clean: ReviewResult;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
    service = await createReviewService({ root: repo.root, watch: false });
    clean = await service.review({ files: FILES }, { model: false });
    assert.ok(clean.findings.some((f) => f.rule === 'duplicate') && clean.summary.files.every((f) => f.status === 'reviewed'));
  });
  after(() => repo.remove());

  for (const stage of ['index', 'rules'] as const) {
    it(`in the ${stage} stage leaves the other files' findings intact and names the stage`, async () => {
      const transcript: string[] = [];
      const result = await service.review({ files: FILES }, { model: false, onEvent: throwingAt(stage), transcript: (text) => transcript.push(text) });
      for (const file of FILES.filter((f) => f !== BROKEN)) assert.deepEqual(fingerprints(result, file), fingerprints(clean, file), file);
      const status = result.summary.files.find((f) => f.file === BROKEN);
      assert.equal(status?.status, 'error');
      assert.equal(status?.failedStage, stage);
      assert.match(status?.reason ?? '', new RegExp(`^review-guard failed while ${stage === 'index' ? 'indexing' : 'running the rules'}.*: internal error: Error: injected failure$`));
      assert.doesNotMatch(status?.reason ?? '', STACK_LINE);
      // The stack is for the transcript (--verbose, REVIEW_GUARD_LOG).
      assert.match(transcript.join('\n'), new RegExp(`internal error while .*${BROKEN}:\\nError: injected failure[^]*\\n\\s+at `));
      // The broken file's other stages still ran.
      const ownRules = clean.findings.filter((f) => f.file === BROKEN && f.source === 'rule').map((f) => f.fingerprint);
      const ownIndex = clean.findings.filter((f) => f.file === BROKEN && f.source === 'index').map((f) => f.fingerprint);
      const kept = new Set(fingerprints(result, BROKEN));
      for (const fingerprint of stage === 'index' ? ownRules : ownIndex) assert.ok(kept.has(fingerprint), `${stage} failed, yet a finding of another stage is missing`);
    });
  }

  it('in the report stage reports none of its findings (they could not be filtered) and all of the others', async () => {
    class ThrowingScope extends Map<string, typeof WHOLE_FILE> {
      override get(path: string): typeof WHOLE_FILE | undefined {
        if (path === BROKEN) throw new Error('injected scope failure');
        return super.get(path);
      }
    }
    const scope = new ThrowingScope(FILES.map((f) => [f, WHOLE_FILE]));
    const result = await service.review({ files: FILES }, { model: false, scope });
    for (const file of FILES.filter((f) => f !== BROKEN)) assert.deepEqual(fingerprints(result, file), fingerprints(clean, file), file);
    assert.deepEqual(fingerprints(result, BROKEN), []);
    const status = result.summary.files.find((f) => f.file === BROKEN);
    assert.deepEqual([status?.status, status?.failedStage], ['error', 'report']);
    assert.match(status?.reason ?? '', /filtering its findings \(none are reported\): internal error: Error: injected scope failure$/);
  });

  it('still ends the review when it is cancelled', async () => {
    const controller = new AbortController();
    const onEvent = (event: ReviewEvent): void => {
      if (event.type === 'stage' && event.stage === 'rules') {
        controller.abort();
        throw new Error('stopped');
      }
    };
    await assert.rejects(service.review({ files: FILES }, { model: false, signal: controller.signal, onEvent }));
  });
});
