/**
 * @fileoverview resolveOllamaHost: config first, then OLLAMA_HOST, then the
 * default, with the `ollama` CLI's rules for ports and schemes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidOllamaHostError } from '../../models/errors.js';
import { DEFAULT_OLLAMA_HOST, resolveOllamaHost } from '../../models/ollama-host.js';

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
