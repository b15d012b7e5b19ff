/**
 * Validation at the remaining edges, with seeded, bounded property tests:
 * the Claude Code hook's stdin (the parser, the command in process, and a
 * few real child processes), task ids sent to tasks/get|cancel|update, and
 * the signed requestState of a duplicate question — tampered, expired, or
 * replayed for another request. Bad input is a clear refusal, never a
 * crash, a stack trace or someone else's answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { parseCliArgs } from '../../src/cli/args.js';
import { runHook } from '../../src/cli/commands/hook.js';
import { hookHost } from '../../src/cli/hook/hosts.js';
import { parseHookInput } from '../../src/cli/hook/input.js';
import { runCli } from '../support/cli.js';
import { copySampleRepo, type SampleRepo } from '../support/sample-repo.js';
import { startHarness, type Harness } from '../mcp/harness.js';

const SEED = 20261130;
const STACK_LINE = /\n\s+at .+[(:]\d+/;

/** Hook stdin: arbitrary text and JSON, and envelopes with every field of the wrong kind. */
function hookStdin(root: string): fc.Arbitrary<string> {
  const field = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 30 }));
  const envelope = fc.record(
    {
      hook_event_name: fc.oneof(fc.constant('PostToolUse'), field),
      cwd: fc.oneof(fc.constant(root), fc.constant(''), fc.constant('relative/dir'), field),
      tool_name: fc.oneof(fc.constantFrom('Write', 'Edit', 'MultiEdit', 'Bash', ''), field),
      tool_input: fc.oneof(fc.record({ file_path: fc.oneof(fc.string({ maxLength: 40 }), field) }, { requiredKeys: [] }), field),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), envelope.map((v) => JSON.stringify(v)));
}

describe('the hook\'s stdin', () => {
  let repo: SampleRepo;
  before(async () => {
    repo = await copySampleRepo({ model: { enabled: false } });
  });
  after(() => repo.remove());

  it('parser: any text is files, ignored or invalid with a reason, never an exception', () => {
    fc.assert(
      fc.property(fc.oneof(hookStdin(repo.root), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1'))), (text) => {
        const input = parseHookInput(text, hookHost('claude-code')!);
        assert.ok(['files', 'ignored', 'invalid'].includes(input.kind));
        if (input.kind === 'invalid') assert.ok(input.problem.length > 0 && input.problem.length < 2000, input.problem);
      }),
      { numRuns: 500, seed: SEED },
    );
  });

  it('command in process: exit 0 or 1 with a one-message reason, never a throw or a stack', async () => {
    const args = parseCliArgs(['hook', 'claude-code']);
    await fc.assert(
      fc.asyncProperty(hookStdin(repo.root), async (text) => {
        const output = await runHook(args, async () => text);
        assert.ok([0, 1].includes(output.exitCode), `exit ${output.exitCode} for ${text.slice(0, 100)}: ${output.stderr}`);
        if (output.exitCode === 1) assert.match(output.stderr ?? '', /^review-guard hook: /);
        assert.doesNotMatch(output.stderr ?? '', STACK_LINE);
      }),
      { numRuns: 150, seed: SEED },
    );
  });

  it('real child processes: garbage, binary and wrong-shaped input exit 0 or 1 with a message', async () => {
    const samples = fc.sample(hookStdin(repo.root), { numRuns: 4, seed: SEED });
    const inputs = ['', 'not json', '\u0000\u00ff\u00fe', '{"cwd":42}', '[]', '{"hook_event_name":"PreToolUse","cwd":"/","tool_name":"Write","tool_input":{}}', ...samples];
    for (const input of inputs) {
      const { code, stderr } = await runCli(repo.root, ['hook', 'claude-code'], { input });
      assert.ok(code === 0 || code === 1, `exit ${code} for ${JSON.stringify(input).slice(0, 100)}: ${stderr}`);
      if (code === 1) assert.match(stderr, /^review-guard hook: .+/);
      assert.doesNotMatch(stderr, STACK_LINE);
    }
  });
});

