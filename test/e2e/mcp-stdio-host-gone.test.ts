/**
 * End to end: the stdio host goes away (closes stdin) while `serve` works
 * on a task. Nobody can poll the task or answer its question any more, so
 * the server cancels its tasks and their model requests and exits, instead
 * of finishing a review no one reads (or waiting half a TTL for an answer).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { envelope } from '../mcp/harness.js';
import { startServeStdio, waitFor, type StdioChild } from '../support/cli.js';
import { copySampleRepo } from '../support/sample-repo.js';

const SOURCES = ['src/config/load.ts', 'src/handler/http-handler.ts', 'src/handler/settings.ts', 'src/report/messages.ts', 'src/util/strings.ts'];

/** A 2026-07-28 request line, declaring the Tasks extension (and form elicitation with `elicitation`). */
function modern(id: number, method: string, params: Record<string, unknown>, elicitation = false): unknown {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(true, elicitation) } };
}

/** Ends stdin; the exit code, or 'still running' when the server has not exited after `ms` (it is then killed). */
async function closeStdin(server: StdioChild, ms = 15_000): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)));
  const outcome = await Promise.race([server.close(), late]);
  clearTimeout(timer);
  if (outcome === 'still running') server.child.kill('SIGKILL');
  return outcome;
}

describe('serve over stdio: the host closes stdin while a task runs', () => {
  let ollama: FakeOllama;
  before(async () => {
    // Every model turn takes a while: the task is mid-review when the host leaves.
    ollama = await startFakeOllama(() => ({ content: '{"findings":[]}', delayMs: 700 }));
  });
  after(() => ollama.close());

  it('cancels the task and its model request and exits: no model request after stdin closed', async () => {
    const repo = await copySampleRepo();
    try {
      const server = startServeStdio(repo.root, [], { OLLAMA_HOST: ollama.url });
      server.send(modern(1, 'tools/call', { name: 'review_code', arguments: { files: SOURCES } }));
      assert.equal((await server.reply(1)).result?.['resultType'], 'task', 'a review of 5 files is a task');
      await waitFor(() => ollama.chatRequests().length, (n) => n >= 1, 20_000);
      const chatsAtClose = ollama.chatRequests().length;
      assert.equal(await closeStdin(server), 0, `serve exits once the host is gone; stderr: ${server.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const chats = ollama.requests.filter((r) => r.path === '/api/chat');
      // stdin's end may cross one file boundary before it is read: one more request at most, never the rest of the review.
      assert.ok(chats.length <= chatsAtClose + 1 && chats.length < SOURCES.length, `${chats.length - chatsAtClose} model request(s) after stdin closed`);
      assert.equal(chats.at(-1)?.aborted, true, 'the model request in flight was aborted');
      assert.match(server.stderr(), /the host closed stdin; stopping/);
    } finally {
      await repo.remove();
    }
  });

  it('exits while a task waits for an answer to its question', async () => {
    const repo = await copySampleRepo({ model: { enabled: false } });
    try {
      const server = startServeStdio(repo.root);
      server.send(modern(1, 'tools/call', { name: 'review_code', arguments: { files: SOURCES } }, true));
      const taskId = String((await server.reply(1)).result?.['taskId']);
      let nextId = 2;
      await waitFor(
        async () => {
          const id = nextId++;
          server.send(modern(id, 'tasks/get', { taskId }));
          return (await server.reply(id)).result?.['status'];
        },
        (status) => status === 'input_required',
        20_000,
      );
      assert.equal(await closeStdin(server), 0, `serve exits instead of waiting for the answer; stderr: ${server.stderr()}`);
    } finally {
      await repo.remove();
    }
  });
});
