/**
 * @fileoverview What costly input costs: for each function length, a
 * workspace holding an indexed function and a copy of it with its lines
 * shuffled or its blocks reversed (bench/lib/hostile-code.ts), reviewed with
 * `review-guard review --no-model` (in process, cold: the index is built in
 * the same run) next to jscpd on the same folder, in one run. Reports wall
 * time and peak RSS of each (peak RSS from `/usr/bin/time` where it exists)
 * and their ratio. Fetched code is not needed: the input is generated.
 *
 * Usage: node dist/bench/bench-cost.js [--lines 500,2000,5000] [--how shuffled|block-reversed] [--json out.json]
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { machineInfo } from './lib/env-info.js';
import { longFunction, reorderedCopy, type Reordering } from './lib/hostile-code.js';
import { findJscpd, jscpdArgs, REPO_ROOT } from './lib/jscpd.js';

const CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.cjs');
const TIME = '/usr/bin/time';

interface Cost {
  readonly ms: number;
  readonly peakMb?: number;
  readonly code: number;
}

/** Runs `command args` in `cwd`; its wall time and, with /usr/bin/time, its peak RSS. */
function measure(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Cost> {
  const timed = existsSync(TIME);
  const [bin, argv] = timed ? [TIME, ['-f', 'PEAK_KB %M', command, ...args]] : [command, [...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(bin, argv, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const peak = /PEAK_KB (\d+)/.exec(stderr)?.[1];
      resolve({ ms: performance.now() - started, code: code ?? -1, ...(peak ? { peakMb: Number(peak) / 1024 } : {}) });
    });
  });
}

async function workspace(lines: number, how: Reordering): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'rg-bench-cost-'));
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'long.ts'), longFunction('sumRecords', lines));
  await writeFile(path.join(root, 'src', 'copy.ts'), reorderedCopy('sumRecordsAgain', lines, how));
  await writeFile(path.join(root, 'review-guard.config.json'), JSON.stringify({ model: { enabled: false } }));
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { lines: { type: 'string', default: '500,2000,5000' }, how: { type: 'string', default: 'shuffled' }, json: { type: 'string' } } });
  const how = values.how as Reordering;
  const jscpd = findJscpd();
  const rows = [];
  for (const lines of values.lines.split(',').map(Number)) {
    const root = await workspace(lines, how);
    try {
      const guard = await measure(process.execPath, [CLI, 'review', '--no-model', '--json', 'src/copy.ts'], root, { REVIEW_GUARD_DAEMON: 'off' });
      const report = await mkdtemp(path.join(tmpdir(), 'rg-bench-cost-jscpd-'));
      const peer = await measure(jscpd.command, jscpdArgs(path.join(root, 'src'), report), root);
      await rm(report, { recursive: true, force: true });
      const ratio = guard.ms / peer.ms;
      rows.push({ lines, how, reviewGuard: guard, jscpd: peer, timeRatio: ratio });
      const mb = (cost: Cost) => (cost.peakMb === undefined ? 'n/a' : `${cost.peakMb.toFixed(0)} MB`);
      console.log(`${lines} lines (${how}): review-guard ${(guard.ms / 1000).toFixed(2)} s, ${mb(guard)} (exit ${guard.code}) | jscpd ${(peer.ms / 1000).toFixed(2)} s, ${mb(peer)} | time ratio ${ratio.toFixed(2)}`);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  if (values.json) await writeFile(values.json, `${JSON.stringify({ machine: machineInfo(), jscpdNative: jscpd.native, rows }, null, 2)}\n`);
}

await main();
