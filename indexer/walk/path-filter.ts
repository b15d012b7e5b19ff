/**
 * @fileoverview Which paths of a workspace the index takes, before looking
 * at extensions: never dependency, build or hidden folders, nor files named
 * as generated; not what `.gitignore` files ignore (the root's, nested ones
 * and `.git/info/exclude`, with negations, deeper files taking precedence as
 * in git); not what the caller's `exclude` globs match; and, when `include`
 * globs are given, only files they match. Globs are gitignore-style and
 * relative to the root, matched case-sensitively (as git does by default).
 * As in git, a file inside an ignored folder cannot be re-included.
 * Ignore files are read through the workspace guard (workspace-read.ts): one
 * that is a symlink to a file inside the root is followed, one that leads
 * outside the root (or is no regular file) counts as absent.
 */
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isGeneratedName } from './generated.js';
import { readInsideRoot, readInsideRootSync, type GuardedRead } from '../../workspace/index.js';

/**
 * Folders that hold dependencies (`node_modules`, a Python `venv`), build
 * output or tool state. Go's `vendor/` is often committed code a team
 * maintains, so it is left to `.gitignore` and `index.exclude`.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'venv', 'dist', 'build', 'out', 'coverage']);

/** Which files the index takes, beyond the built-in skips; see the file overview. */
export interface FileSelection {
  /** Gitignore-style globs relative to the root; when given, only files matching one are indexed. */
  readonly include?: readonly string[];
  /** Gitignore-style globs relative to the root; matching files and folders are skipped. */
  readonly exclude?: readonly string[];
  /** Respect `.gitignore` files and `.git/info/exclude` (default true). */
  readonly gitignore?: boolean;
}

/** The rules of one ignore file and the folder its patterns are relative to. */
interface Layer {
  readonly base: string;
  readonly rules: Ignore;
  readonly parent: Layer | undefined;
}

interface Globs {
  readonly include: Ignore | undefined;
  readonly exclude: Ignore | undefined;
  readonly gitignore: boolean;
}

/** The filter in force in one folder of the walk; `enter` gives a subfolder's. */
export class PathFilter {
  private constructor(
    private readonly root: string,
    private readonly globs: Globs,
    private readonly layer: Layer | undefined,
  ) {}

  /** The filter of the root folder: its `.gitignore` and `.git/info/exclude`. */
  static async forRoot(root: string, selection: FileSelection = {}): Promise<PathFilter> {
    const globs: Globs = {
      include: selection.include?.length ? matcher(selection.include) : undefined,
      exclude: selection.exclude?.length ? matcher(selection.exclude) : undefined,
      gitignore: selection.gitignore ?? true,
    };
    const base = new PathFilter(root, globs, undefined);
    return globs.gitignore ? (await base.withIgnoreFile('', '.git/info/exclude')).withIgnoreFile('', '.gitignore') : base;
  }

  /**
   * A check of whether a workspace-relative POSIX path is a file the index
   * may take: every folder on its way from the root, then the file. Folder
   * filters (and the `.gitignore` files they read) are kept for the life of
   * the check, so checking many files reads each ignore file once; make a new
   * check when ignore files may have changed (each refresh does).
   */
  static checker(root: string, selection: FileSelection): (relPath: string) => Promise<boolean> {
    const folders = new Map<string, Promise<PathFilter | undefined>>();
    // The filter inside `dir`, or undefined when `dir` or a folder above it is skipped.
    const inside = (dir: string): Promise<PathFilter | undefined> => {
      let found = folders.get(dir);
      if (!found) {
        const cut = dir.lastIndexOf('/');
        const parent = dir === '' ? undefined : inside(cut < 0 ? '' : dir.slice(0, cut));
        found =
          parent === undefined
            ? PathFilter.forRoot(root, selection)
            : parent.then((filter) => (filter && !filter.skipsDirectory(dir) ? filter.enter(dir) : undefined));
        folders.set(dir, found);
      }
      return found;
    };
    return async (relPath) => {
      const cut = relPath.lastIndexOf('/');
      const filter = await inside(cut < 0 ? '' : relPath.slice(0, cut));
      return filter !== undefined && !filter.skipsFile(relPath);
    };
  }

  /** The filter inside `relDir`, a folder this filter does not skip. */
  enter(relDir: string): Promise<PathFilter> {
    return this.globs.gitignore ? this.withIgnoreFile(relDir, '.gitignore') : Promise.resolve(this);
  }

  /**
   * `enter` for a walk that has the folder's listing: its `.gitignore` is read
   * (synchronously) only when `hasIgnoreFile` says the listing holds one.
   */
  enterSync(relDir: string, hasIgnoreFile: boolean): PathFilter {
    if (!this.globs.gitignore || !hasIgnoreFile) return this;
    return this.withRead(relDir, readInsideRootSync(this.root, this.pathOf(relDir, '.gitignore'), IGNORE_FILE_READ));
  }

  /** Whether the walk skips folder `relDir` and everything in it. */
  skipsDirectory(relDir: string): boolean {
    const name = relDir.slice(relDir.lastIndexOf('/') + 1);
    if (SKIPPED_FOLDERS.has(name) || name.startsWith('.')) return true;
    return this.globs.exclude?.ignores(`${relDir}/`) === true || this.gitignored(`${relDir}/`);
  }

  /** Whether the index skips file `relPath` of this folder. */
  skipsFile(relPath: string): boolean {
    if (isGeneratedName(relPath)) return true;
    if (this.globs.exclude?.ignores(relPath) || this.gitignored(relPath)) return true;
    return this.globs.include !== undefined && !this.globs.include.ignores(relPath);
  }

  /** The deepest ignore file with a rule for the path decides, as in git. */
  private gitignored(relPath: string): boolean {
    for (let layer = this.layer; layer; layer = layer.parent) {
      const result = layer.rules.test(layer.base === '' ? relPath : relPath.slice(layer.base.length + 1));
      if (result.ignored) return true;
      if (result.unignored) return false;
    }
    return false;
  }

  private async withIgnoreFile(relDir: string, name: string): Promise<PathFilter> {
    return this.withRead(relDir, await readInsideRoot(this.root, this.pathOf(relDir, name), IGNORE_FILE_READ));
  }

  private pathOf(relDir: string, name: string): string {
    return path.join(this.root, ...relDir.split('/'), name);
  }

  /** This filter with the rules of an ignore file read in `relDir`; missing, unreadable or refused: no rules from it. */
  private withRead(relDir: string, read: GuardedRead): PathFilter {
    if (!read.ok) return this;
    const layer: Layer = { base: relDir, rules: matcher(read.bytes.toString('utf8').split(/\r?\n/)), parent: this.layer };
    return new PathFilter(this.root, this.globs, layer);
  }
}

const IGNORE_FILE_READ = { links: 'inside' } as const;

function matcher(patterns: readonly string[]): Ignore {
  return ignore({ ignorecase: false }).add(patterns);
}
