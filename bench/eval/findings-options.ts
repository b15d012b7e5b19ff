/**
 * @fileoverview Command-line options of the findings harness
 * (`bench/eval-findings.ts`).
 */
import { parseArgs } from 'node:util';
import { EDIT_TYPES, FINDING_EDIT_TYPES, type EditType } from './edits/registry.js';

export interface FindingsOptions {
  readonly corpus: string;
  readonly seed: number;
  readonly samples: number;
  readonly minCodeLines: number;
  readonly types: readonly EditType[];
  /** A second corpus whose functions, renamed, must not be reported as copies. */
  readonly foreign?: string;
  readonly foreignSamples: number;
  /** Untouched corpus functions reviewed as they are. */
  readonly untouched: number;
  readonly jscpd: boolean;
  readonly json?: string;
  /** A written-set folder (`bench/written/<corpus>`): measure its copies instead of generated edits. */
  readonly written?: string;
  /** With `written`: only check the set against the corpus, review nothing. */
  readonly check: boolean;
  /** With `written`: review with the model stage on, against an oracle double of Ollama (written/oracle.ts). */
  readonly oracle: boolean;
}

export const USAGE = `usage: node dist/bench/eval-findings.js <corpus-path> [--samples N] [--seed N] [--types a,b,…]
       [--foreign <corpus-path>] [--foreign-samples N] [--untouched N] [--min-lines N] [--json out.json] [--no-jscpd]
       node dist/bench/eval-findings.js --written <set-folder> <corpus-path> [--check] [--json out.json] [--no-jscpd]
edit types (default): ${FINDING_EDIT_TYPES.join(', ')}
also: ${EDIT_TYPES.filter((t) => !FINDING_EDIT_TYPES.includes(t)).join(', ')} (none: the unedited function)`;

/** Parses argv (without node and the script); throws with the usage on bad input. */
export function parseFindingsOptions(argv: readonly string[]): FindingsOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new Error(positionals.length === 0 ? USAGE : `expected one corpus path, got ${positionals.length}: ${positionals.join(' ')}\n${USAGE}`);
  const int = (key: keyof typeof values, fallback: number): number => {
    const raw = values[key];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(n)) throw new Error(`--${key} expects a non-negative integer, got "${String(raw)}"`);
    return n;
  };
  if ((values.check || values.oracle) && values.written === undefined) throw new Error(`--check and --oracle need --written <set-folder>\n${USAGE}`);
  const types = (values.types?.split(',') ?? [...FINDING_EDIT_TYPES]).map((t) => t.trim()).filter(Boolean);
  const unknown = types.filter((t) => !(EDIT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0) throw new Error(`unknown edit type(s) ${unknown.join(', ')}\n${USAGE}`);
  return {
    corpus: positionals[0]!,
    seed: int('seed', 1),
    samples: int('samples', 200),
    minCodeLines: int('min-lines', 8),
    types: types as EditType[],
    foreignSamples: int('foreign-samples', 100),
    untouched: int('untouched', 100),
    jscpd: !values['no-jscpd'] && !values.oracle,
    oracle: values.oracle === true,
    ...(values.foreign !== undefined ? { foreign: values.foreign } : {}),
    ...(values.json !== undefined ? { json: values.json } : {}),
    ...(values.written !== undefined ? { written: values.written } : {}),
    check: values.check === true,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      seed: { type: 'string' },
      samples: { type: 'string' },
      'min-lines': { type: 'string' },
      types: { type: 'string' },
      foreign: { type: 'string' },
      'foreign-samples': { type: 'string' },
      untouched: { type: 'string' },
      json: { type: 'string' },
      'no-jscpd': { type: 'boolean' },
      written: { type: 'string' },
      check: { type: 'boolean' },
      oracle: { type: 'boolean' },
    },
  });
}
