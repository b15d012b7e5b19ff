/**
 * @fileoverview How the entries init writes should start review-guard,
 * judged by how this very run was started: from the project's
 * node_modules (a local install), else from a `review-guard` on the PATH (a
 * global install), else through `npx -y` (run once with npx, installed
 * nowhere). An entry that names node_modules/.bin after a global install
 * fails on every call (exit 127), so this is decided, not assumed.
 */
import { accessSync, constants, realpathSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { isWithinRoot, realOrSelf } from '../../pipeline/index.js';
import { GLOBAL_LAUNCH, LOCAL_LAUNCH, NPX_LAUNCH, type Launch } from '../claude-code.js';
import { PACKAGE_NAME } from '../../version.cjs';

/** `script` is the running CLI (process.argv[1]); `env` supplies PATH. */
export function detectLaunch(root: string, script: string | undefined, env: NodeJS.ProcessEnv): Launch {
  if (script !== undefined && isProjectInstall(root, script)) return LOCAL_LAUNCH;
  return onPath(env) ? GLOBAL_LAUNCH : NPX_LAUNCH;
}

/** The script lies under the root's node_modules, as written or once its links are followed. */
function isProjectInstall(root: string, script: string): boolean {
  const modules = join(realpathSync(root), 'node_modules');
  return [script, realOrSelf(script)].some((path) => isWithinRoot(modules, path));
}

/**
 * A `review-guard` executable in a PATH folder that is not a node_modules/.bin:
 * npx and `npm exec` put their own (temporary or project) .bin folders first,
 * and those are no global install.
 */
function onPath(env: NodeJS.ProcessEnv): boolean {
  const names = process.platform === 'win32' ? [`${PACKAGE_NAME}.cmd`, `${PACKAGE_NAME}.exe`] : [PACKAGE_NAME];
  const folders = (env['PATH'] ?? '').split(delimiter).filter((folder) => folder !== '' && !folder.split(sep).includes('node_modules'));
  return folders.some((folder) => names.some((name) => isExecutable(join(folder, name))));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
