/**
 * @fileoverview Command-line options of the duplicate-detection benchmark.
 */
import { EDIT_TYPES, RANKING_EDIT_TYPES, type EditType } from './edits/registry.js';

export interface BenchOptions {
  readonly corpus: string;
  readonly seed: number;
  readonly samples: number;
  readonly fpSamples: number;
  readonly minCodeLines: number;
  readonly json?: string;
  readonly types: readonly EditType[];
  /** Keep every query's text in the JSON output (for reading misses). */
  readonly withText: boolean;
}

export const USAGE = `usage: node dist/bench/eval-duplicates.js <corpus-path> [--seed N] [--samples N] [--fp-samples M]
       [--min-lines N] [--types a,b,…] [--json out.json] [--with-text]
edit types: ${EDIT_TYPES.join(', ')}`;

/** Parses argv (without node and the script); throws with the usage on bad input. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  let corpus: string | undefined;
  const values = new Map<string, string>();
  let withText = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--with-text') withText = true;
    else if (arg.startsWith('--')) {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      values.set(arg.slice(2), value);
    } else if (corpus === undefined) corpus = arg;
    else throw new Error(`unexpected argument "${arg}"\n${USAGE}`);
  }
  if (!corpus) throw new Error(USAGE);
  for (const key of values.keys()) {
    if (!['seed', 'samples', 'fp-samples', 'min-lines', 'types', 'json'].includes(key)) throw new Error(`unknown option --${key}\n${USAGE}`);
  }
  const int = (key: string, fallback: number): number => {
    const raw = values.get(key);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${key} expects a non-negative integer, got "${raw}"`);
    return n;
  };
  const types = (values.get('types')?.split(',') ?? [...RANKING_EDIT_TYPES]).map((t) => t.trim());
  const unknown = types.filter((t) => !(EDIT_TYPES as readonly string[]).includes(t));
  if (unknown.length > 0) throw new Error(`unknown edit type(s) ${unknown.join(', ')}\n${USAGE}`);
  const json = values.get('json');
  return {
    corpus,
    seed: int('seed', 1),
    samples: int('samples', 200),
    fpSamples: int('fp-samples', 300),
    minCodeLines: int('min-lines', 8),
    types: types as EditType[],
    withText,
    ...(json !== undefined ? { json } : {}),
  };
}
