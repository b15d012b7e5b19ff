/**
 * @fileoverview Reads `review-guard.config.json` from the workspace root and
 * validates it, including each rule's options. Errors name the key, the bad
 * value and what is allowed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { RuleOptionsError, validateRuleSettings, type RuleSettings } from '../../rules/engine.js';
import { CONFIG_FILE_NAME, ConfigSchema, type Config, type RuleLevelSetting } from './config-schema.js';
import { ConfigError } from './errors.js';

/** The validated config and the rule settings derived from it. */
export interface LoadedConfig {
  readonly config: Config;
  readonly ruleSettings: RuleSettings;
  /** The file it came from, or undefined when defaults are used. */
  readonly source?: string;
}

/** Loads and validates the workspace's config; defaults when there is none. */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const path = join(root, CONFIG_FILE_NAME);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return withRuleSettings(ConfigSchema.parse({}));
    throw new ConfigError(`${CONFIG_FILE_NAME}: cannot read it (${(error as Error).message})`);
  }
  return { ...withRuleSettings(parseConfigText(text, CONFIG_FILE_NAME)), source: path };
}

/** Parses and validates config JSON; `origin` names the file in messages. */
export function parseConfigText(text: string, origin: string): Config {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${origin}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = ConfigSchema.safeParse(json);
  if (!parsed.success) throw configErrorFrom(parsed.error, origin);
  return parsed.data;
}

function configErrorFrom(error: z.ZodError, origin: string): ConfigError {
  const issue = error.issues[0]!;
  const key = issue.path.join('.') || '(root)';
  let detail = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const unknown = issue.keys.map((k) => (key === '(root)' ? k : `${key}.${k}`));
    return new ConfigError(`${origin}: unknown key ${unknown.map((k) => `"${k}"`).join(', ')}`, unknown[0]);
  }
  if (issue.code === 'invalid_union' && issue.path[0] === 'rules') {
    detail = 'expected "off", "info", "warning", "error", ["<level>", {options}] or {"severity", "options"}';
  }
  return new ConfigError(`${origin}: "${key}": ${detail}`, key);
}

function withRuleSettings(config: Config): LoadedConfig {
  const ruleSettings: RuleSettings = {};
  for (const [id, setting] of Object.entries(config.rules)) ruleSettings[id] = normalizeRuleSetting(setting);
  try {
    validateRuleSettings(ruleSettings);
  } catch (error) {
    if (error instanceof RuleOptionsError) throw new ConfigError(`${CONFIG_FILE_NAME}: ${error.message}`, error.key);
    throw error;
  }
  return { config, ruleSettings };
}

function normalizeRuleSetting(setting: RuleLevelSetting): RuleSettings[string] {
  if (typeof setting === 'string') return { severity: setting };
  if (Array.isArray(setting)) return { severity: setting[0], options: setting[1] };
  return { severity: setting.severity, options: setting.options };
}
