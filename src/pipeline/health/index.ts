/**
 * @fileoverview Health checks of a workspace (`review-guard doctor`, and any
 * adapter that wants the same answers): config, workspace root, the syntax
 * binding, Ollama, chat model, embedding model, index. Each check is one line with a fix;
 * none throws, so one broken part never hides the state of the others.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { CONFIG_FILE_NAME, type Config, loadConfig, PACKAGE_JSON_ORIGIN, type LoadedConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { realOrSelf, type RootChoice } from '../workspace.js';
import { indexCheck } from './index-check.js';
import { syntaxCheck } from './syntax-check.js';
import { cachedProber, chatModelCheck, embedderCheck, ollamaCheck } from './model-checks.js';
import { check, verdictOf, type HealthCheck, type HealthReport } from './report.js';

/** Short: a running Ollama answers /api/version in milliseconds; a dead host should not hold the doctor up. */
const DEFAULT_PROBE_TIMEOUT_MS = 3000;

export interface HealthOptions {
  /** The root and how it was chosen (`locateWorkspaceRoot`). */
  readonly root: RootChoice;
  /** Where the command was run, to explain the choice. */
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Limit for each request to Ollama (default {@link DEFAULT_PROBE_TIMEOUT_MS}). */
  readonly probeTimeoutMs?: number;
}

/** Runs every check; the report lists them in a fixed order. */
export async function runHealthChecks(options: HealthOptions): Promise<HealthReport> {
  const { root } = options.root;
  const env = options.env ?? process.env;
  const probe = cachedProber(options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
  const loaded = await loadConfig(root).catch((error: unknown) => {
    if (error instanceof ConfigError) return error;
    throw error;
  });
  const config: Config | undefined = loaded instanceof ConfigError ? undefined : loaded.config;
  const skipped = (id: 'ollama' | 'chat-model' | 'embedder'): Promise<HealthCheck> =>
    Promise.resolve(check(id, 'info', 'not checked until the config is valid'));
  const checks = await Promise.all([
    configCheck(loaded),
    workspaceCheck(options.root, options.cwd),
    syntaxCheck(),
    config ? ollamaCheck(config, env, probe) : skipped('ollama'),
    config ? chatModelCheck(config, env, probe) : skipped('chat-model'),
    config ? embedderCheck(config, root, env, probe) : skipped('embedder'),
    indexCheck(root, config),
  ]);
  return { root, checks, verdict: verdictOf(checks) };
}

function configCheck(loaded: LoadedConfig | ConfigError): HealthCheck {
  if (loaded instanceof ConfigError) {
    const where = loaded.listed ? 'each key named' : loaded.key ? `the key "${loaded.key}"` : 'the file';
    return check('config', 'error', loaded.oneLine, {
      fix: `correct ${where} as the message says (every option: README "Configuration", or review-guard.schema.json)`,
      ...(loaded.key ? { details: { key: loaded.key } } : {}),
    });
  }
  const details = { origin: loaded.origin, ...(loaded.source ? { source: loaded.source } : {}) };
  const message =
    loaded.origin === 'defaults'
      ? 'no review-guard.config.json or package.json "reviewGuard": every option has its default'
      : `${loaded.origin === 'config-file' ? CONFIG_FILE_NAME : PACKAGE_JSON_ORIGIN} is valid`;
  if (loaded.notes.length > 0) {
    return check('config', 'warn', `${message}; but ${loaded.notes.join('; ')}`, { fix: 'keep the settings in one place', details });
  }
  return check('config', 'ok', message, { details });
}

async function workspaceCheck(choice: RootChoice, cwd: string): Promise<HealthCheck> {
  const { root } = choice;
  const details = { root, chosenBy: choice.chosenBy, cwd };
  const writable = await access(root, constants.W_OK).then(() => true, () => false);
  if (!writable) {
    return check('workspace', 'warn', `${root} is not writable, so the index cannot be saved in it`, { fix: 'run as a user who may write there, or pass --root', details });
  }
  switch (choice.chosenBy) {
    case 'flag':
      return check('workspace', 'ok', `${root} (from --root)`, { details });
    case 'cwd':
      return check('workspace', 'info', `${root}: the current folder, as no folder above it holds .git or a review-guard config`, {
        fix: 'run inside the repository, add review-guard.config.json at its root, or pass --root',
        details,
      });
    default: {
      const where = root === realOrSelf(cwd) ? 'the current folder' : `the nearest folder above ${cwd}`;
      return check('workspace', 'ok', `${root}: ${where} holding ${choice.marker}`, { details });
    }
  }
}
