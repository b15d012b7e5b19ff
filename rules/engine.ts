/**
 * @fileoverview Runs the deterministic rules over one parsed file. Settings
 * are validated up front (a bad option is a user error, raised before any
 * rule runs); a rule that throws is contained and reported, never fatal.
 */
import type { z } from 'zod';
import type { SourceFile } from '../syntax/index.js';
import { formatMessage, SEVERITIES, type Rule, type RuleViolation, type Severity } from './define-rule.js';
import { getRule, RULE_IDS } from './index.js';

/**
 * One rule's configuration: `off` disables it; a missing severity keeps the
 * rule's default (config files accept `{options}` alone); options are
 * checked by the rule's schema.
 */
interface RuleSetting {
  readonly severity?: Severity | 'off';
  readonly options?: unknown;
}

/** Settings by rule id; a rule without an entry runs with its defaults. */
export type RuleSettings = Record<string, RuleSetting>;

/** A violation, formatted and with its configured severity. */
export interface RuleResult extends RuleViolation {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly message: string;
}

/** One bad setting: its config path (e.g. `rules.max-lines.max`) and what is wrong. */
interface SettingProblem {
  readonly key: string;
  readonly reason: string;
}

/** Settings that do not validate. The message names every problem with its key. */
export class RuleOptionsError extends Error {
  override readonly name = 'RuleOptionsError';
  /** The first offending key, for callers that point at one place. */
  readonly key: string;

  constructor(readonly problems: readonly [SettingProblem, ...SettingProblem[]]) {
    super(problems.map(({ key, reason }) => `${key}: ${reason}`).join('; '));
    this.key = problems[0].key;
  }
}

interface EnabledRule {
  readonly rule: Rule;
  readonly severity: Severity;
  readonly options: unknown;
}

const CRASH_TEMPLATE = 'rule "{{rule}}" crashed: {{reason}}';

/** Checks every rule id, severity and options object; throws a RuleOptionsError for the first rule set wrong. */
export function validateRuleSettings(settings: RuleSettings): void {
  resolveRules(settings);
}

/** Runs every enabled deterministic rule on `file`, in rule-id order. */
export function runRules(file: SourceFile, settings: RuleSettings): RuleResult[] {
  const enabled = resolveRules(settings).filter(({ rule }) => rule.check);
  if (enabled.length === 0) return [];
  const declarations = file.declarations;
  return enabled.flatMap(({ rule, severity, options }) => {
    try {
      const violations = rule.check!({ file, declarations, options });
      return violations.map((violation) => toResult(rule, severity, violation));
    } catch (error) {
      return [crashResult(rule.meta.id, error)];
    }
  });
}

// Settings come from a config loaded once and are passed for every file: parse them once per settings object.
const resolved = new WeakMap<RuleSettings, EnabledRule[]>();

/** Every enabled rule (model rules included) with its severity and parsed options. */
function resolveRules(settings: RuleSettings): EnabledRule[] {
  let rules = resolved.get(settings);
  if (!rules) resolved.set(settings, (rules = parseSettings(settings)));
  return rules;
}

/**
 * A rule's severity: the configured one, else the stage's proposal (the
 * model proposes one per finding), else the catalog default.
 */
export function severityOf(settings: RuleSettings, ruleId: string, proposed?: Severity): Severity | 'off' {
  const setting = Object.hasOwn(settings, ruleId) ? settings[ruleId] : undefined;
  return setting?.severity ?? proposed ?? getRule(ruleId)?.meta.defaultSeverity ?? 'warning';
}

function parseSettings(settings: RuleSettings): EnabledRule[] {
  for (const id of Object.keys(settings)) {
    if (!getRule(id)) throw new RuleOptionsError([{ key: `rules.${id}`, reason: `unknown rule (known rules: ${RULE_IDS.join(', ')})` }]);
  }
  return RULE_IDS.flatMap((id) => {
    const rule = getRule(id)!;
    const setting = Object.hasOwn(settings, id) ? settings[id] : undefined;
    const severity = severityOf(settings, id);
    if (severity !== 'off' && !SEVERITIES.includes(severity)) {
      const reason = `expected off, ${SEVERITIES.join(', ')}; got ${JSON.stringify(severity)}`;
      throw new RuleOptionsError([{ key: `rules.${id}.severity`, reason }]);
    }
    // Options are validated even for disabled rules, so a typo does not wait to bite until the rule is enabled.
    const options = parseOptions(rule, setting?.options ?? {});
    return severity === 'off' ? [] : [{ rule, severity, options }];
  });
}

function parseOptions(rule: Rule, raw: unknown): unknown {
  const parsed = rule.meta.options.safeParse(raw);
  if (parsed.success) return parsed.data;
  const [first, ...rest] = parsed.error.issues.flatMap((issue) => issueProblems(`rules.${rule.meta.id}`, issue));
  throw new RuleOptionsError([first!, ...rest]);
}

/** `rules.naming.function.formats[0]: …`; each unknown key is named itself rather than its parent object. */
function issueProblems(prefix: string, issue: z.core.$ZodIssue): SettingProblem[] {
  const keyOf = (path: readonly PropertyKey[]): string =>
    prefix + path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('');
  if (issue.code !== 'unrecognized_keys') return [{ key: keyOf(issue.path), reason: issue.message }];
  return issue.keys.map((key) => ({ key: keyOf([...issue.path, key]), reason: 'unknown option' }));
}

function toResult(rule: Rule, severity: Severity, violation: RuleViolation): RuleResult {
  const template = rule.meta.messages[violation.messageId];
  // Thrown inside the rule's try, so a bad messageId reads as that rule's crash.
  if (template === undefined) throw new Error(`unknown messageId "${violation.messageId}"`);
  return { ...violation, ruleId: rule.meta.id, severity, message: formatMessage(template, violation.data) };
}

function crashResult(ruleId: string, error: unknown): RuleResult {
  const data = { rule: ruleId, reason: error instanceof Error ? error.message : String(error) };
  return { ruleId, severity: 'info', messageId: 'crashed', data, message: formatMessage(CRASH_TEMPLATE, data) };
}
