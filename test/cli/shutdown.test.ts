/**
 * The orderly exit of `serve` (src/cli/shutdown.ts), driven by emitting the
 * signals in this test process (node:test runs each file in its own):
 * stop runs once and exits 0, a stop that hangs is cut off after the grace
 * period, and a second signal exits at once with 128 + the signal number.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { afterEach, describe, it } from 'node:test';
import { exitOnSignals } from '../../src/cli/shutdown.js';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('exitOnSignals', () => {
  afterEach(() => {
    process.removeAllListeners('SIGTERM');
    process.removeAllListeners('SIGINT');
  });

  it('says which signal came, runs stop once and exits 0', async () => {
    const codes: number[] = [];
    let stops = 0;
    const stderr = capture();
    const exited = new Promise<void>((resolve) =>
      exitOnSignals(async () => void stops++, stderr.stream, { exit: (code) => (codes.push(code), resolve()) }),
    );
    process.emit('SIGTERM');
    await exited;
    assert.deepEqual(codes, [0]);
    assert.equal(stops, 1);
    assert.match(stderr.text(), /SIGTERM received; stopping/);
  });

  it('exits 0 after the grace period when stop hangs, and at once on a second signal', async () => {
    const codes: number[] = [];
    const exited = new Promise<void>((resolve) =>
      exitOnSignals(() => new Promise(() => undefined), capture().stream, { exit: (code) => (codes.push(code), resolve()), graceMs: 50 }),
    );
    // The grace timer is unref'd (it must not keep a stopped server alive); this one keeps the test alive.
    const keepAlive = setTimeout(() => undefined, 5_000);
    process.emit('SIGINT');
    await exited;
    clearTimeout(keepAlive);
    assert.deepEqual(codes, [0]);
    process.emit('SIGINT');
    assert.deepEqual(codes, [0, 130]);
  });
});