describe('task ids from the client', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ config: { model: { enabled: false } } });
  });
  after(() => h.close());

  it('tasks/get, tasks/cancel and tasks/update answer -32602 for any id they did not issue', async () => {
    const id = fc.oneof(fc.string({ maxLength: 60 }), fc.uuid(), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('', ' ', '../../etc/passwd', '__proto__', 'constructor', 'x'.repeat(10_000)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('tasks/get', 'tasks/cancel', 'tasks/update'), fc.oneof(id, fc.jsonValue({ maxDepth: 1 })), async (method, taskId) => {
        const reply = await h.raw(method, { taskId, ...(method === 'tasks/update' ? { inputResponses: {} } : {}) }, { tasks: true });
        assert.equal(reply.error?.code, -32602, `${method} ${JSON.stringify(taskId).slice(0, 60)}: ${JSON.stringify(reply).slice(0, 300)}`);
      }),
      { numRuns: 120, seed: SEED },
    );
    const alive = await h.raw('tools/list', {});
    assert.ok(Array.isArray(alive.result?.['tools']), 'the server keeps serving');
  });
});

describe('the signed requestState of a duplicate question', () => {
  const SETTINGS = 'src/handler/settings.ts';
  const review = { name: 'review_code', arguments: { files: [SETTINGS] } };
  const answers = { inputResponses: { 'duplicate-1': { action: 'accept', content: { decision: 'accept' } } } };
  const hs: Harness[] = [];
  const harness = async (stateTtlSeconds?: number): Promise<Harness> => {
    const h = await startHarness({ config: { model: { enabled: false } }, ...(stateTtlSeconds === undefined ? {} : { stateTtlSeconds }) });
    hs.push(h);
    return h;
  };
  /** Asks the question and returns the state that comes with it. */
  const question = async (h: Harness): Promise<string> => {
    const first = await h.raw('tools/call', review, { elicitation: true });
    assert.equal(first.result?.['resultType'], 'input_required', JSON.stringify(first).slice(0, 300));
    return String(first.result?.['requestState']);
  };
  after(() => Promise.all(hs.map((h) => h.close())));

  it('refuses any tampering with -32602, and then still accepts the honest state', async () => {
    const h = await harness();
    const state = await question(h);
    const edit = fc.tuple(fc.nat({ max: state.length - 1 }), fc.string({ minLength: 0, maxLength: 3 }), fc.nat({ max: 3 }));
    await fc.assert(
      fc.asyncProperty(edit, async ([at, insert, cut]) => {
        const forged = state.slice(0, at) + insert + state.slice(at + cut);
        fc.pre(forged !== state);
        const reply = await h.raw('tools/call', { ...review, ...answers, requestState: forged }, { elicitation: true });
        assert.equal(reply.error?.code, -32602, `${JSON.stringify(reply).slice(0, 300)}`);
      }),
      { numRuns: 60, seed: SEED },
    );
    const honest = await h.raw('tools/call', { ...review, ...answers, requestState: state }, { elicitation: true });
    assert.equal(honest.result?.['resultType'], 'complete');
  });

  it('refuses an expired state with -32602', async () => {
    const h = await harness(-1);
    const state = await question(h);
    const reply = await h.raw('tools/call', { ...review, ...answers, requestState: state }, { elicitation: true });
    assert.equal(reply.error?.code, -32602, JSON.stringify(reply).slice(0, 300));
  });

  it('refuses a state replayed for another request, or at another server, with -32602', async () => {
    const h = await harness();
    const state = await question(h);
    const other = { name: 'review_code', arguments: { files: ['src/report/messages.ts'] } };
    const replayed = await h.raw('tools/call', { ...other, ...answers, requestState: state }, { elicitation: true });
    assert.equal(replayed.error?.code, -32602, JSON.stringify(replayed).slice(0, 300));
    assert.match(replayed.error?.message ?? '', /issued for another review_code request/);
    const wider = await h.raw('tools/call', { name: 'review_code', arguments: { files: [SETTINGS, 'src/report/messages.ts'] }, ...answers, requestState: state }, { elicitation: true });
    assert.equal(wider.error?.code, -32602, 'a superset of the files is another request too');
    const elsewhere = await (await harness()).raw('tools/call', { ...review, ...answers, requestState: state }, { elicitation: true });
    assert.equal(elsewhere.error?.code, -32602, 'another process signs with another key');
  });
});
