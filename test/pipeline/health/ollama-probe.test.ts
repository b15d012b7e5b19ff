/**
 * The doctor's Ollama probe against real loopback servers: the fake Ollama,
 * a port nobody listens on, a server that never answers and one that is not
 * Ollama. It never throws and always says what it found.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { hasModel, probeOllama } from '../../../src/pipeline/health/ollama-probe.js';
import { fakeOllamaForFile } from '../../helpers/fake-ollama.js';
import { closedHost, serveHttp, type LoopbackServer } from '../../helpers/loopback.js';

const startOllama = fakeOllamaForFile();
const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

describe('probeOllama', () => {
  it('reads the version and the pulled models', async () => {
    const ollama = await startOllama([], { models: ['a:1b', 'b:latest'], version: '0.13.0' });
    const probe = await probeOllama(ollama.url, 2000);
    assert.ok(probe.reachable);
    assert.equal(probe.version, '0.13.0');
    assert.deepEqual(probe.models, ['a:1b', 'b:latest']);
  });

  it('says connection refused for a closed port', async () => {
    const host = await closedHost();
    const probe = await probeOllama(host, 2000);
    assert.equal(probe.reachable, false);
    assert.match(!probe.reachable ? probe.problem : '', /not reachable at .*\(connection refused\)/);
  });

  it('gives up on a server that never answers within the timeout', async () => {
    const silent = await serveHttp(() => undefined);
    servers.push(silent);
    const started = Date.now();
    const probe = await probeOllama(silent.url, 300);
    assert.ok(Date.now() - started < 2000, 'returns soon after the timeout');
    assert.deepEqual(probe.reachable ? undefined : [probe.kind, probe.problem], ['timeout', `Ollama at ${silent.url} did not answer within 300 ms`]);
  });

  it('reports a server that is not Ollama', async () => {
    const other = await serveHttp((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"hello": "world"}');
    });
    servers.push(other);
    const probe = await probeOllama(other.url, 2000);
    assert.equal(probe.reachable, false);
    assert.match(!probe.reachable ? probe.problem : '', /does not answer like Ollama/);
  });
});

describe('hasModel', () => {
  it('treats a name without a tag as :latest', () => {
    assert.ok(hasModel(['nomic-embed-text:latest'], 'nomic-embed-text'));
    assert.ok(hasModel(['nomic-embed-text'], 'nomic-embed-text:latest'));
    assert.ok(!hasModel(['qwen3-coder:30b'], 'qwen3-coder'));
    assert.ok(!hasModel(['qwen3-coder:30b'], 'qwen3-coder:7b'));
  });
});
