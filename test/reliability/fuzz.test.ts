/**
 * Property tests with bounded run counts (seeded, so a failure replays):
 * arbitrary text and bytes through the parser, chunker, embedder and rules
 * (in a worker that is terminated if it hangs); arbitrary JSON and text as
 * the config file or package.json settings (a config or a ConfigError,
 * nothing else); arbitrary `review_code` arguments over MCP (an error
 * result or a review, and the server keeps serving); arbitrary CLI argv
 * (parsed or a UserError).
 */
import assert from 'node:assert/strict';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { parseCliArgs } from '../../src/cli/args.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { ConfigError, createReviewService, UserError, type ReviewService } from '../../src/pipeline/index.js';
import { loadConfig } from '../../src/pipeline/config/load.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

// One seed for the file: CI runs the same cases every time; change it to explore.
const SEED = 20261130;

describe('fuzz: source parser, chunker, embedder and rules', () => {
  it('never crash, hang or take over a second on arbitrary text and bytes', async () => {
    const worker = new Worker(new URL('./source-fuzz-worker.js', import.meta.url), {
      workerData: { numRuns: 300, seed: SEED, caseLimitMs: 1000 },
    });
    const outcome = await new Promise<{ runs?: number; slowestMs?: number; failure?: string }>((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error('the parser fuzz did not finish in 60 s: a case hangs'));
      }, 60_000);
      worker.once('message', (message: { runs?: number; failure?: string }) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    await worker.terminate();
    assert.equal(outcome.failure, undefined, outcome.failure);
    assert.equal(outcome.runs, 300);
  });
});

describe('fuzz: config loader', () => {
  let root: string;
  before(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'rg-rel-config-')));
  });
  after(() => rm(root, { recursive: true, force: true }));

  // Shaped like a config, so values reach the nested schemas and the rule option checks.
  const json = fc.jsonValue({ maxDepth: 3 });
  const configLike = fc.record(
    {
      rules: fc.dictionary(
        fc.constantFrom('max-lines', 'naming', 'duplicate', 'review', 'no-such-rule'),
        fc.oneof(fc.constantFrom('error', 'warning', 'info', 'off', 'fatal'), fc.tuple(fc.constantFrom('error', 'off', 'x'), json), json),
      ),
      maxFileBytes: fc.oneof(fc.integer(), json),
      model: fc.dictionary(fc.constantFrom('enabled', 'host', 'model', 'maxTurns', 'timeoutMs', 'allowRemoteHost', 'numCtx', 'keepAlive', 'retries'), json),
      index: fc.dictionary(fc.constantFrom('enabled', 'include', 'exclude', 'semantic', 'duplicateThreshold', 'minLines', 'gitignore'), json),
    },
    { requiredKeys: [] },
  );
  const fileText = fc.oneof(json.map((v) => JSON.stringify(v)), configLike.map((v) => JSON.stringify(v)), fc.string({ maxLength: 200 }));

  it('returns a valid config or throws ConfigError, for any config file or package.json settings', async () => {
    await fc.assert(
      fc.asyncProperty(fileText, fc.boolean(), async (text, inPackageJson) => {
        await rm(join(root, 'review-guard.config.json'), { force: true });
        if (inPackageJson) await writeFile(join(root, 'package.json'), `{"name":"x","reviewGuard":${text}}`);
        else await writeFile(join(root, 'review-guard.config.json'), text);
        try {
          const loaded = await loadConfig(root);
          assert.ok(loaded.config.maxFileBytes > 0);
          assert.equal(typeof loaded.ruleSettings, 'object');
        } catch (error) {
          if (!(error instanceof ConfigError)) throw error;
          assert.ok(error.message.length > 0 && !/\n\s+at /.test(error.message), 'a message, not a stack');
        }
      }),
      { numRuns: 250, seed: SEED },
    );
  });
});

describe('fuzz: review_code arguments over MCP', () => {
  let repo: SampleRepo;
  let service: ReviewService;
  let client: Client;

  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
    service = await createReviewService({ root: repo.root, watch: false });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ service: () => Promise.resolve(service) }).connect(serverSide);
    client = new Client({ name: 'fuzz', version: '1.0.0' });
    await client.connect(clientSide);
  });
  after(async () => {
    await client.close();
    service.close();
    await repo.remove();
  });

  const pathLike = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('src/config/load.ts', '../x.ts', '/etc/passwd', 'src', '', 'a\0b', 'C:\\x.ts', 'src\\util\\strings.ts'),
  );
  const args = fc.oneof(
    fc.anything({ maxDepth: 2 }),
    fc.record({ files: fc.oneof(fc.array(pathLike, { maxLength: 5 }), fc.anything({ maxDepth: 1 })) }),
    fc.record({ files: fc.array(pathLike, { maxLength: 3 }), extra: fc.anything({ maxDepth: 1 }) }),
  );

  it('answers every argument with an error result or a review, and keeps serving', async () => {
    let errors = 0;
    let reviews = 0;
    await fc.assert(
      fc.asyncProperty(args, async (value) => {
        let reply;
        try {
          reply = await client.callTool({ name: 'review_code', arguments: value as Record<string, unknown> });
        } catch (error) {
          // The SDK's own refusal of params that are not an object at all is a protocol error; that is an answer too.
          assert.match(String(error), /invalid|expected|must|params/i);
          errors++;
          return;
        }
        const text = (reply.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
        assert.ok(text.length > 0, 'every result says something');
        assert.doesNotMatch(text, /\n\s+at .*:\d+:\d+/, 'no stack trace');
        if (reply.isError) errors++;
        else reviews++;
      }),
      { numRuns: 120, seed: SEED },
    );
    assert.ok(errors > 0 && reviews > 0, `both refusals (${errors}) and reviews (${reviews}) were exercised`);
    const good = await client.callTool({ name: 'review_code', arguments: { files: ['src/report/messages.ts'] } });
    assert.equal(good.isError, false);
  });
});

describe('fuzz: CLI flags', () => {
  const token = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('review', 'index', 'serve', 'doctor', '--root', '--json', '--no-model', '--rebuild', '--verbose', '-h', '-v', '--', '--root=', '--bogus', '-x'),
  );
  it('parses any argv or throws a UserError that points at --help', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), (argv) => {
        try {
          const parsed = parseCliArgs(argv);
          assert.equal(typeof parsed.json, 'boolean');
        } catch (error) {
          if (!(error instanceof UserError)) throw error;
          assert.match(error.message, /review-guard --help/);
        }
      }),
      { numRuns: 500, seed: SEED },
    );
  });
});
