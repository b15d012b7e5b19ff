/**
 * The rest of the surface an agent uses: search_similar_code and
 * index_status, truthful tool annotations, the config and rule resources,
 * and the review-changes prompt.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/client';
import { waitFor } from '../support/cli.js';
import { progressReceived, startHarness, type Harness } from './harness.js';

interface Candidate {
  file: string;
  symbol: string;
  score: number;
  snippet: string;
}

function text(reply: { content?: unknown }): string {
  return (reply.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}

describe('MCP surface beyond review_code', () => {
  let h: Harness;
  let client: Client;
  let legacy: Client;
  before(async () => {
    h = await startHarness();
    client = await h.connect('modern');
    legacy = await h.connect('legacy');
  });
  after(() => h.close());

  it('lists four tools with output schemas and annotations that match what they do', async () => {
    for (const c of [client, legacy]) {
      const { tools } = await c.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      assert.deepEqual([...byName.keys()].sort(), ['index_status', 'refresh_index', 'review_code', 'search_similar_code']);
      for (const tool of tools) {
        assert.ok(tool.outputSchema, `${tool.name} has an outputSchema`);
        assert.equal(tool.annotations?.destructiveHint, false, `${tool.name} never destroys anything`);
        assert.equal(tool.annotations?.openWorldHint, false, `${tool.name} stays on this machine`);
        assert.equal(tool.annotations?.idempotentHint, true);
      }
      // review_code and search_similar_code bring the index cache up to date, so they are not read-only.
      assert.equal(byName.get('review_code')?.annotations?.readOnlyHint, false);
      assert.equal(byName.get('search_similar_code')?.annotations?.readOnlyHint, false);
      assert.equal(byName.get('refresh_index')?.annotations?.readOnlyHint, false);
      assert.equal(byName.get('index_status')?.annotations?.readOnlyHint, true);
    }
  });

  it('search_similar_code finds loadConfig for the code of its copy', async () => {
    const source = await readFile(join(h.repo.root, 'src/handler/settings.ts'), 'utf8');
    const code = source.slice(source.indexOf('export function parseSettings'), source.indexOf('export function settingsSummary'));
    const reply = await client.callTool({ name: 'search_similar_code', arguments: { code, limit: 3 } });
    assert.notEqual(reply.isError, true, text(reply));
    const { candidates } = reply.structuredContent as { candidates: Candidate[] };
    const original = candidates.find((c) => c.symbol === 'loadConfig');
    assert.ok(original, `loadConfig among ${candidates.map((c) => c.symbol).join(', ')}`);
    assert.equal(original.file, 'src/config/load.ts');
    assert.ok(original.score >= 0.9, `score ${original.score}`);
    assert.match(original.snippet, /loadConfig/);
    assert.match(text(reply), /src\/config\/load\.ts:\d+-\d+ loadConfig/);
  });

  it('search_similar_code takes every language review-guard reads', async () => {
    for (const [language, code] of [
      ['python', 'def load(path):\n    with open(path) as f:\n        return f.read()\n'],
      ['go', 'func Load(path string) ([]byte, error) {\n\treturn os.ReadFile(path)\n}\n'],
    ]) {
      const reply = await client.callTool({ name: 'search_similar_code', arguments: { code, language } });
      assert.notEqual(reply.isError, true, `${language}: ${text(reply)}`);
    }
  });

  it('search_similar_code explains what is missing instead of guessing', async () => {
    const byWords = await client.callTool({ name: 'search_similar_code', arguments: { description: 'parse the settings file' } });
    assert.equal(byWords.isError, true);
    assert.match(text(byWords), /needs a semantic embedder \(index\.semantic/);
    const both = await client.callTool({ name: 'search_similar_code', arguments: { code: 'f()', description: 'x' } });
    assert.equal(both.isError, true);
    assert.match(text(both), /exactly one of code or description/);
  });

  it('index_status reports the index size and when this server last updated it', async () => {
    await client.callTool({ name: 'search_similar_code', arguments: { code: 'export function f(a: number) { return a + 1; }' } });
    const reply = await client.callTool({ name: 'index_status', arguments: {} });
    const status = reply.structuredContent as { enabled: boolean; files: number; chunks: number; embedder: string; lastUpdated?: string };
    assert.equal(status.enabled, true);
    assert.ok(status.files >= 5, `files ${status.files}`);
    assert.ok(status.chunks > 0);
    assert.ok(status.embedder.length > 0);
    assert.ok(status.lastUpdated && Date.now() - Date.parse(status.lastUpdated) < 60_000);
  });

  it('refresh_index brings the index up to date, with progress when the call asks for it, or as a task when the request declares the extension', async () => {
    const quiet = await h.connect('modern');
    const unasked = progressReceived(quiet);
    const reply = await quiet.callTool({ name: 'refresh_index', arguments: { rebuild: true } });
    assert.deepEqual(unasked, [], 'no progress unless the call asks for it');
    const updates: { progress: number; total?: number; message?: string }[] = [];
    await client.callTool({ name: 'refresh_index', arguments: {} }, { onprogress: (p) => updates.push(p) });
    assert.ok(updates.length >= 1, 'the walk reports progress');
    assert.equal(updates.at(-1)?.progress, updates.at(-1)?.total, 'the last step is the whole walk');
    for (const u of updates) assert.equal(u.message, `indexing ${u.progress}/${u.total} files`);
    for (let i = 1; i < updates.length; i++) assert.ok(updates[i]!.progress > updates[i - 1]!.progress, 'progress increases');
    const stats = reply.structuredContent as { files: number; chunks: number; indexed: number };
    assert.ok(stats.files >= 5 && stats.chunks > 0, JSON.stringify(stats));
    assert.match(text(reply), /^Rebuilt the index: \d+ files/);
    const created = await h.raw('tools/call', { name: 'refresh_index', arguments: {} }, { tasks: true });
    assert.equal(created.result?.['resultType'], 'task');
    const taskId = String(created.result?.['taskId']);
    const done = await waitFor(() => h.raw('tasks/get', { taskId }, { tasks: true }), (r) => r.result?.['status'] !== 'working');
    assert.equal(done.result?.['status'], 'completed');
    const refreshed = (done.result?.['result'] as { structuredContent: { files: number; unchanged: number } }).structuredContent;
    assert.equal(refreshed.files, stats.files);
    assert.equal(refreshed.unchanged, stats.files, 'nothing changed since the rebuild');
  });

  it('serves the effective configuration with defaults filled in', async () => {
    const { contents } = await client.readResource({ uri: 'review-guard://config' });
    const body = JSON.parse(String((contents[0] as { text: string }).text)) as { source: string; config: { mcp: { taskThreshold: number; timeBudgetMs: number }; rules: Record<string, unknown> } };
    assert.equal(body.config.mcp.taskThreshold, 3);
    assert.equal(body.config.mcp.timeBudgetMs, 50_000);
    assert.ok(body.config.rules['max-lines']);
    assert.match(body.source, /review-guard\.config\.json$/);
  });

  it('serves the rule catalog and each rule\'s documentation', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    for (const uri of ['review-guard://config', 'review-guard://rules', 'review-guard://rules/naming', 'review-guard://rules/duplicate']) assert.ok(uris.includes(uri), `${uri} listed`);
    const catalog = JSON.parse((await client.readResource({ uri: 'review-guard://rules' })).contents.map((c) => ('text' in c ? c.text : '')).join('')) as { id: string; kind: string }[];
    assert.deepEqual(catalog.map((r) => r.id), ['duplicate', 'max-function-lines', 'max-lines', 'naming', 'near-duplicate-names', 'responsibility', 'review']);
    const docs = (await client.readResource({ uri: 'review-guard://rules/naming' })).contents[0] as { text: string; mimeType: string };
    assert.equal(docs.mimeType, 'text/markdown');
    assert.match(docs.text, /^# naming\n/);
    await assert.rejects(client.readResource({ uri: 'review-guard://rules/no-such-rule' }));
  });

  it('offers the review-changes prompt, with an optional base revision', async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ['review-changes']);
    const prompt = await client.getPrompt({ name: 'review-changes', arguments: { base: 'main' } });
    const body = (prompt.messages[0]?.content as { text: string }).text;
    assert.match(body, /git diff --name-only main/);
    assert.match(body, /review_code/);
    const plain = await legacy.getPrompt({ name: 'review-changes', arguments: {} });
    assert.match((plain.messages[0]?.content as { text: string }).text, /since HEAD/);
  });
});
