/**
 * End to end over stdio: the duplicate question reaches a 2025-era client
 * as a pushed elicitation/create (the SDK's shim) and a 2026-07-28 client
 * as an input_required round; both answers shape the finding. A pair whose
 * two halves are both reviewed is asked about once, about the newer half.
 */
import assert from 'node:assert/strict';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { sampleGitRepo } from '../support/cli.js';
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

describe('duplicate question over stdio when both halves of the pair are reviewed', () => {
  const BOTH = ['src/config/load.ts', 'src/handler/settings.ts'];

  /** Reviews both halves with a client that answers `decision`; the questions it was asked and the duplicate findings. */
  async function reviewBoth(root: string, decision: 'reuse' | 'accept'): Promise<{ asked: string[]; duplicates: string[] }> {
    const client = new Client({ name: 'e2e-elicitation-pair', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { decision } };
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'serve', '--root', root], stderr: 'pipe' }));
    try {
      const reply = await client.callTool({ name: 'review_code', arguments: { files: BOTH } });
      const findings = (reply.structuredContent as { findings: { rule: string; file: string; symbol?: string }[] }).findings;
      return { asked, duplicates: findings.filter((f) => f.rule === 'duplicate').map((f) => `${f.file}:${f.symbol}`) };
    } finally {
      await client.close();
    }
  }

  for (const [changed, newer, older] of [
    ['src/handler/settings.ts', 'parseSettings', 'loadConfig'],
    ['src/config/load.ts', 'loadConfig', 'parseSettings'],
  ] as const) {
    it(`asks once, about the half with uncommitted work (${changed}), and "reuse" leaves one finding pointing at the older code`, async () => {
      const repo = await sampleGitRepo({ model: { enabled: false } });
      try {
        await appendFile(join(repo.root, changed), '\n// edited after the last commit\n');
        const { asked, duplicates } = await reviewBoth(repo.root, 'reuse');
        assert.equal(asked.length, 1, `one question for the pair; asked: ${asked.join(' | ')}`);
        assert.match(asked[0] ?? '', new RegExp(`^${newer} in ${changed.replace(/\./g, '\\.')} is nearly identical to ${older} in `));
        assert.deepEqual(duplicates, [`${changed}:${newer}`], 'the mirrored finding (reuse the newer code) is gone');
      } finally {
        await repo.remove();
      }
    });
  }

  it('"accept" drops both findings of the pair and neither comes back', async () => {
    const repo = await sampleGitRepo({ model: { enabled: false } });
    try {
      const first = await reviewBoth(repo.root, 'accept');
      assert.equal(first.asked.length, 1);
      assert.deepEqual(first.duplicates, []);
      const again = await reviewBoth(repo.root, 'reuse');
      assert.deepEqual(again, { asked: [], duplicates: [] });
    } finally {
      await repo.remove();
    }
  });
});
