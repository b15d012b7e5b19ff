/**
 * @fileoverview Runs a command as a child process and measures it: wall
 * time (our own clock around spawn → exit), peak RSS and CPU time from
 * `/usr/bin/time -v` when it exists, else by polling `/proc/<pid>/status`
 * (VmHWM) and `/proc/<pid>/stat` while the child runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const GNU_TIME = '/usr/bin/time';
const POLL_MS = 5;

/** One measured run. RSS and CPU are NaN when they could not be read. */
export interface RunResult {
  readonly wallMs: number;
  readonly peakRssKb: number;
  readonly userS: number;
  readonly sysS: number;
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** How RSS was read: `time -v` (whole child tree, max) or `/proc` polling (the child only). */
  readonly rssSource: 'time -v' | 'proc-poll';
}

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Exit codes that count as success (default only 0). */
  readonly okCodes?: readonly number[];
}

/** Whether GNU time is there to report RSS; else `/proc` is polled. */
export function hasGnuTime(): boolean {
  return existsSync(GNU_TIME);
}

/** Runs `command args`, measured; throws when it exits with a code not in `okCodes`. */
export async function timedRun(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const useTime = hasGnuTime();
  const timeFile = path.join(tmpdir(), `rg-bench-time-${process.pid}-${Math.random().toString(16).slice(2)}.txt`);
  const [file, argv] = useTime ? [GNU_TIME, ['-v', '-o', timeFile, command, ...args]] : [command, [...args]];
  const started = performance.now();
  const child = spawn(file, argv, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const poll = useTime ? undefined : startPolling(child.pid);
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const wallMs = performance.now() - started;
  const stdout = Buffer.concat(out).toString('utf8');
  const stderr = Buffer.concat(err).toString('utf8');
  let usage: { peakRssKb: number; userS: number; sysS: number };
  if (useTime) {
    usage = parseGnuTime(existsSync(timeFile) ? readFileSync(timeFile, 'utf8') : '');
    rmSync(timeFile, { force: true });
  } else {
    usage = poll!.stop();
  }
  if (!(options.okCodes ?? [0]).includes(exitCode)) {
    throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}: ${stderr.slice(-2000)}`);
  }
  return { wallMs, ...usage, exitCode, stdout, stderr, rssSource: useTime ? 'time -v' : 'proc-poll' };
}

/** Reads the fields we need from `time -v` output. */
export function parseGnuTime(text: string): { peakRssKb: number; userS: number; sysS: number } {
  const field = (label: string): number => {
    const match = new RegExp(`${label}:\\s*([0-9.]+)`).exec(text);
    return match ? Number(match[1]) : Number.NaN;
  };
  return {
    peakRssKb: field('Maximum resident set size \\(kbytes\\)'),
    userS: field('User time \\(seconds\\)'),
    sysS: field('System time \\(seconds\\)'),
  };
}

/** Polls VmHWM and utime/stime of `pid` until stopped; the last good read wins. */
function startPolling(pid: number | undefined): { stop: () => { peakRssKb: number; userS: number; sysS: number } } {
  let peakRssKb = Number.NaN;
  let userS = Number.NaN;
  let sysS = Number.NaN;
  const ticks = 100; // USER_HZ on Linux
  const read = (): void => {
    if (pid === undefined) return;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const hwm = /VmHWM:\s*(\d+)/.exec(status);
      if (hwm) peakRssKb = Math.max(Number.isNaN(peakRssKb) ? 0 : peakRssKb, Number(hwm[1]));
      // Fields after the parenthesised command name: utime is the 14th field, stime the 15th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      userS = Number(fields[11]) / ticks;
      sysS = Number(fields[12]) / ticks;
    } catch {
      // The process has exited between polls.
    }
  };
  const timer = setInterval(read, POLL_MS);
  read();
  return {
    stop: () => {
      clearInterval(timer);
      return { peakRssKb, userS, sysS };
    },
  };
}
