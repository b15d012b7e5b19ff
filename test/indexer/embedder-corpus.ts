/**
 * @fileoverview A small corpus for embedder tests: one original function,
 * copies of it, and ten unrelated functions of similar size.
 */

export const ORIGINAL = `export function loadConfig(path: string): AppConfig {
  const raw = readFileSync(path, 'utf8');
  const parsed = JSON.parse(raw) as Partial<AppConfig>;
  if (typeof parsed.port !== 'number' || parsed.port <= 0) {
    throw new Error(\`invalid port in \${path}\`);
  }
  return {
    port: parsed.port,
    host: parsed.host ?? 'localhost',
    debug: parsed.debug === true,
  };
}`;

/** Line by line the same, every name and string changed. */
export const RENAMED = `export function readSettings(file: string): Settings {
  const content = readFileSync(file, 'latin1');
  const data = JSON.parse(content) as Partial<Settings>;
  if (typeof data.listenPort !== 'number' || data.listenPort <= 0) {
    throw new Error(\`bad port: \${file}\`);
  }
  return {
    listenPort: data.listenPort,
    bindAddress: data.bindAddress ?? '0.0.0.0',
    verbose: data.verbose === true,
  };
}`;

/** The original reformatted: comments, quotes, braces, no trailing commas. */
export const REFORMATTED = `export function loadConfig(path: string): AppConfig
{
  // read the file
  const raw = readFileSync(path, "utf8");
  /* parse it */
  const parsed = JSON.parse(raw) as Partial<AppConfig>;
  if (typeof parsed.port !== 'number' || parsed.port <= 0) { throw new Error(\`invalid port in \${path}\`); }
  return { port: parsed.port, host: parsed.host ?? 'localhost', debug: parsed.debug === true };
}`;

/** Renamed, one condition rewritten and one statement added. */
export const EDITED = `export function readSettings(file: string): Settings {
  const content = readFileSync(file, 'latin1');
  const data = JSON.parse(content) as Partial<Settings>;
  if (typeof data.listenPort !== 'number' || data.listenPort < 1 || data.listenPort > 65535) {
    throw new Error(\`bad port: \${file}\`);
  }
  log.debug('settings loaded');
  return {
    listenPort: data.listenPort,
    bindAddress: data.bindAddress ?? '0.0.0.0',
    verbose: data.verbose === true,
  };
}`;

export const UNRELATED: readonly string[] = [
  `export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}`,
  `export function chunkArray<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('size must be positive');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}`,
  `export async function retry<T>(attempts: number, task: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  while (attempts-- > 0) {
    try {
      return await task();
    } catch (error) {
      lastError = error;
      await sleep(100);
    }
  }
  throw lastError;
}`,
  `function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}`,
  `class Counter {
  private counts = new Map<string, number>();
  add(key: string, by = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + by);
  }
  top(n: number): [string, number][] {
    return [...this.counts].sort((a, b) => b[1] - a[1]).slice(0, n);
  }
}`,
  `export const debounce = (fn: () => void, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
};`,
  `function parseDuration(text: string): number {
  const match = /^(\\d+)(ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error('bad duration');
  const value = Number(match[1]);
  switch (match[2]) {
    case 'ms': return value;
    case 's': return value * 1000;
    case 'm': return value * 60000;
    default: return value * 3600000;
  }
}`,
  `export function renderTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => r[col]!.length)));
  return rows
    .map((row) => row.map((cell, col) => cell.padEnd(widths[col]!)).join(' | '))
    .join('\\n');
}`,
  `async function walk(dir: string, out: string[] = []): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}`,
  `function binarySearch(sorted: number[], target: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] === target) return mid;
    if (sorted[mid]! < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}`,
];
