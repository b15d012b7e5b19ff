/**
 * @fileoverview The few git questions a review asks: which files are
 * staged, what their staged text is, which are untracked, and the zero-
 * context diff of a change. Git runs in the workspace root with
 * `--relative`, so every path is workspace-relative; user settings that
 * change the diff's shape (external diff, colour, prefixes) are overridden.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { SizedLru } from '../../../indexer/sized-lru.js';
import { UserError } from '../errors.js';
import { runGitCommand } from './runner.js';

/** Paths few enough that git's index preload is not worth its threads. */
const FEW_PATHS = 8;
/** Enough for the staged text of any file under maxFileBytes and a large diff. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** A git command that failed; `exitCode` is git's (undefined when it did not run). */
class GitFailure extends UserError {
  constructor(
    message: string,
    readonly exitCode: number | undefined,
  ) {
    super(message);
  }
}

/** Runs git in `root`; rejects with a GitFailure (a UserError) that says what failed. */
async function runGit(root: string, args: readonly string[]): Promise<string> {
  const { stdout, stderr, error } = await runGitCommand({
    args: ['-c', 'core.quotepath=off', ...args],
    cwd: root,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    maxBuffer: MAX_OUTPUT_BYTES,
  });
  if (!error) return stdout;
  if (error.code === 'ENOENT') throw new GitFailure('git is not installed or not on PATH; --staged and --changed need it', undefined);
  const command = args.find((arg, i) => !arg.startsWith('-') && args[i - 1] !== '-c');
  throw new GitFailure(`git ${command} failed in ${root}: ${stderr.trim() || error.message}`, typeof error.code === 'number' ? error.code : undefined);
}

/** Whether `root` lies inside a git work tree. */
export async function isGitWorkTree(root: string): Promise<boolean> {
  try {
    return (await runGit(root, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/** Whether the repository has a first commit (a fresh `git init` has none). */
export async function hasHead(root: string): Promise<boolean> {
  try {
    await runGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether git ignores `relPath` (build output, dependencies, local files),
 * and whether `root` is in a git work tree at all — one git process for
 * both, as the hook asks after every edit: `check-ignore` exits 0 (ignored)
 * or 1 (not) inside a work tree; on any other failure the work tree is
 * asked for on its own, and the file counts as not ignored.
 */
export async function gitIgnoreStatus(root: string, relPath: string): Promise<'ignored' | 'not-ignored' | 'no-work-tree'> {
  try {
    await runGit(root, ['check-ignore', '-q', '--', relPath]);
    return 'ignored';
  } catch (error) {
    if (error instanceof GitFailure && error.exitCode === 1) return 'not-ignored';
    return (await isGitWorkTree(root)) ? 'not-ignored' : 'no-work-tree';
  }
}

/** Workspace-relative paths of files added, copied, modified or renamed in the index. */
export async function stagedPaths(root: string): Promise<string[]> {
  const out = await runGit(root, ['diff', '--cached', '--name-only', '--diff-filter=ACMR', '--relative', '-z', '--no-ext-diff']);
  return splitNul(out);
}

/**
 * Workspace-relative paths of files changed in the working tree against
 * HEAD (added, copied, modified, renamed) and untracked files git does not
 * ignore; without a first commit, every file git knows or would add.
 */
export async function changedPaths(root: string): Promise<string[]> {
  const untracked = splitNul(await runGit(root, ['ls-files', '--others', '--exclude-standard', '-z']));
  const known = (await hasHead(root))
    ? splitNul(await runGit(root, ['diff', 'HEAD', '--name-only', '--diff-filter=ACMR', '--relative', '-z', '--no-ext-diff']))
    : splitNul(await runGit(root, ['ls-files', '--cached', '-z']));
  return [...new Set([...known, ...untracked])].sort();
}

/** The staged text of one workspace-relative path (`git show :./path`). */
export function stagedText(root: string, relPath: string): Promise<string> {
  return runGit(root, ['show', `:./${relPath}`]);
}

/** Of `relPaths`, those git does not track (and does not ignore). */
export async function untrackedPaths(root: string, relPaths: readonly string[]): Promise<Set<string>> {
  if (relPaths.length === 0) return new Set();
  const out = await runGit(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', ...relPaths]);
  return new Set(splitNul(out));
}

/**
 * `git diff -U0` of `relPaths`: the index against HEAD (`staged`), else the
 * working tree against HEAD. Without a first commit everything counts as new,
 * which the caller handles; this asks git only when HEAD exists.
 */
export function zeroContextDiff(root: string, relPaths: readonly string[], staged: boolean): Promise<string> {
  // For a few paths, git's threads that preload the whole index's stat data cost more than they save (~1 ms a call).
  const preload = relPaths.length <= FEW_PATHS ? ['-c', 'core.preloadIndex=false'] : [];
  const args = [...preload, 'diff', ...(staged ? ['--cached'] : ['HEAD']), '-U0', '--relative', '--no-ext-diff', '--no-color', '--src-prefix=a/', '--dst-prefix=b/'];
  return runGit(root, [...args, '--', ...relPaths]);
}

/** The tracked paths of the roots a warm process asked about last, each as of one state of git's index file. */
const TRACKED_ROOTS = 8;
const trackedByRoot = new SizedLru<{ readonly indexFile: string; readonly stamp: string; readonly paths: ReadonlySet<string> }>(TRACKED_ROOTS);

/**
 * The workspace-relative paths git tracks under `root` (`git ls-files`),
 * listed again only when git's index file changed (an add, a commit, a
 * checkout), so a warm process knows a new file is untracked without
 * asking git. Undefined when git cannot say (no work tree, no git).
 */
export async function trackedPaths(root: string): Promise<ReadonlySet<string> | undefined> {
  // The client's GIT_* variables hold for its call: another index file is another answer.
  const key = [root, process.env['GIT_DIR'], process.env['GIT_INDEX_FILE'], process.env['GIT_WORK_TREE']].join('\0');
  try {
    const known = trackedByRoot.get(key);
    const indexFile = known?.indexFile ?? resolve(root, (await runGit(root, ['rev-parse', '--git-path', 'index'])).trim());
    // Taken before the listing: an index written meanwhile has another stamp, and is listed at the next call.
    const stamp = indexStamp(indexFile);
    if (known?.stamp === stamp) return known.paths;
    const paths = new Set(splitNul(await runGit(root, ['ls-files', '-z'])));
    trackedByRoot.set(key, { indexFile, stamp, paths }, 1);
    return paths;
  } catch {
    return undefined;
  }
}

function indexStamp(indexFile: string): string {
  const stat = statSync(indexFile, { throwIfNoEntry: false, bigint: true });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}` : 'none';
}

function splitNul(out: string): string[] {
  return out.split('\0').filter((p) => p.length > 0);
}
