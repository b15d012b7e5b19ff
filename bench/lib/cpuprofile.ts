/**
 * @fileoverview Summarises a V8 `.cpuprofile` (from `node --cpu-prof` or the
 * inspector): self time by function and by module (package, project file,
 * Node internal, GC), and inclusive time of the project's own functions,
 * which reads as a phase breakdown. Time spent inside a native addon is
 * charged to the JS-visible function that called into it; `(idle)` is the
 * main thread waiting, mostly for file system calls on libuv's threadpool.
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

/** The parts of the `.cpuprofile` format this reads. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export interface ProfileRow {
  readonly name: string;
  readonly ms: number;
  readonly share: number;
}

export interface ProfileSummary {
  readonly totalMs: number;
  readonly selfByFunction: readonly ProfileRow[];
  readonly selfByModule: readonly ProfileRow[];
  /** Inclusive time of functions defined in the project's dist/ (recursion counted once). */
  readonly inclusiveProject: readonly ProfileRow[];
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
}

/** See the file overview; `top` rows per table. `projectMarker` picks project URLs (outside node_modules). */
export function summarizeProfile(profile: CpuProfile, top = 15, projectMarker = '/dist/'): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfFn = new Map<string, number>();
  const selfModule = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    // A sample's weight is the time until the next one; the last one runs to endTime.
    const us = i + 1 < deltas.length ? deltas[i + 1]! : Math.max(0, profile.endTime - sampleTime(profile, i));
    const node = byId.get(samples[i]!);
    if (!node || us <= 0) continue;
    total += us;
    add(selfFn, functionKey(node.callFrame), us);
    add(selfModule, moduleKey(node.callFrame, projectMarker), us);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame;
      if (!isProject(frame.url, projectMarker)) continue;
      const key = functionKey(frame, projectMarker);
      if (!seen.has(key)) add(inclusive, key, us);
      seen.add(key);
    }
  }
  const rows = (map: Map<string, number>): ProfileRow[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: total > 0 ? us / total : 0 }));
  return { totalMs: total / 1000, selfByFunction: rows(selfFn), selfByModule: rows(selfModule), inclusiveProject: rows(inclusive) };
}

/** The profile summary as aligned text. */
export function formatProfile(title: string, summary: ProfileSummary): string {
  const table = (heading: string, rows: readonly ProfileRow[]): string[] => [
    `  ${heading}`,
    ...rows.map((r) => `    ${r.ms.toFixed(0).padStart(7)} ms ${(r.share * 100).toFixed(1).padStart(5)}%  ${r.name}`),
  ];
  return [
    `${title} (sampled ${summary.totalMs.toFixed(0)} ms)`,
    ...table('self time by module', summary.selfByModule),
    ...table('self time by function', summary.selfByFunction),
    ...table('inclusive time, project functions', summary.inclusiveProject),
  ].join('\n');
}

function isProject(url: string, projectMarker: string): boolean {
  return url.includes(projectMarker) && !url.includes('/node_modules/');
}

function sampleTime(profile: CpuProfile, index: number): number {
  let t = profile.startTime;
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i <= index && i < deltas.length; i++) t += deltas[i]!;
  return t;
}

function add(map: Map<string, number>, key: string, us: number): void {
  map.set(key, (map.get(key) ?? 0) + us);
}

function functionKey(frame: CallFrame, projectMarker = '/dist/'): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  return `${name}  ${shortUrl(frame.url, projectMarker)}:${frame.lineNumber + 1}`;
}

/** A package name, a project file, a Node internal area, or a V8 pseudo-frame. */
function moduleKey(frame: CallFrame, projectMarker: string): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || '(anonymous)'}`;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + '/node_modules/'.length).split('/');
    return `pkg ${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return shortUrl(url, projectMarker);
}

function shortUrl(url: string, projectMarker: string): string {
  const at = url.lastIndexOf(projectMarker);
  if (at >= 0) return url.slice(at + projectMarker.length);
  const nm = url.lastIndexOf('/node_modules/');
  return nm >= 0 ? url.slice(nm + '/node_modules/'.length) : url.replace(/^file:\/\//, '');
}
