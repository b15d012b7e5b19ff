/**
 * @fileoverview Finds and validates the workspace's configuration:
 * `review-guard.config.json` at the root, else the `"reviewGuard"` key of
 * the root's package.json, else the defaults. The file wins when both exist,
 * with a note, so the user is never left guessing which one counts. Errors
 * name the key, the bad value and what is allowed.
 */
import { join } from 'node:path';
import { readBeforeRewrite, readInsideRoot, WorkspaceLinkError, type LinkPolicy } from '../../../workspace/index.js';
import { RuleOptionsError, validateRuleSettings, type RuleSettings } from '../../../rules/engine.js';
import { configErrorFromIssues } from './errors.js';
import { CONFIG_FILE_NAME, ConfigSchema, PACKAGE_JSON_KEY, type Config, type RuleLevelSetting } from './schema.js';
import { ConfigError } from '../errors.js';

/** Where the settings came from. */
type ConfigOrigin = 'config-file' | 'package-json' | 'defaults';

/** The validated config and the rule settings derived from it. */
export interface LoadedConfig {
  readonly config: Config;
  readonly ruleSettings: RuleSettings;
  /** The file it came from (the config file or package.json), or undefined when defaults are used. */
  readonly source?: string;
  readonly origin: ConfigOrigin;
  /** Things worth telling the user about how the config was found (e.g. both places hold settings). */
  readonly notes: readonly string[];
}

/** How messages name the package.json settings. */
export const PACKAGE_JSON_ORIGIN = `package.json "${PACKAGE_JSON_KEY}"`;

/** Loads and validates the workspace's config; defaults when there is none. Throws ConfigError. */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const [filePath, packagePath] = configPaths(root);
  const notes: string[] = [];
  // package.json is not ours: one we cannot read costs its settings and a note, not the review.
  const packageRead = readOptional(root, 'package.json').catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    notes.push(`${error.message}; any "${PACKAGE_JSON_KEY}" settings in it were not read`);
    return undefined;
  });
  const [fileText, packageText] = await Promise.all([readOptional(root, CONFIG_FILE_NAME), packageRead]);
  const fromPackage = packageText === undefined ? { found: false as const } : packageSettings(packageText);
  if (fromPackage.found === 'unparsable') {
    notes.push(`package.json is not valid JSON, so any "${PACKAGE_JSON_KEY}" settings in it were not read`);
  }
  if (fileText !== undefined) {
    if (fromPackage.found === true) {
      notes.push(`both ${CONFIG_FILE_NAME} and ${PACKAGE_JSON_ORIGIN} hold settings; ${CONFIG_FILE_NAME} is used, the package.json key is ignored (remove one)`);
    }
    return { ...configFrom(parseJson(fileText, CONFIG_FILE_NAME), CONFIG_FILE_NAME), source: filePath, origin: 'config-file', notes };
  }
  if (fromPackage.found === true) {
    return { ...configFrom(fromPackage.value, PACKAGE_JSON_ORIGIN), source: packagePath, origin: 'package-json', notes };
  }
  return { ...configFrom({}, CONFIG_FILE_NAME), origin: 'defaults', notes };
}

/** The files the config is read from: the config file, then package.json. */
export function configPaths(root: string): readonly [string, string] {
  return [join(root, CONFIG_FILE_NAME), join(root, 'package.json')];
}

function parseJson(text: string, origin: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${origin}: not valid JSON (${(error as Error).message})`);
  }
}

/**
 * The validated config and its rule settings. The rule settings keep each
 * rule's options as written: the engine parses them, filling in defaults
 * (once, see rules/engine.ts).
 */
function configFrom(value: unknown, origin: string): { config: Config; ruleSettings: RuleSettings } {
  const parsed = ConfigSchema.safeParse(value);
  if (!parsed.success) throw configErrorFromIssues(parsed.error, value, origin);
  const written = (value as { rules?: Record<string, RuleLevelSetting | undefined> }).rules ?? {};
  const ruleSettings: RuleSettings = {};
  for (const [id, setting] of Object.entries(written)) {
    if (setting !== undefined) ruleSettings[id] = normalizeRuleSetting(setting);
  }
  try {
    validateRuleSettings(ruleSettings);
  } catch (error) {
    if (error instanceof RuleOptionsError) throw new ConfigError(`${origin}: ${error.message}`, error.key);
    throw error;
  }
  return { config: parsed.data, ruleSettings };
}

/**
 * The text of workspace file `name` (a root-relative POSIX path), or
 * undefined when it does not exist. Read through the workspace guard: a
 * symlink whose target is inside the root is followed; one that leads
 * outside is refused unread, so no outside content reaches an error
 * message. Every refusal is a ConfigError naming `name` and the fix.
 */
export async function readOptional(root: string, name: string): Promise<string | undefined> {
  const read = await readInsideRoot(root, join(root, ...name.split('/')), { links: 'inside' });
  if (read.ok) return read.bytes.toString('utf8');
  switch (read.problem) {
    case 'missing':
      return undefined;
    case 'outside':
      throw new ConfigError(`${name} resolves through a symlink to a file outside the workspace root, so it is not read; put the file itself at ${name} (or remove the link)`);
    case 'link':
      throw new ConfigError(`${name} was replaced while it was read; run again`);
    case 'not-file':
      throw new ConfigError(`${name} is not a regular file; put a file there (or remove it)`);
    default:
      throw new ConfigError(`${name}: cannot read it (${read.problem === 'unreadable' ? read.code : read.problem})`);
  }
}

/**
 * `readOptional` for a workspace file review-guard rewrites (`relPath` under
 * `root`): judged by the write's link policy first, so a refused link is
 * never read (a WorkspaceLinkError); a ConfigError when it cannot be read.
 */
export async function readForRewrite(root: string, relPath: string, links: LinkPolicy): Promise<string | undefined> {
  try {
    return await readBeforeRewrite(root, relPath, links);
  } catch (error) {
    if (error instanceof WorkspaceLinkError) throw error;
    throw new ConfigError(`${relPath}: cannot read it (${(error as Error).message})`);
  }
}

type PackageSettings = { found: true; value: unknown } | { found: false } | { found: 'unparsable' };

function packageSettings(text: string): PackageSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { found: 'unparsable' };
  }
  if (typeof json !== 'object' || json === null || !Object.hasOwn(json, PACKAGE_JSON_KEY)) return { found: false };
  return { found: true, value: (json as Record<string, unknown>)[PACKAGE_JSON_KEY] };
}

function normalizeRuleSetting(setting: RuleLevelSetting): RuleSettings[string] {
  if (typeof setting === 'string') return { severity: setting };
  if (Array.isArray(setting)) return { severity: setting[0], options: setting[1] };
  return { severity: setting.severity, options: setting.options };
}
