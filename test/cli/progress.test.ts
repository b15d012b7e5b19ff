import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatProgress, progressLine } from '../../src/cli/progress.js';

describe('progress line', () => {
  it('shows count, rate and time left', () => {
    assert.equal(formatProgress('indexing', 100, 1100, 2000), 'indexing 100/1100 files · 50 files/s · about 20 s left');
    assert.equal(formatProgress('indexing', 3, 1000, 2000), 'indexing 3/1000 files · 1.5 files/s · about 11 min 5 s left');
    assert.equal(formatProgress('indexing', 50, 50, 1000), 'indexing 50/50 files · 50 files/s');
    assert.equal(formatProgress('indexing', 0, 50, 0), 'indexing 0/50 files');
  });

  it('draws only on a terminal, at most every 200 ms, and always the last step', () => {
    const written: string[] = [];
    let clock = 0;
    const stream = { isTTY: true, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const line = progressLine(stream, 'indexing', () => clock);
    clock = 250;
    line.update(1, 10);
    clock = 300;
    line.update(2, 10);
    clock = 310;
    line.update(10, 10);
    line.end();
    assert.equal(written.length, 3);
    assert.match(written[1]!, /10\/10 files/);
    const quiet: string[] = [];
    progressLine({ isTTY: false, write: (s: string) => quiet.push(s) } as unknown as NodeJS.WriteStream, 'x').update(1, 2);
    assert.deepEqual(quiet, []);
  });
});
