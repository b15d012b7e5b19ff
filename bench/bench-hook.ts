/**
 * @fileoverview Benchmarks the Claude Code hook on the edit path as Claude
 * Code runs it: a fresh `review-guard hook claude-code` process per edit,
 * PostToolUse JSON on stdin, with the index already built (warm store on
 * disk) in a git repository (diff-only scope, as in real use). One warm-up
 * call first (it starts the workspace's daemon and runs in process), then
 * each run edits the file (a new function appended), so every review sees a
 * real change. Reports wall-clock p50/p95 per hook call next to a bare
 * `node -e 0` start measured in the same run (alternating with the hook
 * calls, so both see the same machine load) and their ratio. `--in-process`
 * measures the hook without the daemon (REVIEW_GUARD_DAEMON=off).
 *
 * Usage: node dist/bench/bench-hook.js [corpus] [--runs 10] [--file rel/path.ts] [--in-process] [--json out.json]
 * The corpus (default fixtures/sample-repo) is copied to a temp folder first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { corpusInfo, machineInfo, scratchCopy } from './lib/env-info.js';
import { REPO_ROOT } from './lib/jscpd.js';
import { spread, summarize } from './lib/stats.js';
import { daemonFilesFor } from '../src/cli/daemon/runtime-files.js';

const CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.js');

function parseBenchArgs(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { runs: { type: 'string', default: '10' }, file: { type: 'string' }, json: { type: 'string' }, 'in-process': { type: 'boolean', default: false } },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a positive integer`);
  const corpus = path.resolve(positionals[0] ?? path.join(REPO_ROOT, 'fixtures', 'sample-repo'));
  return { corpus, runs, file: values.file, json: values.json, warm: !values['in-process'] };
}

/** One process run to its end: spawn, feed `input`, wait for exit; returns ms and the exit code. */
function timedRun(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, input = ''): Promise<{ ms: number; code: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['pipe', 'ignore', 'ignore'], env });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code: code ?? -1 }));
    child.stdin.end(input);
  });
}

/** The daemon's pid once it listens (its state file names a live process), or undefined after `timeoutMs`. */
async function daemonPid(root: string, timeoutMs: number): Promise<number | undefined> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = daemonFilesFor(root, process.getuid?.() ?? 0);
    const text = files && (await readFile(files.state, 'utf8').catch(() => undefined));
    const pid = !text ? undefined : (JSON.parse(text) as { pid: number }).pid;
    if (pid !== undefined && isAlive(pid)) return pid;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
    const env = { ...process.env, OLLAMA_HOST: '', REVIEW_GUARD_DAEMON: args.warm ? 'on' : 'off' };
    execFileSync(process.execPath, [CLI, 'index', '--root', root], { stdio: 'ignore', env: { ...env, REVIEW_GUARD_DAEMON: 'off' } });
    const absPath = path.join(root, file);
    const edit = async (label: string) => {
      const added = `\nexport function benchEdit${label}(values: number[]): number {\n  let total = 0;\n  for (const v of values) total += v * ${label.length + 2};\n  return total;\n}\n`;
      await appendFile(absPath, added);
      return JSON.stringify({ session_id: 'bench', cwd: root, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: absPath, old_string: '', new_string: added } });
    };
    // The warm-up call: with the daemon on, it starts the daemon (and runs in process itself).
    await timedRun([CLI, 'hook', 'claude-code'], root, env, await edit('WarmUp'));
    const pid = args.warm ? await daemonPid(root, 60_000) : undefined;
    if (args.warm && pid === undefined) throw new Error('the daemon did not start within 60 s');
    try {
      const hookMs: number[] = [];
      const nodeMs: number[] = [];
      const codes = new Map<number, number>();
      for (let run = 0; run < args.runs; run++) {
        const input = await edit(String(run));
        const { ms, code } = await timedRun([CLI, 'hook', 'claude-code'], root, env, input);
        hookMs.push(ms);
        codes.set(code, (codes.get(code) ?? 0) + 1);
        nodeMs.push((await timedRun(['-e', '0'], root, env)).ms);
      }
      const hook = summarize(hookMs);
      const node = summarize(nodeMs);
      const ratio = hook.p50 / node.p50;
      const mode = args.warm ? 'warm daemon' : 'in process';
      const report = {
        machine: machineInfo(),
        corpus: info,
        file,
        runs: args.runs,
        mode,
        exitCodes: Object.fromEntries(codes),
        hookMs: hook,
        nodeStartMs: node,
        ratioP50: ratio,
        samplesMs: hookMs.map(Math.round),
        nodeSamplesMs: nodeMs.map(Math.round),
      };
      if (args.json) await writeFile(args.json, `${JSON.stringify(report, null, 2)}\n`);
      const f = (n: number) => `${Math.round(n)} ms`;
      process.stdout.write(
        `hook claude-code on ${info.name} (${info.files} files), editing ${file}, ${args.runs} runs after one warm-up call, ${mode}\n` +
          `  hook      p50 ${f(hook.p50)} · p95 ${f(hook.p95)} · min ${f(hook.min)} · max ${f(hook.max)} (process start included)\n` +
          `  node -e 0 p50 ${f(node.p50)} · p95 ${f(node.p95)} (the floor, same run)\n` +
          `  ratio p50 ${ratio.toFixed(2)}× · exit codes: ${[...codes].map(([c, n]) => `${c}×${n}`).join(', ')}\n`,
      );
    } finally {
      if (pid !== undefined && isAlive(pid)) {
        // It saves the index as it stops: the scratch copy goes once it has.
        process.kill(pid, 'SIGTERM');
        while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await scratch.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-hook: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
