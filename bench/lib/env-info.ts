/**
 * @fileoverview What the numbers were measured on: the machine (cores, CPU
 * model, RAM, Node) and the corpus (source files as review-guard walks
 * them, their lines and bytes), plus the one-time scratch copy of the corpus
 * that both tools scan, so nothing is ever written into the original.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { walkSourceFiles, type SourceEntry } from '../../indexer/index.js';

export interface MachineInfo {
  readonly cores: number;
  readonly cpuModel: string;
  readonly ramGiB: number;
  readonly node: string;
  readonly kernel: string;
  /** 1, 5 and 15 minute load averages when the bench started: other work on the machine skews timings. */
  readonly loadAvg: readonly number[];
}

export interface CorpusInfo {
  readonly name: string;
  readonly files: number;
  readonly lines: number;
  readonly bytes: number;
  readonly byExtension: Readonly<Record<string, number>>;
}

export function machineInfo(): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpuModel = match[1]!.trim();
  } catch {
    // Not Linux: os.cpus() is the best we have.
  }
  return {
    cores: os.cpus().length,
    cpuModel,
    ramGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    loadAvg: os.loadavg(),
  };
}

/** The files review-guard indexes under `root`, and their size. */
export async function corpusInfo(root: string, name: string): Promise<{ info: CorpusInfo; entries: SourceEntry[] }> {
  const entries = await walkSourceFiles(root);
  let lines = 0;
  let bytes = 0;
  const byExtension: Record<string, number> = {};
  for (const entry of entries) {
    const text = await readFile(entry.absPath, 'utf8');
    bytes += entry.size;
    // Lines as editors count them: a last line without a newline still counts.
    lines += text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const ext = path.extname(entry.relPath) || '(none)';
    byExtension[ext] = (byExtension[ext] ?? 0) + 1;
  }
  return { info: { name, files: entries.length, lines, bytes, byExtension }, entries };
}

/**
 * Copies `corpus` into a fresh temp folder (without node_modules, .git and
 * any earlier `.review-guard`), so the index and edits go there.
 */
export async function scratchCopy(corpus: string): Promise<{ dir: string; root: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rg-bench-'));
  const root = path.join(dir, path.basename(corpus));
  const skipped = new Set(['node_modules', '.git', '.review-guard']);
  await cp(corpus, root, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !skipped.has(path.basename(source)),
  });
  return { dir, root, remove: () => rm(dir, { recursive: true, force: true }) };
}
