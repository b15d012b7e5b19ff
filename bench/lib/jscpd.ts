/**
 * @fileoverview jscpd 5.x as the reference: finds its binary in this repo's
 * node_modules and builds the arguments that make it scan the same files
 * review-guard indexes (TS/TSX/JS/JSX incl. .mts/.cts/.mjs/.cjs, no
 * node_modules/dist/build/out/coverage/hidden folders, .gitignore honoured
 * as both tools do by default), writing reports only into a temp folder.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from dist/bench/lib/. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface JscpdBinary {
  /** What to run. */
  readonly command: string;
  /** The Node launcher in node_modules/.bin, for the record. */
  readonly launcher: string;
  /** True when `command` is the platform's native binary (no Node launcher in the measurement). */
  readonly native: boolean;
}

export interface JscpdTotals {
  readonly sources: number;
  readonly lines: number;
  readonly tokens: number;
  readonly clones: number;
  readonly duplicatedLines: number;
  readonly percentage: number;
}

const FORMATS = 'typescript,tsx,javascript,jsx';
const FORMAT_EXTS = 'javascript:js,mjs,cjs;jsx:jsx;typescript:ts,mts,cts;tsx:tsx';
const IGNORE = ['node_modules', 'dist', 'build', 'out', 'coverage', '.*'].map((d) => `**/${d}/**`).join(',');

/**
 * The jscpd binary: the native one that the `.bin/jscpd` launcher would
 * spawn when its platform package is installed, else the launcher itself.
 */
export function findJscpd(): JscpdBinary {
  const modules = path.join(REPO_ROOT, 'node_modules');
  const launcher = path.join(modules, '.bin', 'jscpd');
  if (!existsSync(launcher)) throw new Error(`jscpd is not installed (${launcher}); run npm ci`);
  const prefix = `jscpd-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  for (const name of readdirSync(modules).filter((n) => n.startsWith(prefix)).sort()) {
    const binary = path.join(modules, name, 'bin', process.platform === 'win32' ? 'jscpd.exe' : 'jscpd');
    if (existsSync(binary)) return { command: binary, launcher: realpathSync(launcher), native: true };
  }
  return { command: launcher, launcher: realpathSync(launcher), native: false };
}

/** The installed jscpd package version. */
export function jscpdVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', 'jscpd', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}

/**
 * Arguments for one scan of `roots` (one folder or several); `reportDir` is a
 * temp folder, never inside the corpus. `detection` adds detection flags
 * (e.g. `--ignore-identifiers`); `absolute` reports absolute paths, so the
 * clones of a scan over several roots can be told apart.
 */
export function jscpdArgs(
  roots: string | readonly string[],
  reportDir: string,
  options: { json?: boolean; workers?: number; detection?: readonly string[]; absolute?: boolean; extraFormats?: Readonly<Record<string, string>> } = {},
): string[] {
  // extraFormats (jscpd format → extensions, e.g. python → py) widens the scan beyond TS/JS for one run only.
  const extra = Object.entries(options.extraFormats ?? {});
  return [
    '--format', [FORMATS, ...extra.map(([format]) => format)].join(','),
    '--formats-exts', [FORMAT_EXTS, ...extra.map(([format, exts]) => `${format}:${exts}`)].join(';'),
    '--ignore', IGNORE,
    '--reporters', options.json ? 'json' : 'silent',
    ...(options.json ? [] : ['--silent']),
    '--output', reportDir,
    '--no-tips',
    ...(options.workers !== undefined ? ['--workers', String(options.workers)] : []),
    ...(options.absolute ? ['--absolute'] : []),
    ...(options.detection ?? []),
    ...(typeof roots === 'string' ? [roots] : roots),
  ];
}

/** One side of a clone in a JSON report: the file and its 1-based, inclusive line range. */
export interface JscpdCloneSide {
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

/** One clone of a JSON report. */
export interface JscpdClone {
  readonly kind: string;
  readonly first: JscpdCloneSide;
  readonly second: JscpdCloneSide;
}

/** The clones of a JSON report written by a `jscpdArgs(…, {json: true})` run. */
export function readJscpdClones(reportDir: string): JscpdClone[] {
  const report = JSON.parse(readFileSync(path.join(reportDir, 'jscpd-report.json'), 'utf8')) as {
    duplicates?: ReadonlyArray<{ kind?: string; firstFile?: RawSide; secondFile?: RawSide }>;
  };
  const clones: JscpdClone[] = [];
  for (const d of report.duplicates ?? []) {
    if (!d.firstFile || !d.secondFile) continue;
    clones.push({ kind: d.kind ?? 'exact', first: sideOf(d.firstFile), second: sideOf(d.secondFile) });
  }
  return clones;
}

interface RawSide {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

function sideOf(raw: RawSide): JscpdCloneSide {
  return { file: raw.name, start: raw.start, end: raw.end };
}

/** The totals of a JSON report written by a `jscpdArgs(…, {json: true})` run. */
export function readJscpdTotals(reportDir: string): JscpdTotals {
  const report = JSON.parse(readFileSync(path.join(reportDir, 'jscpd-report.json'), 'utf8')) as {
    statistics?: { total?: Partial<JscpdTotals> };
  };
  const total = report.statistics?.total ?? {};
  return {
    sources: total.sources ?? Number.NaN,
    lines: total.lines ?? Number.NaN,
    tokens: total.tokens ?? Number.NaN,
    clones: total.clones ?? Number.NaN,
    duplicatedLines: total.duplicatedLines ?? Number.NaN,
    percentage: total.percentage ?? Number.NaN,
  };
}
