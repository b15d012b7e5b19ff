/**
 * @fileoverview resolveOllamaHost: config first, then OLLAMA_HOST, then the
 * default, with the `ollama` CLI's rules for ports and schemes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidOllamaHostError, RemoteHostRefusedError } from '../../models/errors.js';
import { OllamaChatClient } from '../../models/ollama-chat.js';
import { DEFAULT_OLLAMA_HOST, assertHostAllowed, isLocalHost, resolveOllamaHost } from '../../models/ollama-host.js';

describe('resolveOllamaHost', () => {
  it('defaults to http://127.0.0.1:11434', () => {
    assert.equal(resolveOllamaHost(undefined, {}), DEFAULT_OLLAMA_HOST);
    assert.equal(DEFAULT_OLLAMA_HOST, 'http://127.0.0.1:11434');
    assert.equal(resolveOllamaHost('  ', { OLLAMA_HOST: '' }), DEFAULT_OLLAMA_HOST);
  });

  it('prefers the config value over OLLAMA_HOST', () => {
    assert.equal(resolveOllamaHost('http://gpu-box:11434', { OLLAMA_HOST: 'other:1' }), 'http://gpu-box:11434');
  });

  it('reads OLLAMA_HOST in its accepted forms', () => {
    const cases: [string, string][] = [
      ['gpu-box', 'http://gpu-box:11434'],
      ['gpu-box:8080', 'http://gpu-box:8080'],
      ['gpu-box:80', 'http://gpu-box:80'],
      ['0.0.0.0:11434', 'http://0.0.0.0:11434'],
      [':9999', 'http://127.0.0.1:9999'],
      ['[::1]:11434', 'http://[::1]:11434'],
      ['http://gpu-box:11434/', 'http://gpu-box:11434'],
      ['https://ollama.example.com', 'https://ollama.example.com:443'],
      ['http://proxy.local/ollama/', 'http://proxy.local:80/ollama'],
      ['http://user:pw@gpu-box:1234', 'http://user:pw@gpu-box:1234'],
    ];
    for (const [env, expected] of cases) {
      assert.equal(resolveOllamaHost(undefined, { OLLAMA_HOST: env }), expected, env);
    }
  });

  it('rejects values that are no address, naming the setting', () => {
    assert.throws(() => resolveOllamaHost(undefined, { OLLAMA_HOST: 'ftp://x' }), (error: unknown) => {
      assert.ok(error instanceof InvalidOllamaHostError);
      assert.equal(error.origin, 'env');
      assert.match(error.message, /OLLAMA_HOST "ftp:\/\/x"/);
      return true;
    });
    assert.throws(() => resolveOllamaHost('http://', {}), /model\.host/);
  });
});

describe('the code stays on this machine', () => {
  it('counts loopback, localhost and the unspecified address as this machine', () => {
    const local = ['http://127.0.0.1:11434', 'http://127.8.9.10:1', 'http://localhost:11434', 'http://LOCALHOST.:80', 'http://[::1]:11434', 'http://0.0.0.0:11434', 'http://[::ffff:127.0.0.1]:11434', 'http://[::]:1'];
    for (const host of local) assert.equal(isLocalHost(host), true, host);
    const remote = ['http://gpu-box:11434', 'http://10.0.0.5:11434', 'https://ollama.example.com:443', 'http://128.0.0.1:1', 'http://localhost.evil.com:1', 'http://[::2]:1', 'http://[::ffff:10.0.0.1]:1'];
    for (const host of remote) assert.equal(isLocalHost(host), false, host);
  });

  it('refuses a remote host with how to allow it, unless allowed', () => {
    assert.throws(() => assertHostAllowed('http://gpu-box:11434', false), (error: unknown) => {
      assert.ok(error instanceof RemoteHostRefusedError);
      assert.match(error.message, /^refusing to send code to the Ollama host http:\/\/gpu-box:11434: it is not on this machine/);
      assert.match(error.message, /set "model": \{"allowRemoteHost": true\} in review-guard\.config\.json/);
      return true;
    });
    assert.doesNotThrow(() => assertHostAllowed('http://gpu-box:11434', true));
    assert.doesNotThrow(() => assertHostAllowed('http://127.0.0.1:11434', false));
  });

  it('is enforced by the chat client itself', () => {
    assert.throws(() => new OllamaChatClient({ host: 'http://gpu-box:11434', model: 'm', requestTimeoutMs: 1000 }), RemoteHostRefusedError);
    const allowed = new OllamaChatClient({ host: 'http://gpu-box:11434', model: 'm', requestTimeoutMs: 1000, allowRemoteHost: true });
    assert.match(allowed.description, /gpu-box/);
  });
});
