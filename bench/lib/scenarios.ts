/**
 * @fileoverview The measurements that run child processes: jscpd scans, the
 * full index build and the cold CLI commands (incremental `index`, `review
 * --no-model`, start-up floors), and the worker process that runs the warm
 * in-process measurements.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { jscpdArgs, readJscpdTotals, REPO_ROOT, type JscpdBinary, type JscpdTotals } from './jscpd.js';
import { timedRun, type RunResult } from './proc.js';
import type { WorkerMode } from './types.js';

export const CLI = path.join(REPO_ROOT, 'dist', 'src', 'cli', 'bin.cjs');
const WORKER = path.join(REPO_ROOT, 'dist', 'bench', 'lib', 'worker.js');
const NODE = process.execPath;

/** A run reduced to what the report keeps. */
export interface RunSample {
  readonly wallMs: number;
  readonly peakRssKb: number;
  readonly cpuS: number;
}

export interface BuildSample extends RunSample {
  readonly files: number;
  readonly chunks: number;
}

export function sampleOf(run: RunResult): RunSample {
  return { wallMs: run.wallMs, peakRssKb: run.peakRssKb, cpuS: run.userS + run.sysS };
}

/** One untimed JSON-report scan, for jscpd's own counts (and a warm page cache). */
export async function jscpdTotals(jscpd: JscpdBinary, root: string): Promise<JscpdTotals> {
  const reportDir = await mkdtemp(path.join(os.tmpdir(), 'rg-bench-jscpd-'));
  try {
    await timedRun(jscpd.command, jscpdArgs(root, reportDir, { json: true }));
    return readJscpdTotals(reportDir);
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

/** `runs` silent scans; `workers` pins jscpd's thread count (default: its own choice). */
export async function jscpdScans(jscpd: JscpdBinary, root: string, runs: number, workers?: number): Promise<RunSample[]> {
  const reportDir = await mkdtemp(path.join(os.tmpdir(), 'rg-bench-jscpd-'));
  try {
    const samples: RunSample[] = [];
    for (let i = 0; i < runs; i++) {
      const options = workers === undefined ? {} : { workers };
      samples.push(sampleOf(await timedRun(jscpd.command, jscpdArgs(root, reportDir, options))));
    }
    return samples;
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

/** Node flags that write a CPU profile of the whole process into `dir`. */
function cpuProfFlags(dir: string | undefined): string[] {
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=500'] : [];
}

/** `runs` full builds from nothing: the store is deleted before each `index --rebuild`. */
export async function fullBuilds(root: string, runs: number, profileDir?: string): Promise<BuildSample[]> {
  const samples: BuildSample[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(path.join(root, '.review-guard'), { recursive: true, force: true });
    const run = await timedRun(NODE, [...cpuProfFlags(profileDir), CLI, 'index', '--rebuild', '--json', '--root', root]);
    const stats = JSON.parse(run.stdout) as { files: number; chunks: number };
    samples.push({ ...sampleOf(run), files: stats.files, chunks: stats.chunks });
  }
  return samples;
}

/**
 * Cold `index` after one changed file: each file is edited (one sample) and
 * restored (a second one). The original text is always put back.
 */
export async function coldIncremental(root: string, rels: readonly string[]): Promise<RunSample[]> {
  const samples: RunSample[] = [];
  const index = async (): Promise<RunSample> => sampleOf(await timedRun(NODE, [CLI, 'index', '--json', '--root', root]));
  for (const [i, rel] of rels.entries()) {
    const abs = path.join(root, rel);
    const original = await readFile(abs, 'utf8');
    try {
      await writeFile(abs, `${original}\nexport const rgBenchCold${i} = ${i};\n`);
      samples.push(await index());
    } finally {
      await writeFile(abs, original);
    }
    samples.push(await index());
  }
  return samples;
}

/** Cold `review --no-model <file>`, one process per file (exit 1 = error findings, fine). */
export async function coldReviews(root: string, rels: readonly string[], profileDir?: string): Promise<RunSample[]> {
  const samples: RunSample[] = [];
  for (const rel of rels) {
    const args = [...cpuProfFlags(profileDir), CLI, 'review', '--no-model', '--root', root, path.join(root, rel)];
    samples.push(sampleOf(await timedRun(NODE, args, { okCodes: [0, 1] })));
  }
  return samples;
}

/** Start-up floors: a bare Node process and `review-guard --version` (module loading). */
export async function startupFloors(runs: number): Promise<{ node: RunSample[]; cliVersion: RunSample[] }> {
  const node: RunSample[] = [];
  const cliVersion: RunSample[] = [];
  for (let i = 0; i < runs; i++) {
    node.push(sampleOf(await timedRun(NODE, ['-e', '0'])));
    cliVersion.push(sampleOf(await timedRun(NODE, [CLI, '--version'])));
  }
  return { node, cliVersion };
}

/** Runs one worker mode in a fresh process and parses its JSON line. */
export async function runWorker<T>(
  mode: WorkerMode,
  root: string,
  input?: { files: readonly string[]; count: number; candidates: number },
  profileFile?: string,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rg-bench-worker-'));
  try {
    const inputFile = path.join(dir, 'input.json');
    if (input) await writeFile(inputFile, JSON.stringify(input));
    const flags = mode === 'heap' ? ['--expose-gc'] : [];
    const args = [...flags, WORKER, mode, root, ...(input ? [inputFile] : []), ...(profileFile ? [profileFile] : [])];
    const run = await timedRun(NODE, args);
    return JSON.parse(run.stdout.trim().split('\n').pop()!) as T;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The one `.cpuprofile` that `--cpu-prof` wrote into `dir`. */
export async function profileIn(dir: string): Promise<string> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.cpuprofile'));
  if (names.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  return path.join(dir, names.sort().pop()!);
}
