/**
 * End to end over stdio in both eras: progress notifications reach the
 * client per file and stage, and cancelling the call stops the review and
 * its model traffic (a fake Ollama on loopback records every request).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fakeOllamaForFile, type FakeOllama } from '../helpers/fake-ollama.js';
import { waitFor } from '../support/cli.js';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

const FILES = ['src/handler/settings.ts', 'src/handler/http-handler.ts', 'src/report/messages.ts'];
const startOllama = fakeOllamaForFile();

async function connect(root: string, ollama: FakeOllama, era: 'legacy' | 'modern'): Promise<Client> {
  const client = new Client({ name: 'e2e-progress', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});
  const env = { ...(process.env as Record<string, string>), OLLAMA_HOST: ollama.url };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', root], env, stderr: 'pipe' }));
  return client;
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`progress and cancellation over stdio (${era === 'legacy' ? '2025-era' : '2026-07-28'} client)`, () => {
    let repo: SampleRepo;
    before(async () => {
      repo = await copySampleRepo();
    });
    after(() => repo.remove());

    it('reports progress per file and stage', async () => {
      const ollama = await startOllama(() => ({ content: '{"findings":[]}' }));
      const client = await connect(repo.root, ollama, era);
      try {
        const messages: string[] = [];
        const reply = await client.callTool({ name: 'review_code', arguments: { files: FILES } }, { onprogress: (p) => messages.push(p.message ?? '') });
        assert.equal(reply.isError, false);
        for (let i = 1; i <= FILES.length; i++) assert.ok(messages.includes(`file ${i}/3: asking the model`), `model step ${i}: ${messages.join(' | ')}`);
      } finally {
        await client.close();
      }
    });

    it('stops the review and its model requests when the call is cancelled', async () => {
      const ollama = await startOllama(() => ({ content: '{"findings":[]}', delayMs: 800 }));
      const client = await connect(repo.root, ollama, era);
      try {
        const controller = new AbortController();
        const call = client.callTool({ name: 'review_code', arguments: { files: FILES } }, { signal: controller.signal });
        await waitFor(() => ollama.chatRequests().length, (n) => n > 0);
        assert.equal(ollama.chatRequests().length, 1, 'the first file is with the model');
        controller.abort('stop');
        await assert.rejects(call);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        assert.equal(ollama.chatRequests().length, 1, 'no model request after the cancel');
        assert.equal(ollama.turnRecords()[0]?.aborted, true, 'the in-flight request was aborted');
      } finally {
        await client.close();
      }
    });
  });
}
