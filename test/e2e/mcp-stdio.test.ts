/**
 * End to end: the real server as a child process over stdio, the SDK
 * client, and a fake Ollama on loopback playing a model that searches for
 * similar code and then reports the duplicate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { closedHost } from '../helpers/loopback.js';
import { startFakeOllama, type FakeChatRequest, type FakeOllama, type FakeReply } from '../helpers/fake-ollama.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const REVIEWED = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts'];

interface Finding {
  file: string;
  rule: string;
  severity: string;
  source: string;
  message: string;
  symbol?: string;
  related?: { file: string; symbol?: string }[];
}
interface ReviewResult {
  findings: Finding[];
  summary: { files: { file: string; status: string; model?: string }[]; notices?: string[] };
}

/** The scripted model: search for parseSettings, then judge the candidate it got. */
function reviewerModel(request: FakeChatRequest): FakeReply {
  const user = request.messages.find((m) => m.role === 'user')?.content ?? '';
  if (!user.includes('src/handler/settings.ts')) return { content: '{"findings":[]}' };
  const toolResult = request.messages.find((m) => m.role === 'tool');
  if (!toolResult) {
    // The function's own code, as a model copies it from the numbered lines (a duplicate needs a search for it).
    const lines = user.split('\n').filter((l) => /^\s*\d+ \| /.test(l)).map((l) => l.replace(/^\s*\d+ \| /, ''));
    const start = lines.findIndex((l) => l.startsWith('export function parseSettings'));
    const code = lines.slice(start, lines.indexOf('}', start) + 1).join('\n');
    return { tool_calls: [{ function: { name: 'search_similar_code', arguments: { code, limit: 3 } } }] };
  }
  const answer = {
    findings: [
      {
        rule: 'duplicate',
        severity: 'error',
        message: 'parseSettings re-implements loadConfig from src/config/load.ts line by line.',
        line: 5,
        symbol: 'parseSettings',
        related: { file: 'src/config/load.ts', symbol: 'loadConfig' },
      },
    ],
  };
  return { content: '```json\n' + JSON.stringify(answer) + '\n```' };
}


async function connect(root: string, ollamaHost: string, era: 'legacy' | 'modern'): Promise<Client> {
  const client = new Client(
    { name: 'review-guard-e2e', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const env: Record<string, string> = { ...(process.env as Record<string, string>), OLLAMA_HOST: ollamaHost };
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', root], env, stderr: 'pipe' });
  await client.connect(transport);
  return client;
}

async function reviewOverMcp(client: Client): Promise<{ result: ReviewResult; isError: boolean; text: string }> {
  const reply = await client.callTool({ name: 'review_code', arguments: { files: REVIEWED } });
  const text = (reply.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
  return { result: reply.structuredContent as unknown as ReviewResult, isError: reply.isError === true, text };
}

function assertRuleFindings(result: ReviewResult): void {
  const maxLines = result.findings.find((f) => f.rule === 'max-lines');
  assert.ok(maxLines, 'max-lines finding');
  assert.equal(maxLines.file, 'src/report/messages.ts');
  assert.match(maxLines.message, /^269 code lines \(limit 250\)/);
  const naming = result.findings.filter((f) => f.rule === 'naming').map((f) => f.symbol);
  for (const name of ['max_retries', 'routeOptions', 'requestRouter', 'Add_Route', 'Request_Path', 'Handle_request']) {
    assert.ok(naming.includes(name), `naming finding for ${name}; got ${naming.join(', ')}`);
  }
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`review_code over stdio (${era === 'legacy' ? '2025-era' : '2026-07-28'} client)`, () => {
    let repo: SampleRepo;
    let ollama: FakeOllama;
    before(async () => {
      // With the near copy off and the similar threshold out of reach, only the model can report the duplicate.
      repo = await copySampleRepo({ index: { duplicateThreshold: 1 }, rules: { duplicate: ['error', { near: 'off', parametric: 'off', reimplementation: 'off' }] } });
      ollama = await startFakeOllama(reviewerModel);
    });
    after(async () => {
      await ollama.close();
      await repo.remove();
    });

    it('answers a review over the task threshold synchronously when the request does not declare the Tasks extension', async () => {
      const client = await connect(repo.root, ollama.url, era);
      try {
        const files = [...REVIEWED, 'src/config/load.ts', 'src/util/strings.ts'];
        const reply = await client.callTool({ name: 'review_code', arguments: { files } });
        const result = reply.structuredContent as unknown as ReviewResult;
        assert.equal(result.summary.files.length, 5);
        const execution = (reply._meta as Record<string, { mode?: string; reason?: string }> | undefined)?.['review-guard/execution'];
        assert.equal(execution?.mode, 'sync');
        assert.match(execution?.reason ?? '', /does not declare the io\.modelcontextprotocol\/tasks extension/);
      } finally {
        await client.close();
      }
    });

    it('lists review_code with a description that says when to call it', async () => {
      const client = await connect(repo.root, ollama.url, era);
      try {
        const { tools } = await client.listTools();
        const tool = tools.find((t) => t.name === 'review_code');
        assert.ok(tool?.outputSchema, 'review_code declares an outputSchema');
        assert.match(tool.description ?? '', /after every\s+change/);
      } finally {
        await client.close();
      }
    });

    it('reports the duplicate the model judged, the max-lines and the naming findings', async () => {
      const client = await connect(repo.root, ollama.url, era);
      try {
        const { result, isError, text } = await reviewOverMcp(client);
        assert.equal(isError, false);
        const duplicate = result.findings.find((f) => f.rule === 'duplicate');
        assert.ok(duplicate, `duplicate finding; got ${text}`);
        assert.equal(duplicate.source, 'model');
        assert.equal(duplicate.file, 'src/handler/settings.ts');
        assert.deepEqual(duplicate.related?.map((r) => [r.file, r.symbol]), [['src/config/load.ts', 'loadConfig']]);
        assertRuleFindings(result);
        assert.ok(result.summary.files.every((f) => f.status === 'reviewed' && f.model === 'completed'));
        const toolTurn = ollama.chatRequests().find((r) => r.messages.some((m) => m.role === 'tool'));
        assert.ok(toolTurn?.tools?.some((t) => t.function.name === 'search_similar_code'), 'the tool was offered');
        const toolResult = toolTurn?.messages.find((m) => m.role === 'tool');
        assert.match(toolResult?.content ?? '', /loadConfig/, 'the index handed the model loadConfig as a candidate');
      } finally {
        await client.close();
      }
    });

    it('still returns every rule finding plus one notice when nothing listens on the Ollama port', async () => {
      const client = await connect(repo.root, await closedHost(), era);
      try {
        const { result, isError } = await reviewOverMcp(client);
        assert.equal(isError, false);
        assertRuleFindings(result);
        assert.deepEqual(result.findings.filter((f) => f.rule === 'review'), [], 'no warning per file: every file would say the same');
        const notices = (result.summary.notices ?? []).filter((n) => /not reachable|connection refused/i.test(n));
        assert.equal(notices.length, 1, 'one notice for the review');
        assert.match(notices[0] ?? '', new RegExp(`^the model did not judge ${REVIEWED.length} file\\(s\\)`));
      } finally {
        await client.close();
      }
    });
  });
}
