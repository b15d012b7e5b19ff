/**
 * @fileoverview Which folder is the workspace root. Node built-ins and the
 * guarded read only: the daemon (cli/daemon/request-root.ts) finds each
 * request's root with it before it loads the command.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readInsideRootSync } from '../../workspace/read.js';
import { CONFIG_FILE_NAME, PACKAGE_JSON_KEY } from './config/names.js';

/** How the workspace root was chosen. */
/** The real path of `path` (links followed), or `path` itself when it cannot be resolved (missing). */
export function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export type RootChoice =
  | { readonly root: string; readonly chosenBy: 'flag' }
  | { readonly root: string; readonly chosenBy: 'git' | 'config-file' | 'package-json'; readonly marker: string }
  | { readonly root: string; readonly chosenBy: 'cwd' };

/** `--root` if given, else the nearest ancestor holding `.git` or the config, else `cwd`. */
export function findWorkspaceRoot(cwd: string, explicitRoot?: string): string {
  return locateWorkspaceRoot(cwd, explicitRoot).root;
}

/**
 * {@link findWorkspaceRoot} with the reason: `--root`, the nearest ancestor
 * of `cwd` holding `.git`, the config file or a package.json with a
 * `"reviewGuard"` key (the marker found), or `cwd` itself when none does.
 */
export function locateWorkspaceRoot(cwd: string, explicitRoot?: string): RootChoice {
  if (explicitRoot !== undefined) return { root: realpathSync(resolve(cwd, explicitRoot)), chosenBy: 'flag' };
  let dir = resolve(cwd);
  for (;;) {
    const found = rootMarker(dir);
    if (found) return { root: realpathSync(dir), ...found };
    const parent = dirname(dir);
    if (parent === dir) return { root: realpathSync(resolve(cwd)), chosenBy: 'cwd' };
    dir = parent;
  }
}

function rootMarker(dir: string): { chosenBy: 'git' | 'config-file' | 'package-json'; marker: string } | undefined {
  if (existsSync(join(dir, '.git'))) return { chosenBy: 'git', marker: '.git' };
  if (existsSync(join(dir, CONFIG_FILE_NAME))) return { chosenBy: 'config-file', marker: CONFIG_FILE_NAME };
  const packageJson = join(dir, 'package.json');
  if (existsSync(packageJson) && hasPackageSettings(dir, packageJson)) return { chosenBy: 'package-json', marker: `package.json "${PACKAGE_JSON_KEY}"` };
  return undefined;
}

/** Read only when it stays inside `dir` (the root it would mark): a linked-in package.json elsewhere marks nothing. */
function hasPackageSettings(dir: string, path: string): boolean {
  const read = readInsideRootSync(dir, path, { links: 'inside' });
  if (!read.ok) return false;
  try {
    const json: unknown = JSON.parse(read.bytes.toString('utf8'));
    return typeof json === 'object' && json !== null && Object.hasOwn(json, PACKAGE_JSON_KEY);
  } catch {
    return false;
  }
}
