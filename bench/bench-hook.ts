/**
 * @fileoverview Benchmarks the Claude Code hook on the edit path as Claude
 * Code runs it: a fresh `review-guard hook claude-code` process per edit,
 * PostToolUse JSON on stdin, with the index already built (warm store on
 * disk) in a git repository (diff-only scope, as in real use). Each run
 * first edits the file (a new function appended), so every review sees a
 * real change. Reports wall-clock p50/p95 per hook call.
 *
 * Usage: node dist/bench/bench-hook.js [corpus] [--runs 15] [--file rel/path.ts] [--json out.json]
 * The corpus (default fixtures/sample-repo) is copied to a temp folder first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { corpusInfo, machineInfo, scratchCopy } from './lib/env-info.js';
import { REPO_ROOT } from './lib/jscpd.js';
import { spread, summarize } from './lib/stats.js';

const CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');

function parseBenchArgs(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { runs: { type: 'string', default: '15' }, file: { type: 'string' }, json: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a positive integer`);
  return { corpus: path.resolve(positionals[0] ?? path.join(REPO_ROOT, 'fixtures', 'sample-repo')), runs, file: values.file, json: values.json };
}

/** One hook call: spawn, feed the JSON, wait for exit; returns ms and the exit code. */
function hookCall(root: string, input: string): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'hook', 'claude-code'], { cwd: root, stdio: ['pipe', 'ignore', 'ignore'], env: { ...process.env, OLLAMA_HOST: '' } });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code: code ?? -1 }));
    child.stdin.end(input);
  });
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  const scratch = await scratchCopy(args.corpus);
  try {
    const root = scratch.root;
    const { info, entries } = await corpusInfo(root, path.basename(args.corpus));
    const file = args.file ?? spread(entries.map((e) => e.relPath), 1)[0];
    if (!file) throw new Error(`${args.corpus} has no source files`);
    const git = (...a: string[]) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', '-c', 'commit.gpgsign=false', ...a], { cwd: root, stdio: 'ignore' });
    // scratchCopy leaves .git out: a fresh repository with the corpus committed.
    git('init', '-q');
    await writeFile(path.join(root, '.gitignore'), '.review-guard/\n', { flag: 'a' });
    git('add', '-A');
    git('commit', '-q', '-m', 'bench');
    execFileSync(process.execPath, [CLI, 'index', '--root', root], { stdio: 'ignore' });
    const absPath = path.join(root, file);
    const samples: number[] = [];
    const codes = new Map<number, number>();
    for (let run = 0; run < args.runs; run++) {
      const added = `\nexport function benchEdit${run}(values: number[]): number {\n  let total = 0;\n  for (const v of values) total += v * ${run + 2};\n  return total;\n}\n`;
      await appendFile(absPath, added);
      const input = JSON.stringify({ session_id: 'bench', cwd: root, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: absPath, old_string: '', new_string: added } });
      const { ms, code } = await hookCall(root, input);
      samples.push(ms);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    const summary = summarize(samples);
    const report = { machine: machineInfo(), corpus: info, file, runs: args.runs, exitCodes: Object.fromEntries(codes), hookMs: summary, samplesMs: samples.map(Math.round) };
    if (args.json) await writeFile(args.json, `${JSON.stringify(report, null, 2)}\n`);
    const f = (n: number) => `${Math.round(n)} ms`;
    process.stdout.write(
      `hook claude-code on ${info.name} (${info.files} files), editing ${file}, ${args.runs} runs, warm index\n` +
        `  p50 ${f(summary.p50)} · p95 ${f(summary.p95)} · min ${f(summary.min)} · max ${f(summary.max)} (process start included)\n` +
        `  exit codes: ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')}\n`,
    );
  } finally {
    await scratch.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-hook: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
