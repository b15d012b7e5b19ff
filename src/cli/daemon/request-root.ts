/**
 * @fileoverview The workspace root a warm call will use, found as the
 * command finds it in process: the daemon computes it for each request (so
 * the client loads none of this), and the client only to name the root a
 * new daemon warms first.
 */
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { parseArgs } from 'node:util';
import { findWorkspaceRoot, locateWorkspaceRoot } from '../../pipeline/workspace-root.js';
import { CLI_OPTIONS } from '../arg-options.cjs';
import { hookCwd } from '../hook/hosts.js';

/** The root for `argv` run in `cwd` (a hook: around the folder its stdin names); undefined when in doubt. */
export function requestRoot(argv: readonly string[], cwd: string, stdin: string | undefined): string | undefined {
  try {
    const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: CLI_OPTIONS });
    if (positionals[0] !== 'hook') return locateWorkspaceRoot(cwd, values.root).root;
    // The hook's workspace is the project around the folder the agent runs in (as runHook finds it).
    const folder = hookCwd(JSON.parse(stdin ?? ''));
    return folder !== undefined && isAbsolute(folder) && existsSync(folder) ? findWorkspaceRoot(folder) : undefined;
  } catch {
    return undefined;
  }
}
