/**
 * `bench/load-http.ts` on the command line: --help prints the usage and a
 * bad flag or value is a usage error (exit 2), never a stack trace. (The
 * load itself is a benchmark, run by hand.)
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../support/sample-repo.js';

const BENCH = join(REPO_ROOT, 'dist', 'bench', 'load-http.js');

function run(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BENCH, ...args], (error, stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr }));
  });
}

describe('load-http usage', () => {
  it('prints the usage for --help and exits 0', async () => {
    const { code, stdout } = await run(['--help']);
    assert.equal(code, 0);
    assert.match(stdout, /^Usage: node dist\/bench\/load-http\.js /);
    assert.match(stdout, /--clients N +concurrent clients/);
  });

  it('answers an unknown flag or a bad value with exit 2, the problem and the usage, without a stack trace', async () => {
    for (const [args, problem] of [
      [['--bogus'], /^load-http: Unknown option '--bogus'/],
      [['--clients', '0'], /^load-http: --clients 0: expected an integer from 1 to 128/],
    ] as const) {
      const { code, stderr } = await run(args);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, problem);
      assert.match(stderr, /Usage: /);
      assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
