/**
 * @fileoverview Benchmarks the Claude Code hook on the edit path as Claude
 * Code runs it: a fresh `review-guard hook claude-code` process per edit,
 * PostToolUse JSON on stdin, with the index already built (warm store on
 * disk) in a git repository (diff-only scope, as in real use). One warm-up
 * call first (it starts the daemon and runs in process), then per mode
 * `--runs` calls: `edit` appends a new function to a tracked file (an Edit;
 * the functions of earlier runs stay, uncommitted, so run k's diff against
 * HEAD holds k of them), `edit-once` makes the same edit to the file as
 * committed (one uncommitted function each run), `new` writes a new file
 * each run (a Write of a file git does not know), so every review sees a
 * real change. Reports wall-clock p50/p95 per hook
 * call next to a bare `node -e 0` start measured in the same run
 * (alternating with the hook calls, so both see the same machine load) and
 * their ratio. `--in-process` measures the hook without the daemon
 * (REVIEW_GUARD_DAEMON=off). The daemon runs in a runtime folder of its
 * own, so a user's running daemon is neither used nor disturbed.
 *
 * Usage: node dist/bench/bench-hook.js [corpus] [--runs 10] [--file rel/path.ts] [--mode edit|edit-once|new|both|all] [--in-process] [--json out.json]
 * The corpus (default fixtures/sample-repo) is copied to a temp folder first.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { corpusInfo, machineInfo, scratchCopy } from './lib/env-info.js';
import { REPO_ROOT } from './lib/jscpd.js';
import { spread, summarize } from './lib/stats.js';
import { daemonKey } from '../src/cli/daemon/protocol.cjs';
import { daemonFilesFor } from '../src/cli/daemon/runtime-files.cjs';

const CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.cjs');

type Mode = 'edit' | 'edit-once' | 'new';
const MODE_LABELS: Record<Mode, string> = { edit: 'edit of a tracked file', 'edit-once': 'one edit since HEAD  ', new: 'write of a new file  ' };

function parseBenchArgs(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: { runs: { type: 'string', default: '10' }, file: { type: 'string' }, mode: { type: 'string', default: 'both' }, json: { type: 'string' }, 'in-process': { type: 'boolean', default: false } },
  });
  const named: Record<string, readonly Mode[]> = { edit: ['edit'], 'edit-once': ['edit-once'], new: ['new'], both: ['edit', 'new'], all: ['edit', 'edit-once', 'new'] };
  const modes = named[values.mode];
  if (!modes) throw new Error(`--mode ${values.mode}: expected ${Object.keys(named).join(', ')}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a positive integer`);
  const corpus = path.resolve(positionals[0] ?? path.join(REPO_ROOT, 'fixtures', 'sample-repo'));
  return { corpus, runs, modes, file: values.file, json: values.json, warm: !values['in-process'] };
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
async function daemonPid(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<number | undefined> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = daemonFilesFor(daemonKey(env), process.getuid?.() ?? 0, env);
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
    const runtimeDir = await mkdtemp(path.join(tmpdir(), 'rg-bench-run-'));
    const env = { ...process.env, OLLAMA_HOST: '', XDG_RUNTIME_DIR: runtimeDir, REVIEW_GUARD_DAEMON: args.warm ? 'on' : 'off' };
    execFileSync(process.execPath, [CLI, 'index', '--root', root], { stdio: 'ignore', env: { ...env, REVIEW_GUARD_DAEMON: 'off' } });
    const absPath = path.join(root, file);
    const newFunction = (label: string) => `\nexport function benchEdit${label}(values: number[]): number {\n  let total = 0;\n  for (const v of values) total += v * ${label.length + 2};\n  return total;\n}\n`;
    const hookInput = (tool: string, toolInput: Record<string, unknown>) => JSON.stringify({ session_id: 'bench', cwd: root, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: toolInput });
    /** What the agent just did, as the hook's input: an Edit of the tracked file, or a Write of a new file beside it. */
    const committed = await readFile(absPath, 'utf8');
    const change = async (mode: Mode, label: string) => {
      const added = newFunction(label);
      if (mode !== 'new') {
        if (mode === 'edit') await appendFile(absPath, added);
        else await writeFile(absPath, committed + added);
        return hookInput('Edit', { file_path: absPath, old_string: '', new_string: added });
      }
      const created = path.join(path.dirname(absPath), `bench-new-${label}.ts`);
      await writeFile(created, added);
      return hookInput('Write', { file_path: created, content: added });
    };
    // The warm-up call: with the daemon on, it starts the daemon (and runs in process itself).
    await timedRun([CLI, 'hook', 'claude-code'], root, env, await change('edit', 'WarmUp'));
    const pid = args.warm ? await daemonPid(env, 60_000) : undefined;
    if (args.warm && pid === undefined) throw new Error('the daemon did not start within 60 s');
    try {
      const mode = args.warm ? 'warm daemon' : 'in process';
      const results = [];
      for (const kind of args.modes) {
        const hookMs: number[] = [];
        const nodeMs: number[] = [];
        const codes = new Map<number, number>();
        for (let run = 0; run < args.runs; run++) {
          const input = await change(kind, `${kind === 'new' ? 'N' : 'E'}${run}`);
          const { ms, code } = await timedRun([CLI, 'hook', 'claude-code'], root, env, input);
          hookMs.push(ms);
          codes.set(code, (codes.get(code) ?? 0) + 1);
          nodeMs.push((await timedRun(['-e', '0'], root, env)).ms);
        }
        const hook = summarize(hookMs);
        const node = summarize(nodeMs);
        results.push({ kind, exitCodes: Object.fromEntries(codes), hookMs: hook, nodeStartMs: node, ratioP50: hook.p50 / node.p50, samplesMs: hookMs.map(Math.round), nodeSamplesMs: nodeMs.map(Math.round) });
      }
      const report = { machine: machineInfo(), corpus: info, file, runs: args.runs, mode, results };
      if (args.json) await writeFile(args.json, `${JSON.stringify(report, null, 2)}\n`);
      const f = (n: number) => `${Math.round(n)} ms`;
      process.stdout.write(`hook claude-code on ${info.name} (${info.files} files), next to ${file}, ${args.runs} runs per mode after one warm-up call, ${mode}\n`);
      for (const result of results) {
        const codes = Object.entries(result.exitCodes).map(([c, n]) => `${c}×${n}`).join(', ');
        process.stdout.write(
          `  ${MODE_LABELS[result.kind]}  hook p50 ${f(result.hookMs.p50)} · p95 ${f(result.hookMs.p95)} · node -e 0 p50 ${f(result.nodeStartMs.p50)} · ratio p50 ${result.ratioP50.toFixed(2)}× · exit codes: ${codes}\n`,
        );
      }
    } finally {
      if (pid !== undefined && isAlive(pid)) {
        // It saves the index as it stops: the scratch copy goes once it has.
        process.kill(pid, 'SIGTERM');
        while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await rm(runtimeDir, { recursive: true, force: true });
    }
  } finally {
    await scratch.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-hook: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
