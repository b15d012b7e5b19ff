/**
 * End to end over stdio: the duplicate question reaches a 2025-era client
 * as a pushed elicitation/create (the SDK's shim) and a 2026-07-28 client
 * as an input_required round; both answers shape the finding.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI_PATH, copySampleRepo, type SampleRepo } from '../support/sample-repo.js';

for (const era of ['legacy', 'modern'] as const) {
  describe(`duplicate question over stdio (${era === 'legacy' ? '2025-era' : '2026-07-28'} client)`, () => {
    let repo: SampleRepo;
    before(async () => {
      repo = await copySampleRepo({ model: { enabled: false } });
    });
    after(() => repo.remove());

    for (const decision of ['reuse', 'accept'] as const) {
      it(`asks, and the answer "${decision}" ${decision === 'reuse' ? 'keeps' : 'drops'} the duplicate finding`, async () => {
        const client = new Client(
          { name: 'e2e-elicitation', version: '1.0.0' },
          { capabilities: { elicitation: { form: {} } }, ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}) },
        );
        const asked: string[] = [];
        client.setRequestHandler('elicitation/create', async (request) => {
          asked.push(request.params.message);
          return { action: 'accept', content: { decision } };
        });
        await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', repo.root], stderr: 'pipe' }));
        try {
          const reply = await client.callTool({ name: 'review_code', arguments: { files: ['src/handler/settings.ts'] } });
          assert.equal(asked.length, 1);
          assert.match(asked[0] ?? '', /parseSettings .* nearly identical to loadConfig/);
          const duplicates = (reply.structuredContent as { findings: { rule: string }[] }).findings.filter((f) => f.rule === 'duplicate');
          assert.equal(duplicates.length, decision === 'reuse' ? 1 : 0);
        } finally {
          await client.close();
        }
      });
    }
  });
}
